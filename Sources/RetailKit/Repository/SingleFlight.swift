/// One piece of work per key at a time, shared by every caller who asks while it runs.
///
/// The work runs in its own task, not in any caller's: a caller that is cancelled stops
/// waiting at once (it throws `CancellationError`), while the work goes on and finishes,
/// also when every caller has gone (a page fetched is still stored). The next caller after
/// it finished starts new work.
actor SingleFlight<Key: Hashable & Sendable, Value: Sendable> {
    private struct Flight {
        let task: Task<Void, Never>
        var listeners: [Int: CheckedContinuation<Value, any Error>] = [:]
    }

    private var flights: [Key: Flight] = [:]
    private var nextListener = 0
    private var listenerWaiters: [(key: Key, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The value of the work for `key`: joins the flight in progress, or starts `work`.
    func value(for key: Key, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        nextListener += 1
        let listener = nextListener
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                if flights[key] == nil {
                    // Ordering: the task's body runs on this actor after this method returns,
                    // so the flight is stored before it can finish.
                    let task = Task { [weak self] in
                        let result: Result<Value, any Error>
                        do {
                            result = .success(try await work())
                        } catch {
                            result = .failure(error)
                        }
                        await self?.finish(key, with: result)
                    }
                    flights[key] = Flight(task: task)
                }
                flights[key]?.listeners[listener] = continuation
                resumeListenerWaiters()
            }
        } onCancel: {
            // Ordering: both closures above run on this actor without a suspension, so the
            // listener is registered before this task can run `leave`, even when the caller
            // was cancelled already.
            Task { await self.leave(key, listener: listener) }
        }
    }

    /// Callers waiting on the flight for `key`.
    func listenerCount(for key: Key) -> Int {
        flights[key]?.listeners.count ?? 0
    }

    /// Returns once at least `count` callers wait on the flight for `key` (tests).
    func waitForListeners(_ count: Int, for key: Key) async {
        guard listenerCount(for: key) < count else { return }
        await withCheckedContinuation { listenerWaiters.append((key, count, $0)) }
    }

    /// Returns once the flight for `key`, if any, has finished.
    func waitUntilFinished(_ key: Key) async {
        await flights[key]?.task.value
    }

    private func leave(_ key: Key, listener: Int) {
        // Gone already when the flight finished first: it got the value.
        flights[key]?.listeners.removeValue(forKey: listener)?.resume(throwing: CancellationError())
    }

    private func finish(_ key: Key, with result: Result<Value, any Error>) {
        guard let flight = flights.removeValue(forKey: key) else { return }
        for continuation in flight.listeners.values { continuation.resume(with: result) }
    }

    private func resumeListenerWaiters() {
        var remaining: [(key: Key, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        for waiter in listenerWaiters {
            if listenerCount(for: waiter.key) >= waiter.count {
                waiter.continuation.resume()
            } else {
                remaining.append(waiter)
            }
        }
        listenerWaiters = remaining
    }
}
