import Observation

/// Suspends until `condition` holds, re-checking whenever observed state it read changes.
/// No sleeping: the runtime's `@Observable` state wakes the test. Cancelling the waiting task
/// (a suite's time limit) ends the wait, so a condition that never holds fails the test instead
/// of hanging the run.
@MainActor
func waitUntil(_ condition: @escaping @MainActor () -> Bool) async {
    while !condition(), !Task.isCancelled {
        let wake = OnceResumer()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                wake.set(continuation)
                // Ordering: registration and the check happen in one main-actor turn, so a change
                // cannot slip between them.
                let satisfied = withObservationTracking {
                    condition()
                } onChange: {
                    wake.fire()
                }
                if satisfied { wake.fire() }
            }
        } onCancel: {
            wake.fire()
        }
    }
}

/// Resumes a continuation exactly once, whether `fire` comes before or after `set`.
final class OnceResumer: Sendable {
    private let state = Locked<(continuation: CheckedContinuation<Void, Never>?, fired: Bool)>((nil, false))

    func set(_ continuation: CheckedContinuation<Void, Never>) {
        let firedAlready = state.withLock { state in
            if state.fired { return true }
            state.continuation = continuation
            return false
        }
        if firedAlready { continuation.resume() }
    }

    func fire() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.fired else { return nil }
            state.fired = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
