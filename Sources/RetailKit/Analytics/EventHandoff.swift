/// Events tracked on the main actor and not yet in the database: `track` puts them here
/// under a lock (microseconds, never waiting on SQLite) and the outbox's thread takes them
/// all at once and writes them in one transaction. Order is kept; while the database is
/// locked by another process they wait here, bounded like the outbox (oldest dropped first).
final class EventHandoff: Sendable {
    private struct State {
        var records: [OutboxRecord] = []
        var isDrainScheduled = false
        var nextSequence = 0
        var durableSequence = 0
        var dropped = 0
        var waiters: [(sequence: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Locked(State())
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Queues `make(sequence)`; answers whether the caller must schedule a drain.
    func submit(_ make: (Int) -> OutboxRecord) -> Bool {
        state.withLock { state in
            state.nextSequence += 1
            state.records.append(make(state.nextSequence))
            if state.records.count > capacity {
                let excess = state.records.count - capacity
                state.records.removeFirst(excess)
                state.dropped += excess
            }
            defer { state.isDrainScheduled = true }
            return !state.isDrainScheduled
        }
    }

    /// Everything queued, oldest first; `nil` (and the drain unscheduled) when nothing is.
    func takeAll() -> [OutboxRecord]? {
        state.withLock { state in
            guard !state.records.isEmpty else {
                state.isDrainScheduled = false
                return nil
            }
            defer { state.records.removeAll(keepingCapacity: true) }
            return state.records
        }
    }

    /// A write failed: `records` go back in front of what came since (the drain stays scheduled).
    func putBack(_ records: [OutboxRecord]) {
        state.withLock { state in
            state.records = records + state.records
            if state.records.count > capacity {
                let excess = state.records.count - capacity
                state.records.removeFirst(excess)
                state.dropped += excess
            }
        }
    }

    /// Everything up to `sequence` is in the database (or was dropped by the bound on the way).
    func markDurable(upTo sequence: Int) {
        let ready = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.durableSequence = max(state.durableSequence, sequence)
            let durable = state.durableSequence
            let ready = state.waiters.filter { $0.sequence <= durable }.map(\.continuation)
            state.waiters.removeAll { $0.sequence <= durable }
            return ready
        }
        for continuation in ready { continuation.resume(returning: true) }
    }

    /// A write failed: everyone waiting is told so now (`false`) instead of waiting for a
    /// save that may never come; the events stay queued, and whoever asks from now on waits
    /// for the next try's outcome.
    func failWaiters() {
        let waiting = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            defer { state.waiters.removeAll() }
            return state.waiters.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(returning: false) }
    }

    /// The sequence of the last event submitted.
    var lastSequence: Int { state.withLock { $0.nextSequence } }
    /// Callers waiting in `waitUntilDurable`.
    var waiterCount: Int { state.withLock { $0.waiters.count } }
    /// Events waiting here for the database.
    var queuedCount: Int { state.withLock { $0.records.count } }
    /// Events submitted and not (yet) in the database: those waiting here, those a write has
    /// taken and not finished, and those dropped by the bound on the way.
    var unsavedCount: Int { state.withLock { max(0, $0.nextSequence - $0.durableSequence) + $0.dropped } }
    /// Events dropped here because the database stayed locked past the bound.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// Returns `true` once every event up to `sequence` is durable, or `false` as soon as a
    /// write fails first.
    func waitUntilDurable(_ sequence: Int) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let ready = state.withLock { state in
                if state.durableSequence >= sequence { return true }
                state.waiters.append((sequence, continuation))
                return false
            }
            if ready { continuation.resume(returning: true) }
        }
    }
}
