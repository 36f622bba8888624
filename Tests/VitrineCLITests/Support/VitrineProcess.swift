import Foundation
import TestSupport

/// The `vitrine` binary run as a child with its output captured, as a script would run it.
/// A child that outlives `limit` is killed and reported as such (`timedOut`): a hang fails the
/// test instead of hanging the run.
struct VitrineProcess {
    struct Result {
        var status: Int32
        var out: String
        var err: String
        var timedOut: Bool
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], limit: Duration = .seconds(90),
                    executable: String = TerminalSessionModeTests.executable) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        // Read both pipes while the child runs, so a full pipe never blocks it; each read
        // blocks until the child's end, so on a thread of its own, not the cooperative pool's
        // (two such reads there would leave the watchdog below no thread to run on).
        async let out = offThePool { output.fileHandleForReading.readDataToEndOfFile() }
        async let err = offThePool { errors.fileHandleForReading.readDataToEndOfFile() }
        let watchdog = Task {
            // The safety bound only: the test's own assertions never depend on it.
            guard (try? await ContinuousClock().sleep(for: limit)) != nil else { return false }
            process.terminate()
            return true
        }
        for await _ in exited.stream {}
        watchdog.cancel()
        let timedOut = await watchdog.value
        return Result(
            status: process.terminationStatus, out: String(decoding: await out, as: UTF8.self),
            err: String(decoding: await err, as: UTF8.self), timedOut: timedOut)
    }
}
