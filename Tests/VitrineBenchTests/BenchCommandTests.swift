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
        #expect(refused.err.contains("--faults '2' is not a rate from 0 to 1"))
    }
}

/// `vitrine --help` shows the benchmarks' synopses without their code: the copies it keeps
/// are the ones the benchmarks write from their declarations.
@Suite struct BenchSynopsisTests {
    @Test func thePageGeneratorsSynopsisIsTheOneVitrineShows() {
        #expect(PageCommand.syntax.usage == BenchProgram.pageUsage)
    }

    @Test func everyBenchmarkAnswersHelpWithItsSynopsisAndRunsNothing() async {
        for name in ["decode", "runtime", "serve", "cart", "images", "render", "home", "app", "slow-clients", "page"] {
            let captured = CapturedConsole()
            #expect(await BenchCommand.run([name, "--help"], console: captured.console) == 0, "\(name)")
            #expect(captured.out.hasPrefix("usage: vitrine bench \(name)"), "\(name): \(captured.out)")
            #expect(captured.err.isEmpty, "\(name)")
        }
    }

    @Test func aBadValueIsRefusedWithTheBenchmarksSynopsis() async {
        let captured = CapturedConsole()
        #expect(await BenchCommand.run(["slow-clients", "--addresses", "251"], console: captured.console) == 2)
        #expect(captured.err.contains("--addresses '251' is not a whole number from 1 to 250"))
        #expect(captured.err.contains("usage: vitrine bench slow-clients [--slow 1000] [--addresses 16] [--requests 400]"))
    }
}
