/// A dotted numeric version. Parts compare numerically and missing parts are 0, so
/// `2.4` == `2.4.0` < `2.10.0` (CONTRACT §4).
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let parts: [Int]

    /// Parses `"2.4.0"`; `nil` for an empty string, a non-numeric or negative part.
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !pieces.isEmpty, pieces.count <= 8 else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.allSatisfy(\.isASCII), let number = Int(piece), number >= 0 else { return nil }
            parts.append(number)
        }
        self.parts = parts
    }

    /// A version from its numeric parts.
    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.parts = [max(0, major), max(0, minor), max(0, patch)]
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    private func part(_ index: Int) -> Int { index < parts.count ? parts[index] : 0 }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) where lhs.part(index) != rhs.part(index) {
            return lhs.part(index) < rhs.part(index)
        }
        return false
    }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    public func hash(into hasher: inout Hasher) {
        var trimmed = parts
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}
