import Foundation
import Testing

/// A copy of the repository's demo catalogue (`Sources/RetailBackend/DemoCatalogue`) in a
/// temporary directory, for a test to break, edit and hand to `vitrine catalogue` or
/// `vitrine serve --catalogue`. Edits write whole files (as an editor saves), and say at which
/// line of the edited file their change is, so a test expects `FILE:LINE` from the text itself.
struct CatalogueFixture {
    /// The repository's demo catalogue.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RetailBackend/DemoCatalogue")
    /// The instant its files are written at (`DemoCatalogue.fileAnchor`).
    static let fileAnchor = "2027-01-15T08:00:00Z"

    let directory: URL

    /// A fresh copy.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-catalogue-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.repository, to: directory)
    }

    var path: String { directory.path }

    func url(_ file: String) -> URL {
        directory.appendingPathComponent(file)
    }

    func text(_ file: String) throws -> String {
        try String(contentsOf: url(file), encoding: .utf8)
    }

    /// Writes `file` whole, through a temporary file renamed over it (as editors save).
    func write(_ file: String, _ text: String) throws {
        try Data(text.utf8).write(to: url(file), options: .atomic)
    }

    /// Replaces the first `old` of `file` by `new`; returns the 1-based line where `new` starts.
    @discardableResult
    func replace(_ old: String, with new: String, in file: String) throws -> Int {
        let before = try text(file)
        let range = try #require(before.range(of: old), "\(old) is not in \(file)")
        try write(file, before.replacingCharacters(in: range, with: new))
        return before[..<range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
    }

    /// The 1-based line of the first `needle` in `file`.
    func line(of needle: String, in file: String) throws -> Int {
        let text = try text(file)
        let range = try #require(text.range(of: needle), "\(needle) is not in \(file)")
        return text[..<range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
