import Observation

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
