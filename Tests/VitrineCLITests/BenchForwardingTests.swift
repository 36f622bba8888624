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

    /// The benchmark is this process (it is executed in vitrine's place), so a signal sent to
    /// `vitrine bench` stops the benchmark itself and leaves nothing running.
    @Test func aSignalToVitrineBenchStopsTheBenchmark() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TerminalSessionModeTests.executable)
        // A page of megabytes into a pipe read one byte of: the benchmark blocks writing the
        // rest, so it is still running when the signal comes.
        process.arguments = ["bench", "page", "--sections", "400", "--widgets", "20"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        // Its first byte is the benchmark's: by then the process has become vitrine-bench.
        _ = output.fileHandleForReading.readData(ofLength: 1)
        let benchmark = URL(fileURLWithPath: TerminalSessionModeTests.executable).deletingLastPathComponent()
            .appendingPathComponent("vitrine-bench").resolvingSymlinksInPath().path
        let image = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
        #expect(image == benchmark, "the same process runs the benchmark")
        kill(pid, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM)
    }

    @Test func aVitrineWithoutTheBenchProgramSaysSoAndRunsNothing() async throws {
        let alone = try ScratchDirectory("vitrine-alone")
        let copy = alone.file("vitrine").path
        #expect(link(TerminalSessionModeTests.executable, copy) == 0)
        let result = try await VitrineProcess.run(["bench", "page"], executable: copy)
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("vitrine-bench, which is not beside this vitrine or not executable"))
    }
}
