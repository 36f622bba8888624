import Foundation
import Testing

/// A recipe's code in docs/ARCHITECTURE.md is code that compiles and runs: each of its
/// `swift` blocks appears, line for line, in one of this folder's files, whose tests use it.
@Suite struct RecipesInTheDocsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let architecture = folder
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/ARCHITECTURE.md")

    /// The `swift` blocks of `markdown`, each without the indentation of its fence.
    static func swiftBlocks(of markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        var indent = 0
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if current == nil {
                if trimmed == "```swift" {
                    indent = line.count - trimmed.count
                    current = []
                }
            } else if trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current!.append(line.dropFirst(min(indent, line.prefix { $0 == " " }.count)))
            }
        }
        return blocks
    }

    @Test func everySwiftBlockOfTheArchitectureIsCompiledHere() throws {
        let markdown = try String(contentsOf: Self.architecture, encoding: .utf8)
        let blocks = Self.swiftBlocks(of: markdown)
        #expect(blocks.count >= 5, "the recipes show their code")
        let files = try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "RecipesInTheDocsTests.swift" }
        let code = try files.map { try String(contentsOf: $0, encoding: .utf8) }
        for block in blocks {
            #expect(code.contains { $0.contains(block) }, "not compiled anywhere:\n\(block)")
        }
    }

    @Test func blocksAreReadWithoutTheirListsIndentation() {
        let markdown = "1. Step\n   ```swift\n   struct A {\n       var b = 1\n   }\n   ```\n```swift\nlet c = 2\n```\n"
        #expect(Self.swiftBlocks(of: markdown) == ["struct A {\n    var b = 1\n}", "let c = 2"])
    }
}
