import Dispatch
import Foundation
import Synchronization

/// A few PostgreSQL connections per process, each owned by a thread of its own that takes the
/// next job from a shared queue: a request's database work runs there, and the server's worker
/// thread is free meanwhile (its connection waits suspended for the answer).
///
/// Failing fast is the pool's business: a job that waited longer than `queueTimeout` for a
/// connection is failed unrun (a reaper thread looks every 100 ms, so this holds while every
/// connection waits for a silent database too); a connection lost (the database restarting) fails its job as
/// unavailable and is made again for the next one; and while the database refuses connections,
/// no thread tries again for `reconnectPause`, so requests meanwhile get their 503 at once
/// instead of each paying a connection attempt.
final class PostgresPool: Sendable {
    typealias Delivery = @Sendable () -> Void

    /// What a job decided: whether its transaction commits, and what to deliver after.
    struct Outcome: Sendable {
        var commits: Bool
        var delivery: Delivery
    }

    struct Job: Sendable {
        var enqueued: ContinuousClock.Instant
        /// Whether the pool wraps it in `BEGIN` … `COMMIT`.
        var isTransaction: Bool
        /// Whether it only reads (so it may always run again on a new connection).
        var isRead = false
        var run: @Sendable (PostgresConnection) throws(PostgresError) -> Outcome
        var fail: @Sendable (StoreError) -> Void
    }

    private let url: String
    private let jobs = JobQueue<Job>()
    private let queueTimeout: Duration
    private let reconnectPause: Duration
    /// Until when connecting is not tried again, after a failure.
    private let downUntil = Mutex<ContinuousClock.Instant?>(nil)
    private let finished: DispatchSemaphore
    private let stopReaping = DispatchSemaphore(value: 0)
    private let size: Int

    init(url: String, size: Int, queueTimeout: Duration = .seconds(2), reconnectPause: Duration = .milliseconds(250),
         first: Owned<PostgresConnection>? = nil) {
        self.url = url
        self.size = max(1, size)
        self.queueTimeout = queueTimeout
        self.reconnectPause = reconnectPause
        finished = DispatchSemaphore(value: 0)
        for index in 0..<self.size {
            let given = index == 0 ? first : nil
            let thread = Thread { [self] in
                Thread.current.name = "vitrine-pg-\(index)"
                work(given?.value)
            }
            thread.start()
        }
        let reaper = Thread { [self] in
            Thread.current.name = "vitrine-pg-reap"
            while stopReaping.wait(timeout: .now() + .milliseconds(100)) == .timedOut { failOverdueJobs() }
        }
        reaper.start()
    }

    private func failOverdueJobs() {
        let now = ContinuousClock.now
        for job in jobs.removeAll(where: { now - $0.enqueued > queueTimeout }) {
            job.fail(.unavailable("no database connection came free in time"))
        }
    }

    /// Queues a job; one queued after `close()` fails at once as unavailable.
    func submit(_ job: Job) {
        if !jobs.push(job) { job.fail(.unavailable("the store is closed")) }
    }

    /// Lets the queued jobs finish, then closes every connection: within a bound, since each
    /// statement has its deadline and overdue jobs are failed unrun.
    func close() {
        jobs.close()
        for _ in 0..<size { finished.wait() }
        for _ in 0..<size { finished.signal() }
        stopReaping.signal()
    }

    private func work(_ given: PostgresConnection?) {
        var connection = given
        let clock = ContinuousClock()
        while let taken = jobs.take(upTo: 1) {
            for job in taken {
                guard clock.now - job.enqueued <= queueTimeout else {
                    job.fail(.unavailable("no database connection came free in time"))
                    continue
                }
                if connection?.isBroken ?? true {
                    connection?.close()
                    connection = connect(clock: clock)
                }
                guard let open = connection else {
                    job.fail(.unavailable("the database refuses connections"))
                    continue
                }
                switch run(job, on: open) {
                case .done:
                    break
                case .lost(let error, let mayHaveCommitted):
                    open.close()
                    connection = nil
                    // A connection found broken before its COMMIT was sent ran nothing (the
                    // server rolls back what a lost connection began): the job runs once more on
                    // a new connection, so a database restart costs no request its answer. One
                    // lost at COMMIT may have committed: the client's retry, under its key,
                    // then finds the remembered answer.
                    if !mayHaveCommitted, !error.isSilent, let fresh = connect(clock: clock) {
                        connection = fresh
                        _ = run(job, on: fresh, reportingLoss: true)
                    } else {
                        job.fail(.unavailable(error.description))
                    }
                }
            }
        }
        connection?.close()
        finished.signal()
    }

    private func connect(clock: ContinuousClock) -> PostgresConnection? {
        if let until = downUntil.withLock({ $0 }), clock.now < until { return nil }
        do {
            let connection = try PostgresConnection(url: url)
            downUntil.withLock { $0 = nil }
            return connection
        } catch {
            downUntil.withLock { $0 = clock.now + reconnectPause }
            return nil
        }
    }

    /// What running a job on a connection came to.
    private enum RunOutcome {
        /// Delivered or failed: the job is over.
        case done
        /// The connection was lost and the job neither delivered nor failed; whether that
        /// happened while its COMMIT was under way.
        case lost(PostgresError, mayHaveCommitted: Bool)
    }

    /// Runs a job (again, up to three times, after a serialisation failure or deadlock). A lost
    /// connection is handed back to the caller unless `reportingLoss`, when the job is failed as
    /// unavailable.
    private func run(_ job: Job, on connection: PostgresConnection, reportingLoss: Bool = false) -> RunOutcome {
        var attempt = 0
        while true {
            attempt += 1
            var committing = false
            do {
                if job.isTransaction { try connection.execute("BEGIN") }
                let outcome = try job.run(connection)
                committing = job.isTransaction && outcome.commits
                if job.isTransaction { try connection.execute(outcome.commits ? "COMMIT" : "ROLLBACK") }
                outcome.delivery()
                return .done
            } catch {
                if error.isConnectionLost || connection.isBroken {
                    // A job without a transaction that wrote (a session made, a renewal) is as
                    // ambiguous as a COMMIT: only reads and transactions not yet committing are
                    // run again.
                    let mayHaveCommitted = committing || (!job.isTransaction && !job.isRead)
                    if reportingLoss {
                        job.fail(.unavailable(error.description))
                        return .done
                    }
                    return .lost(error, mayHaveCommitted: mayHaveCommitted)
                }
                if job.isTransaction { _ = try? connection.execute("ROLLBACK") }
                if error.isRetryable, attempt < 3 { continue }
                job.fail(error.storeError)
                return .done
            }
        }
    }
}
