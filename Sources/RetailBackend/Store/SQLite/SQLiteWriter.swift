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
/// If anything in the batch fails (a full disk, an I/O error), the batch is rolled back and
/// every job in it is told so: none was answered, none is half there.
final class SQLiteWriter: Sendable {
    typealias Delivery = @Sendable () -> Void

    struct Job: Sendable {
        /// Runs inside the transaction; what it returns runs after the commit.
        let run: @Sendable (SQLiteConnection) throws(SQLiteError) -> Delivery
        /// Told when the batch could not be committed.
        let fail: @Sendable (StoreError) -> Void
    }

    private let jobs = JobQueue<Job>()
    private let finished = DispatchSemaphore(value: 0)
    private let counts = Mutex<(transactions: Int, jobs: Int)>((0, 0))
    /// Jobs per transaction at most: a batch's latency grows with it.
    static let maxBatch = 512

    /// Starts the thread, which owns `connection` from now on. `housekeeping` runs between
    /// batches in a transaction of its own when its interval has passed (the sweep of expired
    /// state), and once at start.
    init(connection: Owned<SQLiteConnection>, housekeepingInterval: Duration,
         housekeeping: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Void) {
        let jobs = self.jobs
        let finished = self.finished
        let thread = Thread { [self] in
            let database = connection.value
            let clock = ContinuousClock()
            var lastHousekeeping: ContinuousClock.Instant?
            while let batch = jobs.take(upTo: Self.maxBatch) {
                if lastHousekeeping.map({ clock.now - $0 >= housekeepingInterval }) ?? true {
                    lastHousekeeping = clock.now
                    try? database.writeTransaction { () throws(SQLiteError) in try housekeeping(database) }
                }
                if Self.commit(batch, on: database) { self.counts.withLock { $0.transactions += 1; $0.jobs += batch.count } }
                database.resetStatements()
            }
            database.close()
            finished.signal()
        }
        thread.name = "vitrine.sqlite-writer"
        thread.start()
    }

    /// Queues a job; one queued after `close()` fails at once as unavailable.
    func submit(_ job: Job) {
        if !jobs.push(job) { job.fail(.unavailable("the store is closed")) }
    }

    /// Commits what is queued, stops the thread and closes the connection.
    func close() {
        jobs.close()
        finished.wait()
        finished.signal()
    }

    /// Transactions committed and the jobs they held, since the start: their ratio is how many
    /// changes one `fsync` carried (`vitrine bench cart` prints it).
    var committed: (transactions: Int, jobs: Int) { counts.withLock { $0 } }

    @discardableResult
    private static func commit(_ batch: [Job], on database: SQLiteConnection) -> Bool {
        var deliveries: [Delivery] = []
        deliveries.reserveCapacity(batch.count)
        do throws(SQLiteError) {
            try database.execute("BEGIN IMMEDIATE")
            do throws(SQLiteError) {
                for job in batch { deliveries.append(try job.run(database)) }
                try database.execute("COMMIT")
            } catch {
                // SQLite ends the transaction itself after some errors (a full disk).
                if !database.isAutocommit { try? database.execute("ROLLBACK") }
                throw error
            }
        } catch {
            let failure = StoreError(error)
            for job in batch { job.fail(failure) }
            return false
        }
        for delivery in deliveries { delivery() }
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
