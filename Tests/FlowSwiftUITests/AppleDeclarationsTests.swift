import Foundation
import Testing

/// The declarations of Apple's API in `Sources/AppleDeclarations` (what the SwiftUI sources
/// type-check against on Linux) say where each comes from and agree with the README's table of
/// how each was checked; `AvailabilityTests` holds their uses to their availability.
@Suite struct AppleDeclarationsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AppleDeclarations")

    /// One declaration: the page its comment names and how the comment says it was checked.
    struct Declaration: Hashable, CustomStringConvertible {
        var page: String
        var verified: String
        var description: String { "\(page) (\(verified))" }
    }

    static func sources() throws -> [(name: String, text: String)] {
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
            .sorted { $0.name < $1.name }
    }

    /// A line that declares something: optional attributes and `nonisolated`, then a keyword.
    static func isDeclaration(_ line: String) -> Bool {
        var rest = Substring(line)
        while rest.hasPrefix("@") {
            guard let space = rest.firstIndex(of: " ") else { return false }
            if let open = rest.firstIndex(of: "("), open < space, let close = rest.firstIndex(of: ")") {
                rest = rest[rest.index(after: close)...].drop { $0 == " " }
            } else {
                rest = rest[space...].drop { $0 == " " }
            }
        }
        for prefix in ["nonisolated(unsafe) ", "nonisolated "] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        let keywords = ["public ", "open ", "case ", "associatedtype ", "func ", "var ", "static ", "init", "typealias ", "mutating "]
        return keywords.contains { rest.hasPrefix($0) }
    }

    /// What every declared view or option set needs and no page documents one by one, and the
    /// never-run body of the declarations whose type is opaque (`declared(_:)`, ours).
    static func isWitnessOfEveryType(_ line: String) -> Bool {
        ["typealias Body = Never", "var body: Never", "let rawValue", "func declared<T>("].contains { line.contains($0) }
    }

    /// Every declaration in the sources with its page, or the line that has none.
    static func declarations() throws -> (found: [Declaration], missing: [String]) {
        let pagePattern = /^\/\/ (witness: )?((?:swiftui|uikit|coregraphics|corefoundation|accessibility|swift)\/\S+)/
        var found: [Declaration] = []
        var missing: [String] = []
        for (name, text) in try sources() {
            let lines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, line) in lines.enumerated() where isDeclaration(line) && !isWitnessOfEveryType(line) {
                var above = index - 1
                while above >= 0, lines[above].hasPrefix("@"), !isDeclaration(lines[above]) { above -= 1 }
                var block: [String] = []
                while above >= 0, lines[above].hasPrefix("//") {
                    block.insert(lines[above], at: 0)
                    above -= 1
                }
                guard let first = block.first, let match = first.firstMatch(of: pagePattern) else {
                    missing.append("\(name):\(index + 1): \(line)")
                    continue
                }
                let comment = block.joined(separator: " ")
                let verified = match.output.1 != nil ? "witness"
                    : comment.contains("UNVERIFIED") ? "no"
                    : comment.contains("(LISTED") ? "listed"
                    : comment.contains("(PARTLY") ? "partly"
                    : "yes"
                found.append(Declaration(page: String(match.output.2), verified: verified))
            }
        }
        return (found, missing)
    }

    /// A body of type `Never` behind `some View` is seen through by an optimised build, which
    /// then judges the code after every call to it unreachable (a warning a call in release):
    /// such bodies are `declared(_:)` of a real type.
    @Test func noOpaqueDeclarationHasANeverBody() throws {
        let opaqueNever = /->\s*some\s+\w+[^{]*\{\s*(return\s+)?fatalError\(/
        var found: [String] = []
        for (name, text) in try Self.sources() {
            for (index, line) in text.components(separatedBy: "\n").enumerated() where line.contains(opaqueNever) {
                found.append("\(name):\(index + 1)")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: ", "))")
    }

    @Test func everyDeclarationNamesTheAppleDocumentationPageItIsCopiedFrom() throws {
        let (found, missing) = try Self.declarations()
        #expect(missing.isEmpty, "no page comment above: \(missing.joined(separator: "; "))")
        #expect(found.count > 300, "the declarations were found (\(found.count))")
    }

    /// The README's table is the account of how each declaration was checked: it lists exactly
    /// the pages the sources name, each with the verification its comment gives.
    @Test func theReadmeTableAndTheSourcesAgree() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.matches(of: /^\| `[^`]+` \| `([^`]+)` \| (yes|listed|partly|no|witness) \|/.anchorsMatchLineEndings())
            .map { Declaration(page: String($0.output.1), verified: String($0.output.2)) }
        let declared = try Self.declarations().found
        let inTable = rows.map(\.description).sorted()
        let inSources = declared.map(\.description).sorted()
        #expect(inTable.count == inSources.count, "\(inTable.count) rows for \(inSources.count) declarations")
        #expect(inTable.difference(from: inSources).isEmpty,
                "rows the sources do not have, or lack: \(inTable.difference(from: inSources).map { "\($0)" })")
    }
}
