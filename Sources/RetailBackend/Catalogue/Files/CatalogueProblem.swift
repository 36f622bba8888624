/// Something wrong with a catalogue, where it is: `campaigns/winter.json:12: error: …`.
///
/// An error refuses the catalogue (the server keeps the last good one); a warning is a
/// catalogue that loads but probably does not say what its author meant (a query that matches
/// nothing, two heroes for the same audience at the same time). `vitrine catalogue check`
/// reports both.
public struct CatalogueProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    /// The file, relative to the catalogue directory (`campaigns/winter.json`); empty for the
    /// directory itself.
    public var file: String
    /// 1-based; `nil` for a file as a whole (unreadable, too large).
    public var line: Int?
    public var severity: Severity
    /// Catalogue text quoted in it is as written: printers make it safe for a terminal.
    public var message: String

    public init(file: String, line: Int?, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.severity = severity
        self.message = message
    }

    public var isError: Bool { severity == .error }

    /// `FILE:LINE: severity: message`, the file as `directory` names it.
    public func formatted(in directory: String = "") -> String {
        var place = directory.isEmpty ? file : file.isEmpty ? directory : directory.hasSuffix("/") ? directory + file : directory + "/" + file
        if place.isEmpty { place = "." }
        if let line { place += ":\(line)" }
        return "\(place): \(severity.rawValue): \(message)"
    }

    public var description: String { formatted() }

    /// In file order, then line, then errors before warnings.
    static func ordered(_ problems: [CatalogueProblem]) -> [CatalogueProblem] {
        problems.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
            if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
            if a.severity != b.severity { return a.isError }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
