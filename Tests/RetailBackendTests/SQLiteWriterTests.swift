import Dispatch
import Foundation
import SQLiteSupport
import Synchronization
import Testing
import TestSupport
@testable import RetailBackend

/// The SQLite store's writer thread: group commit, with answers delivered after `COMMIT`.
@Suite(.timeLimit(.minutes(1))) struct SQLiteWriterTests {
    private func writer(in directory: ScratchDirectory) throws -> (SQLiteWriter, path: String) {
        let path = directory.file("writer.sqlite").path
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(5))
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("CREATE TABLE rows (n INTEGER NOT NULL)")
        let writer = SQLiteWriter(connection: Owned(connection), housekeeping: SQLiteWriter.Housekeeping(
            schedule: SweepSchedule(interval: 3_600, now: { Date(timeIntervalSince1970: 0) }), idleCheck: .seconds(3_600),
            run: { _ throws(SQLiteError) in false }))
        return (writer, path)
    }

    /// Each answer runs on a thread other than the writer's, sees its own change committed (a
    /// connection of its own reads it), and answers keep the order their changes were
    /// submitted in; `close()` returns once every answer has run.
    @Test func answersComeAfterTheCommitInOrderAndCloseWaitsForThem() throws {
        let directory = try ScratchDirectory("sqlite-writer-order")
        let (writer, path) = try writer(in: directory)
        let seen = Mutex<[(n: Int, committed: Bool, onWriter: Bool)]>([])
        let count = 300
        for n in 0..<count {
            writer.submit(SQLiteWriter.Job(run: { database throws(SQLiteError) in
                let insert = try database.statement("INSERT INTO rows (n) VALUES (?1)")
                try insert.bind(1, Int64(n))
                try insert.step()
                return {
                    let reader = try? SQLiteConnection(path: path, busyTimeout: .seconds(5))
                    let select = try? reader?.statement("SELECT count(*) FROM rows WHERE n = ?1")
                    try? select?.bind(1, Int64(n))
                    let committed = ((try? select?.step()) ?? false) && select?.int64(0) == 1
                    select?.reset()
                    reader?.close()
                    let onWriter = Thread.current.name == "vitrine-sqlite"
                    seen.withLock { $0.append((n, committed, onWriter)) }
                }
            }, fail: { _ in }))
        }
        writer.close()
        let answers = seen.withLock { $0 }
        #expect(answers.map(\.n) == Array(0..<count))
        #expect(answers.filter { !$0.committed }.isEmpty, "every answer saw its change committed")
        #expect(answers.filter(\.onWriter).isEmpty, "no answer ran on the writer's thread")
        #expect(writer.committed.jobs == count)
    }

    /// An answer may close the writer (a server stopping from a request) without waiting for
    /// itself.
    @Test func anAnswerThatClosesTheWriterDoesNotWaitForItself() throws {
        let directory = try ScratchDirectory("sqlite-writer-close")
        let (writer, _) = try writer(in: directory)
        let closed = DispatchSemaphore(value: 0)
        writer.submit(SQLiteWriter.Job(run: { _ throws(SQLiteError) in
            { writer.close(); closed.signal() }
        }, fail: { _ in closed.signal() }))
        closed.wait()
        writer.close()
        let refused = Mutex<StoreError?>(nil)
        writer.submit(SQLiteWriter.Job(run: { _ throws(SQLiteError) in {} }, fail: { failure in refused.withLock { $0 = failure } }))
        let failure = refused.withLock { $0 }
        guard case .unavailable = failure else {
            Issue.record("a job after close is refused at once as unavailable, not \(String(describing: failure))")
            return
        }
    }
}
