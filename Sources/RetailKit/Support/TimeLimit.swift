import FlowRuntime

/// Waits for `operation` at most `limit` on `clock`: its result, or `nil` when time ran out
/// first. On time out the operation is cancelled and left to end on its own, and nobody waits
/// for it: for work that must not hold up what comes next however stuck it is (a write to a
/// disk that hangs, an upload to a backend that never answers), such as shutting down.
func withTimeLimit<Result: Sendable>(
    _ limit: Duration, clock: any Clock<Duration>, _ operation: @escaping @Sendable () async -> Result
) async -> Result? {
    let outcome = FirstOutcome<Result?>()
    let timer = ClockTimer(clock: clock, after: limit)
    let work = Task { outcome.settle(await operation()) }
    let deadline = Task {
        guard (try? await timer.wait()) != nil else { return }
        outcome.settle(nil)
    }
    let result = await outcome.value
    deadline.cancel()
    if result == nil { work.cancel() }
    return result
}

/// The first of several racing outcomes; later ones are ignored.
private final class FirstOutcome<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var isSettled = false
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = Locked(State())

    func settle(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard !state.isSettled else { return nil }
            state.isSettled = true
            state.value = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let settled = state.withLock { state -> Value? in
                    if state.isSettled { return state.value }
                    state.waiter = continuation
                    return nil
                }
                if let settled { continuation.resume(returning: settled) }
            }
        }
    }
}
