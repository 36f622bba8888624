import FlowRuntime
import Observation
@testable import RetailKit

/// Suspends until `condition` holds, re-checking whenever observed state it read changes.
/// No sleeping: the runtime's `@Observable` state wakes the test.
@MainActor
func waitUntil(_ condition: @escaping @MainActor () -> Bool) async {
    while !condition() {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = Locked(false)
            let resumeOnce: @Sendable () -> Void = {
                let first = resumed.withLock { wasResumed in
                    defer { wasResumed = true }
                    return !wasResumed
                }
                if first { continuation.resume() }
            }
            // Ordering: registration and the check happen in one main-actor turn, so a change
            // cannot slip between them.
            let satisfied = withObservationTracking {
                condition()
            } onChange: {
                resumeOnce()
            }
            if satisfied { resumeOnce() }
        }
    }
}

/// Suspends until `store` has answered its page request, well or not (so a failure fails
/// the test's next expectation instead of waiting for ever).
@MainActor
func waitUntilSettled(_ store: PageStore) async {
    await waitUntil { !store.isLoadingPage && store.state != .idle && store.state != .loading }
}
