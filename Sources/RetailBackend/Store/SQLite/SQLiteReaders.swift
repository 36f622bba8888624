import Synchronization
import SQLiteSupport

/// Read-only connections to the SQLite store for the server's worker threads (a session look-up,
/// a cart read): in WAL mode readers never wait for the writer and see the last commit, so a
/// read after an answered change sees it. Connections are opened on demand and kept, at most
/// `keep` of them, for the next reader.
final class SQLiteReaders: Sendable {
    private let path: String
    private let keep: Int
    private let idle = Mutex<[Owned<SQLiteConnection>]>([])

    init(path: String, keep: Int = 4) {
        self.path = path
        self.keep = keep
    }

    /// Runs `body` on a connection of its own.
    func read<Result>(_ body: (SQLiteConnection) throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        let connection: Owned<SQLiteConnection>
        if let kept = idle.withLock({ $0.popLast() }) {
            connection = kept
        } else {
            connection = try open()
        }
        let result: Result
        do {
            result = try body(connection.value)
            // Ends the read transaction, so the next read sees every commit made meanwhile.
            connection.value.resetStatements()
        } catch {
            // A connection that failed may be in any state: it is dropped, not kept.
            connection.value.close()
            throw error
        }
        let kept = idle.withLock { idle -> Bool in
            guard idle.count < keep else { return false }
            idle.append(connection)
            return true
        }
        if !kept { connection.value.close() }
        return result
    }

    /// Closes the idle connections (readers in flight close theirs when done).
    func close() {
        for connection in idle.withLock({ idle in defer { idle.removeAll() }; return idle }) { connection.value.close() }
    }

    private func open() throws(SQLiteError) -> Owned<SQLiteConnection> {
        let connection = try SQLiteConnection(path: path, busyTimeout: .seconds(2))
        try connection.execute("PRAGMA query_only = ON")
        return Owned(connection)
    }
}
