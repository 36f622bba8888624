import Foundation
import Testing
@testable import VitrineCLI

@Suite struct AppCommandTests {
    @Test func loadsTheWholeHomePageFromTheEmbeddedBackend() async throws {
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(["app", "--locale", "de-DE", "--segment", "vip"], console: captured.console)
        #expect(status == 0, "\(captured.err)")
        #expect(captured.out.contains("(de-DE, vip)"))
        let summary = try #require(captured.out.split(separator: "\n").first { $0.hasPrefix("page home") })
        // Every section of every page was merged, shown, and nothing was reported.
        #expect(summary.hasSuffix("0 diagnostics"))
        let counts = summary.split(separator: ":")[1].split(separator: " ").compactMap { Int($0) }
        #expect(counts.count == 3 && counts[0] == counts[1] && counts[0] > 4)
    }

    @Test func anUnreachableBackendIsAClearError() async {
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(["app", "--backend", "http://127.0.0.1:1"], console: captured.console)
        #expect(status == 1)
        #expect(captured.err.hasPrefix("vitrine app: "))
    }

    @Test func unknownOptionsAreUsageErrors() async {
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(["app", "--colour"], console: captured.console) == 2)
        #expect(captured.err.contains("usage: vitrine app"))
    }
}
