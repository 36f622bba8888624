import Dispatch
import Synchronization

/// Work handed to a store's own threads (the SQLite writer, the PostgreSQL connections):
/// pushed from any thread, taken in batches by one or more consumer threads that block
/// while there is none. After `close()` nothing more is accepted, and consumers drain what is
/// left and then get nil.
final class JobQueue<Job: Sendable>: Sendable {
    private struct State: Sendable {
        var jobs: [Job] = []
        var head = 0
        var isClosed = false
    }

    private let state = Mutex(State())
    /// One signal per push (and plenty at close); a consumer that wakes to an empty queue,
    /// because another took its job along with its own, waits again.
    private let available = DispatchSemaphore(value: 0)

    /// Queues a job; false, and nothing queued, once the queue is closed.
    @discardableResult
    func push(_ job: Job) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Jobs waiting now.
    var count: Int { state.withLock { $0.jobs.count - $0.head } }

    /// Blocks until there is at least one job and takes up to `limit` of them, oldest first;
    /// nil once the queue is closed and empty.
    func take(upTo limit: Int) -> [Job]? {
        take(upTo: limit, waitingAtMost: nil)
    }

    /// As `take(upTo:)`, but waits at most `timeout` for a job (nil: for ever) and then answers
    /// an empty batch: for a consumer that has work of its own when no job comes.
    func take(upTo limit: Int, waitingAtMost timeout: Duration?) -> [Job]? {
        let deadline = timeout.map { DispatchTime.now() + .nanoseconds(Int(clamping: $0.components.seconds * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000)) }
        while true {
            if let deadline {
                guard available.wait(timeout: deadline) == .success else {
                    return state.withLock { $0.isClosed && $0.jobs.count == $0.head } ? nil : []
                }
            } else {
                available.wait()
            }
            let taken = state.withLock { state -> [Job]? in
                let waiting = state.jobs.count - state.head
                guard waiting > 0 else { return state.isClosed ? nil : [] }
                let end = state.head + min(max(1, limit), waiting)
                let batch = Array(state.jobs[state.head..<end])
                state.head = end
                if state.head == state.jobs.count {
                    state.jobs.removeAll(keepingCapacity: true)
                    state.head = 0
                } else if state.head > 1024 {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return batch
            }
            guard let taken else {
                // Closed and empty: pass the wake-up on to the next consumer.
                available.signal()
                return nil
            }
            if !taken.isEmpty { return taken }
        }
    }

    /// Takes out the waiting jobs `isExpired` picks (a consumer waking to a queue they left
    /// empty waits again).
    func removeAll(where isExpired: (Job) -> Bool) -> [Job] {
        state.withLock { state -> [Job] in
            let waiting = state.jobs[state.head...]
            let removed = waiting.filter(isExpired)
            guard !removed.isEmpty else { return [] }
            state.jobs = waiting.filter { !isExpired($0) }
            state.head = 0
            return removed
        }
    }

    /// Refuses new jobs and wakes every consumer; the ones queued are still taken.
    func close() {
        state.withLock { $0.isClosed = true }
        available.signal()
    }
}

/// A value that one thread owns at a time, handed over explicitly (a database connection,
/// which is not thread-safe, moved into the thread that will use it alone, or out of a pool
/// under its lock and back after use).
///
/// `@unchecked Sendable` because the compiler cannot see the hand-over: every use in this
/// module takes it on one thread, either the thread it was given to at start or the caller that
/// took it out of a pool's lock, and no two threads hold it at once.
final class Owned<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
