import Dispatch

/// The outbox's own thread: a serial dispatch queue as the actor's executor, so that SQLite
/// calls, which block while another connection holds the lock (up to `busy_timeout`), block
/// this thread only, never the main thread nor the few threads of the cooperative pool.
final class OutboxExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "vitrine.analytics-outbox")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedSerialExecutor())
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
