import FlowCore
import Foundation
import Testing
import TestSupport

/// `vitrine bench NAME` runs the benchmarks' own program from beside `vitrine`, with vitrine's
/// standard streams and exit status; a `vitrine` without it says how to get it.
@Suite("vitrine bench", .serialized)
struct BenchForwardingTests {
    @Test func aBenchmarkRunsInTheProgramBesideVitrine() async throws {
        let page = try await VitrineProcess.run(["bench", "page", "--sections", "2", "--widgets", "1", "--seed", "7"])
        #expect(page.status == 0, "\(page.err)")
        #expect(try JSONParser.parse(page.out)["page"]?["sections"]?.arrayValue?.count == 2)
        let unknown = try await VitrineProcess.run(["bench", "nothing"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("unknown benchmark 'nothing'"))
    }

    @Test func aVitrineWithoutTheBenchProgramSaysSoAndRunsNothing() async throws {
        let alone = try ScratchDirectory("vitrine-alone")
        let copy = alone.file("vitrine").path
        #expect(link(TerminalSessionModeTests.executable, copy) == 0)
        let result = try await VitrineProcess.run(["bench", "page"], executable: copy)
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("vitrine-bench, which is not beside this vitrine"))
    }
}
