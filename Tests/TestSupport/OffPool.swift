import Foundation

/// Blocking work (a socket read, `waitUntilExit`, a synchronous database call) for an async
/// test: run on a thread of its own, never on Swift's cooperative pool, whose threads are as
/// many as the cores. Two tests blocking there at once on a 2-core machine leave no thread to
/// any other task (a watchdog's, a continuation's), and the whole run stalls.
public enum OffPool {
    /// Runs `work` on a new thread and resumes with what it returned or threw.
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.start()
        }
    }
}
