import CommandLineSupport
import Foundation

/// `vitrine bench NAME`: runs `vitrine-bench NAME` from beside this executable, with this
/// process's standard streams, and answers its exit status (128 + the signal when one ended it).
enum BenchForwarding {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        guard let program = BenchProgram.sibling(named: BenchProgram.name) else {
            console.err("vitrine bench: the benchmarks are the program \(BenchProgram.name), which is not beside this vitrine (make bench builds both)")
            return 1
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let ended = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in ended.continuation.finish() }
        do {
            try process.run()
        } catch {
            console.err("vitrine bench: \(BenchProgram.name) could not start: \(error)")
            return 1
        }
        for await _ in ended.stream {}
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}
