import CommandLineSupport
import FlowCore
import Testing

@testable import VitrineBench

/// `vitrine-bench NAME`: the benchmark's name first, then its options.
@Suite struct BenchCommandTests {
    @Test func anUnknownBenchmarkIsAUsageErrorThatNamesTheKnownOnes() async {
        let captured = CapturedConsole()
        #expect(await BenchCommand.run(["nothing"], console: captured.console) == 2)
        #expect(captured.err.contains("unknown benchmark 'nothing'"))
        #expect(captured.err.contains("slow-clients"))
        let none = CapturedConsole()
        #expect(await BenchCommand.run([], console: none.console) == 2)
        #expect(none.err.contains(BenchProgram.usage))
    }

    /// `vitrine bench page`: the page the benchmarks generate, so that scripts (fuzz seeds,
    /// schema checks) use the same bytes; the same knobs give the same bytes.
    @Test func pagePrintsTheGeneratedPageForItsKnobs() async throws {
        let captured = CapturedConsole()
        let arguments = ["page", "--sections", "3", "--widgets", "2", "--faults", "0", "--seed", "5"]
        #expect(await BenchCommand.run(arguments, console: captured.console) == 0)
        let page = try JSONParser.parse(captured.out)
        #expect(page["page"]?["sections"]?.arrayValue?.count == 3)
        #expect(page["page"]?["request_id"] == "req-5")
        let again = CapturedConsole()
        _ = await BenchCommand.run(arguments, console: again.console)
        #expect(again.out == captured.out)
        let refused = CapturedConsole()
        #expect(await BenchCommand.run(["page", "--faults", "2"], console: refused.console) == 2)
        #expect(refused.err.contains("bad option '--faults'"))
    }
}
