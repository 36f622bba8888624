import Foundation
import Testing

/// A recipe of docs/ARCHITECTURE.md is code that compiles and runs: each `Recipe:` section
/// names, in backticks, the test file whose code is the recipe, and that file exists; a `swift`
/// block of the document appears, line for line, in a file a recipe names.
@Suite struct RecipesInTheDocsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let architecture = root.appendingPathComponent("docs/ARCHITECTURE.md")

    /// Each recipe's title and the `Tests/…swift` paths its section names in backticks.
    static func recipes(of markdown: String) -> [(title: String, files: [String])] {
        var recipes: [(title: String, files: [String])] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                let heading = line.drop { $0 == "#" || $0 == " " }
                if heading.hasPrefix("Recipe:") {
                    recipes.append((String(heading.dropFirst("Recipe:".count)).trimmingCharacters(in: .whitespaces), []))
                } else if let last = recipes.last, !last.title.isEmpty {
                    recipes.append(("", []))
                }
                continue
            }
            guard let last = recipes.indices.last, !recipes[last].title.isEmpty else { continue }
            let spans = line.split(separator: "`", omittingEmptySubsequences: false)
            for (index, span) in spans.enumerated() where index % 2 == 1 && span.hasPrefix("Tests/") && span.hasSuffix(".swift") {
                recipes[last].files.append(String(span))
            }
        }
        return recipes.filter { !$0.title.isEmpty }
    }

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

    @Test func everyRecipeNamesTheTestFileThatIsIt() throws {
        let recipes = Self.recipes(of: try String(contentsOf: Self.architecture, encoding: .utf8))
        #expect(recipes.map(\.title).contains("add a widget type"))
        for recipe in recipes {
            #expect(!recipe.files.isEmpty, "\(recipe.title) names no test file")
            for file in recipe.files {
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path), "\(recipe.title): no \(file)")
            }
        }
    }

    @Test func everySwiftBlockOfTheArchitectureIsCompiledInARecipesFile() throws {
        let markdown = try String(contentsOf: Self.architecture, encoding: .utf8)
        let files = Set(Self.recipes(of: markdown).flatMap(\.files))
        let code = try files.map { try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8) }
        for block in Self.swiftBlocks(of: markdown) {
            #expect(code.contains { $0.contains(block) }, "not compiled anywhere:\n\(block)")
        }
    }

    @Test func recipesAreReadUpToTheNextHeading() {
        let markdown = "## Recipe: one\nSee `Tests/A/One.swift`.\n## Other\n`Tests/B/Two.swift`\n### Recipe: two\n`Tests/C/Three.swift` and `make`\n"
        let recipes = Self.recipes(of: markdown)
        #expect(recipes.map(\.title) == ["one", "two"])
        #expect(recipes.map(\.files) == [["Tests/A/One.swift"], ["Tests/C/Three.swift"]])
    }

    @Test func blocksAreReadWithoutTheirListsIndentation() {
        let markdown = "1. Step\n   ```swift\n   struct A {\n       var b = 1\n   }\n   ```\n```swift\nlet c = 2\n```\n"
        #expect(Self.swiftBlocks(of: markdown) == ["struct A {\n    var b = 1\n}", "let c = 2"])
    }
}
