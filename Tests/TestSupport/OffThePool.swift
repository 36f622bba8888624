import Foundation

/// Runs blocking `work` (a read until a pipe ends, a wait for a child, a socket exchange, a
/// synchronous database call) on a thread of its own and returns what it returned or threw.
///
/// Never on the cooperative pool: it has as many threads as the machine has cores (two
/// here), and tests blocking them stop every other test, the time limits and watchdogs that
/// would end the wait among them, for as long as the blocking lasts.
public func offThePool<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
) async throws(Failure) -> Value {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
        Thread {
            do throws(Failure) {
                continuation.resume(returning: .success(try work()))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }.start()
    }
    return try result.get()
}
