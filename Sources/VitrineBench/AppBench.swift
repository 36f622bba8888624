import CommandLineSupport
import Foundation

/// `vitrine bench app`: the time from process start to the first frame with content, from a
/// warm disk cache against a cold start, both on the embedded backend.
///
/// Each run starts the `vitrine` binary itself on a pseudo-terminal (100 × 40) with a cache
/// directory of its own: a cold run with an empty one (the page comes from the backend), then
/// a warm run on what the cold run left (the cached page shows at once). The app, with the
/// hidden `--mark-first-content`, writes `first-content` to standard error when it has drawn
/// a frame with the page; the time is from just before the process is spawned to that line.
/// Runs alternate cold and warm (`--runs N` pairs, default 5) and medians are compared.
/// The bar: a warm start at most 0.6 of a cold one (`warm_start_vs_cold_ratio`), the saved
/// page being drawn while the embedded backend is still being built.
enum AppBench {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        let syntax = OptionParser<Int>(
            command: "vitrine bench app", options: [.number("--runs", "1-50", in: 1...50) { $0 = $1 }],
            forms: [[[.optional("--runs")]]])
        var status: Int32 = 0
        guard let runs = BenchOptions.parse(arguments, into: 5, with: syntax, console: console, status: &status) else { return status }
        guard let executable = BenchProgram.sibling(named: "vitrine") else {
            console.err("vitrine bench app: no vitrine beside \(BenchProgram.name) (build both: make bench)")
            return 1
        }
        var cold: [Double] = []
        var warm: [Double] = []
        do {
            for _ in 0..<runs {
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-app-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: directory) }
                cold.append(try firstContent(executable: executable, cache: directory))
                warm.append(try firstContent(executable: executable, cache: directory))
            }
        } catch {
            console.err("vitrine bench app: \(error)")
            return 1
        }
        let coldMedian = BenchSupport.median(cold)
        let warmMedian = BenchSupport.median(warm)
        console.out("cold_first_content_ms = \(String(format: "%.1f", coldMedian * 1000))")
        console.out("warm_first_content_ms = \(String(format: "%.1f", warmMedian * 1000))")
        console.out("warm_start_vs_cold_ratio = \(String(format: "%.3f", warmMedian / coldMedian))")
        return 0
    }

    /// Seconds from spawning the app to its first frame with content, then quits it.
    static func firstContent(executable: String, cache: URL) throws -> Double {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        environment["XDG_DATA_HOME"] = cache.appendingPathComponent("data").path
        environment["TERM"] = "xterm-256color"
        let clock = ContinuousClock()
        let start = clock.now
        let child = try TerminalChild(
            executable: executable, arguments: ["app", "--mark-first-content", "--user", "bench"], environment: environment,
            columns: 100, rows: 40)
        guard child.waitForLine("first-content", seconds: 30) else {
            throw TerminalChild.Failure(description: "no first frame with content in 30 s: \(child.standardError)")
        }
        let elapsed = BenchSupport.seconds(clock.now - start)
        child.send("q")
        guard child.waitForExit(seconds: 30) == 0 else {
            throw TerminalChild.Failure(description: "the app did not quit cleanly: \(child.standardError)")
        }
        return elapsed
    }
}
