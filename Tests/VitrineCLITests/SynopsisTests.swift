import Foundation
import Testing
@testable import VitrineCLI

/// The synopses people read are the commands' own: `vitrine --help` is every command's usage
/// (each written once, beside its parser), README's "The executable" block is that help line
/// for line, and docs/CONTRACT.md names every option it lists.
@Suite struct SynopsisTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theReadmesSynopsisIsTheHelpLineForLine() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## The executable\n\n```text\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let block = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let help = CommandLineTool.usage.split(separator: "\n").map { String($0.dropFirst(7)) }
        #expect(block == help)
    }

    @Test func theContractNamesEveryOptionOfEveryCommand() throws {
        let contract = try String(contentsOf: Self.root.appendingPathComponent("docs/CONTRACT.md"), encoding: .utf8)
        let options = Set(CommandLineTool.usage.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
        #expect(options.count > 30)
        for option in options.sorted() { #expect(contract.contains(option), "docs/CONTRACT.md does not name \(option)") }
    }

    @Test func theHelpHoldsEveryCommandsOwnUsage() {
        for usage in [AppOptions.usage, LintCommand.usage, RenderCommand.usage, ServeCommand.usage, CatalogueCommand.usage] {
            for line in usage.split(separator: "\n") {
                #expect(CommandLineTool.usage.contains(String(line.dropFirst(7))), "\(line)")
            }
        }
    }
}
