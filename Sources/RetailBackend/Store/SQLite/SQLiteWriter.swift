import Dispatch
import Foundation
import SQLiteSupport
import Synchronization

/// The one thread that writes the SQLite store, committing the changes that arrive together
/// in one transaction: group commit, as databases do it. While one batch commits (its `fsync`
/// is most of the cost), the requests arriving queue up and go in the next batch, so the
/// number of commits a second stays what the disk allows while the changes a second grow with
/// the number of concurrent requests.
///
/// Each job runs inside the batch's transaction, on this thread, and returns what to deliver;
/// deliveries run only after `COMMIT` returned, so nothing is answered before it is durable.
/// They run on a thread of their own, in order, with the batch released there too: answering
/// and freeing a batch's requests is a quarter of the work, and the writer, the one thread
/// every change waits for, starts the next batch meanwhile.
/// A job that fails on its own is rolled back to its savepoint and told so; if the transaction
/// itself fails (a full disk, an I/O error), it is rolled back and every job in it is told so:
/// none was answered, none is half there.
final class SQLiteWriter: Sendable {
    typealias Delivery = @Sendable () -> Void

    struct Job: Sendable {
        /// Runs inside the transaction; what it returns runs after the commit.
        let run: @Sendable (SQLiteConnection) throws(SQLiteError) -> Delivery
        /// Told when the batch could not be committed.
        let fail: @Sendable (StoreError) -> Void
    }

    private let jobs = JobQueue<Job>()
    private let deliveries = DispatchQueue(label: "vitrine.sqlite-deliveries")
    /// Marks the delivery queue, so that `close()` called from an answer does not wait for itself.
    private static let deliveryMark = DispatchSpecificKey<Bool>()
    private let finished = DispatchSemaphore(value: 0)
    private let counts = Mutex<(transactions: Int, jobs: Int)>((0, 0))
    /// Jobs per transaction at most: a batch's latency grows with it.
    static let maxBatch = 512

    /// Work the writer does between batches, in transactions of its own (the sweep of expired
    /// state): when `schedule` says it is due, and again at once, batches of jobs between,
    /// while `run` says it left work (so a sweep deletes everything expired, a bounded part a
    /// transaction); with no job coming, the writer looks at the schedule every `idleCheck`.
    struct Housekeeping: Sendable {
        var schedule: SweepSchedule
        var idleCheck: Duration
        /// One bounded step; whether work is left.
        var run: @Sendable (SQLiteConnection) throws(SQLiteError) -> Bool
    }

    /// Starts the thread, which owns `connection` from now on.
    init(connection: Owned<SQLiteConnection>, housekeeping: Housekeeping) {
        let jobs = self.jobs
        let finished = self.finished
        let deliveries = self.deliveries
        deliveries.setSpecific(key: Self.deliveryMark, value: true)
        let thread = Thread { [self] in
            // Named from within: Linux's Foundation names only the current thread, and
            // refuses a name longer than 15 bytes.
            Thread.current.name = "vitrine-sqlite"
            let database = connection.value
            // A sweep at start, before waiting for anything.
            var workLeft = true
            while let batch = jobs.take(upTo: Self.maxBatch, waitingAtMost: workLeft ? .zero : housekeeping.idleCheck) {
                if workLeft || housekeeping.schedule.isDue() {
                    workLeft = (try? database.writeTransaction { () throws(SQLiteError) -> Bool in try housekeeping.run(database) }) ?? false
                    database.resetStatements()
                }
                guard !batch.isEmpty else { continue }
                if Self.commit(batch, on: database, deliveringOn: deliveries) {
                    self.counts.withLock { $0.transactions += 1; $0.jobs += batch.count }
                }
                database.resetStatements()
            }
            database.close()
            finished.signal()
        }
        thread.start()
    }

    /// Queues a job; one queued after `close()` fails at once as unavailable.
    func submit(_ job: Job) {
        if !jobs.push(job) { job.fail(.unavailable("the store is closed")) }
    }

    /// Commits what is queued, stops the thread, closes the connection and returns once every
    /// answer has been delivered.
    func close() {
        jobs.close()
        finished.wait()
        finished.signal()
        if DispatchQueue.getSpecific(key: Self.deliveryMark) == nil { deliveries.sync {} }
    }

    /// Transactions committed and the jobs they held, since the start: their ratio is how many
    /// changes one `fsync` carried (`vitrine bench cart` prints it).
    var committed: (transactions: Int, jobs: Int) { counts.withLock { $0 } }

    /// Runs the batch in one transaction, each job under a savepoint of its own: a job that
    /// fails on its own (a constraint, a bug) is rolled back alone and told so, while a failure
    /// that ends the transaction (a full disk, an I/O error) fails the whole batch. Deliveries
    /// and failures are told on `queue`, after `COMMIT` returned. Whether the transaction
    /// committed.
    @discardableResult
    private static func commit(_ batch: [Job], on database: SQLiteConnection, deliveringOn queue: DispatchQueue) -> Bool {
        var deliveries: [Delivery] = []
        var refused: [(job: Job, failure: StoreError)] = []
        deliveries.reserveCapacity(batch.count)
        do throws(SQLiteError) {
            try database.step("BEGIN IMMEDIATE")
            do throws(SQLiteError) {
                for job in batch {
                    try database.step("SAVEPOINT job")
                    do throws(SQLiteError) {
                        deliveries.append(try job.run(database))
                        try database.step("RELEASE job")
                    } catch {
                        let failure = StoreError(error)
                        guard case .failed = failure, !database.isAutocommit else { throw error }
                        try database.step("ROLLBACK TO job")
                        try database.step("RELEASE job")
                        refused.append((job, failure))
                    }
                }
                try database.step("COMMIT")
            } catch {
                // SQLite ends the transaction itself after some errors (a full disk).
                if !database.isAutocommit { try? database.execute("ROLLBACK") }
                throw error
            }
        } catch {
            let failure = StoreError(error)
            queue.async { for job in batch { job.fail(failure) } }
            return false
        }
        queue.async { [refused, deliveries] in
            for (job, failure) in refused { job.fail(failure) }
            for delivery in deliveries { delivery() }
            _ = batch  // released here, not on the writer
        }
        return true
    }
}

extension StoreError {
    /// A full disk is `full`; a lock held too long, an I/O error or a file that cannot be
    /// opened is `unavailable` (it may pass); anything else `failed`.
    init(_ error: SQLiteError) {
        switch error.code & 0xFF {
        case 13: self = .full(error.description)  // SQLITE_FULL
        case 5, 6, 10, 14: self = .unavailable(error.description)  // BUSY, LOCKED, IOERR, CANTOPEN
        default: self = .failed(error.description)
        }
    }
}
