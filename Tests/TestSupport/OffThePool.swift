import Foundation

/// Runs blocking `work` (a read until a pipe ends, a wait for a child) on a thread of its
/// own and returns its result.
///
/// Never on the cooperative pool: it has as many threads as the machine has cores (two
/// here), and a test blocking them in reads stops every other test, the time limits and
/// watchdogs that would end the wait among them, for as long as the reads last.
public func offThePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
