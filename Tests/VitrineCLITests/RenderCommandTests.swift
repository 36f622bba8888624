import FlowTerminal
import Foundation
import HTTPServer
import RetailBackend
import Testing
import CommandLineSupport
@testable import VitrineCLI

@Suite struct RenderCommandTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/home.json").path

    func render(_ arguments: [String], environment: [String: String] = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) async -> (status: Int32, out: String, err: String) {
        let captured = CapturedConsole()
        let status = await RenderCommand.run(arguments, console: captured.console, environment: environment)
        return (status, captured.out, captured.err)
    }

    @Test(arguments: [
        [], ["x.json"], ["x.json", "--width", "80"], ["x.json", "--width", "0", "--height", "5"],
        ["x.json", "--width", "80", "--height", "ten"], ["x.json", "--width", "80", "--height", "5", "--scroll", "-1"],
        ["x.json", "--width", "80", "--height", "5", "--frobnicate"], ["a.json", "b.json", "--width", "80", "--height", "5"],
        ["x.json", "--width"],
    ])
    func usageErrorsExit2WithAMessage(arguments: [String]) async {
        let result = await render(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains("usage: vitrine render"))
        #expect(result.out.isEmpty)
    }

    @Test func aPageThatCannotBeReadExits1() async throws {
        let missing = await render(["/nonexistent/page.json", "--width", "40", "--height", "5"])
        #expect(missing.status == 1)
        #expect(missing.err.contains("cannot read"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("render-refused-\(UUID().uuidString).json")
        try Data(#"{"page": {"schema_version": 9}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let refused = await render([file.path, "--width", "40", "--height", "5"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("unsupported schema_version"))
    }

    @Test func plainIsTextOnlyAndEveryLineFits() async {
        let result = await render([Self.example, "--width", "40", "--height", "30", "--plain"])
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 30)
        #expect(!result.out.unicodeScalars.contains { $0.value == 0x1B })
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(result.out.contains("Winter Sale"))
    }

    @Test func colouredOutputIsSGROnly() async {
        let result = await render([Self.example, "--width", "80", "--height", "40"])
        #expect(result.status == 0)
        #expect(result.out.contains("\u{1B}[1m") || result.out.contains("\u{1B}[1;"))
        let sequences = result.out.matches(of: /\x1B\[[0-9;?]*[A-Za-z]/).map { String($0.output) }
        #expect(!sequences.isEmpty)
        #expect(sequences.allSatisfy { $0.hasSuffix("m") }, "no cursor addressing, no clearing: \(Set(sequences.filter { !$0.hasSuffix("m") }))")
        #expect(result.out.split(separator: "\n", omittingEmptySubsequences: false).count == 40)
        let noColor = await render([Self.example, "--width", "80", "--height", "40"], environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(!noColor.out.contains("38;") && !noColor.out.contains("48;"))
        #expect(noColor.out.contains("\u{1B}[1m"), "attributes stay without colour")
        let dumb = await render([Self.example, "--width", "80", "--height", "40"], environment: ["TERM": "dumb"])
        #expect(!dumb.out.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func aURLIsFetchedWithItsImages() async throws {
        let server = try HTTPServer(handler: try HomeBackend(), configuration: .ephemeral)
        defer { server.stop() }
        // A generous deadline: on a loaded machine the backend's pictures take a while to make.
        let result = await render(["\(server.baseURL)/v1/home?locale=en-US&appVersion=2.6.0", "--width", "60", "--height", "30", "--timeout", "300"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("▀"), "images drawn as half blocks")
        let plain = await render(["\(server.baseURL)/v1/home?locale=en-US", "--width", "60", "--height", "30", "--plain"])
        #expect(plain.status == 0)
        #expect(!plain.out.contains("▀"))
        let missing = await render(["\(server.baseURL)/v1/nothing-here", "--width", "60", "--height", "30"])
        #expect(missing.status == 1)
    }

    @Test func debugShowsUnknownWidgetsAsLabelledPlaceholders() async throws {
        let problems = URL(fileURLWithPath: Self.example).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/flowui/problems.json").path
        let quiet = await render([problems, "--width", "60", "--height", "30", "--plain"])
        let debug = await render([problems, "--width", "60", "--height", "30", "--plain", "--debug"])
        #expect(!quiet.out.contains("unknown widget type"))
        #expect(debug.out.contains("unknown widget type"))
        #expect(debug.out.contains("malformed"))
    }
}
