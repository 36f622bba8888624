import CSQLite
import Foundation
import PrivateFiles

/// The durable outbox in SQLite (one connection, on its own thread: `OutboxExecutor`).
///
/// `events(seq, event_id UNIQUE, body, created_at, batch)`: an event gets a batch number
/// when first taken for sending and keeps it, so a batch is re-sent with the same events until
/// a 2xx, after which its rows are deleted. Bounded by count and age: past either, the oldest
/// go and are counted in `counters`. Sending failures never delete anything.
///
/// A file this process cannot use (damaged, not a database, another program's schema, owned
/// by another user or read-only) is moved aside as `<name>.unusable` and a new outbox made, as
/// the cart journal does with its file. A failure that may pass (a full disk, an I/O error)
/// leaves the events in the handoff, which the tracker tries again on a back-off.
actor EventOutbox {
    /// How much the outbox keeps.
    struct Limits: Sendable {
        var maxEvents: Int
        var maxAge: TimeInterval
    }

    nonisolated let executor = OutboxExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let url: URL
    private let limits: Limits
    private let busyTimeout: Duration
    private var connection: SQLiteConnection?
    /// Database files found unusable and moved aside.
    private(set) var movedAsideCount = 0
    /// Why the last file was moved aside, until `takeSetAsideReason()` reads it.
    private var lastSetAsideReason: String?

    /// Why a file was moved aside since the last call, once.
    func takeSetAsideReason() -> String? {
        defer { lastSetAsideReason = nil }
        return lastSetAsideReason
    }

    init(url: URL, limits: Limits, busyTimeout: Duration) {
        self.url = url
        self.limits = limits
        self.busyTimeout = busyTimeout
    }

    /// Stores `records` in one transaction and applies the bounds; answers what is pending.
    func append(_ records: [OutboxRecord], now: Date) throws(SQLiteError) -> Int {
        try usingUsableFile { database throws(SQLiteError) in try append(records, now: now, to: database) }
    }

    private func append(_ records: [OutboxRecord], now: Date, to database: SQLiteConnection) throws(SQLiteError) -> Int {
        try database.writeTransaction { () throws(SQLiteError) -> Int in
            let insert = try database.statement("INSERT OR IGNORE INTO events (event_id, body, created_at) VALUES (?, ?, ?)")
            for record in records {
                insert.reset()
                try insert.bind(1, record.eventID)
                try insert.bind(2, record.body)
                try insert.bind(3, record.createdAt.timeIntervalSince1970)
                try insert.step()
            }
            var dropped = 0
            let expire = try database.statement("DELETE FROM events WHERE created_at < ?")
            try expire.bind(1, now.timeIntervalSince1970 - limits.maxAge)
            try expire.step()
            dropped += database.changes
            let count = try pendingCount(database)
            if count > limits.maxEvents {
                let trim = try database.statement("DELETE FROM events WHERE seq IN (SELECT seq FROM events ORDER BY seq LIMIT ?)")
                try trim.bind(1, Int64(count - limits.maxEvents))
                try trim.step()
                dropped += database.changes
            }
            if dropped > 0 { try add(dropped, to: "dropped", database) }
            return min(count, limits.maxEvents)
        }
    }

    /// The batch to send: the one taken before and not yet delivered (after a failure or a
    /// restart), else up to `maxEvents` of the oldest events within `maxBytes`, which then
    /// become that batch. `nil` when nothing waits.
    func nextBatch(maxEvents: Int, maxBytes: Int) throws(SQLiteError) -> OutboxBatch? {
        let database = try open()
        let open = try database.statement("SELECT MIN(batch) FROM events WHERE batch IS NOT NULL")
        if try open.step(), open.int64(0) > 0 {
            return try batch(open.int64(0), database)
        }
        return try database.writeTransaction { () throws(SQLiteError) -> OutboxBatch? in
            let select = try database.statement("SELECT seq, length(body) FROM events WHERE batch IS NULL ORDER BY seq LIMIT ?")
            try select.bind(1, Int64(max(1, maxEvents)))
            var chosen: [Int64] = []
            var bytes = 0
            while try select.step() {
                let size = Int(select.int64(1)) + 1
                if !chosen.isEmpty, bytes + size > maxBytes { break }
                chosen.append(select.int64(0))
                bytes += size
            }
            guard !chosen.isEmpty else { return nil }
            let number = try nextBatchNumber(database)
            let mark = try database.statement("UPDATE events SET batch = ? WHERE seq = ?")
            for seq in chosen {
                mark.reset()
                try mark.bind(1, number)
                try mark.bind(2, seq)
                try mark.step()
            }
            return try batch(number, database)
        }
    }

    /// The batch was delivered (a 2xx): its rows go.
    func delete(batch: Int64) throws(SQLiteError) {
        let database = try open()
        try database.writeTransaction { () throws(SQLiteError) in
            let delete = try database.statement("DELETE FROM events WHERE batch = ?")
            try delete.bind(1, batch)
            try delete.step()
        }
    }

    /// The server refused the batch for good: its rows go and are counted.
    func reject(batch: Int64) throws(SQLiteError) {
        let database = try open()
        try database.writeTransaction { () throws(SQLiteError) in
            let delete = try database.statement("DELETE FROM events WHERE batch = ?")
            try delete.bind(1, batch)
            try delete.step()
            try add(database.changes, to: "rejected", database)
        }
    }

    func counts() throws(SQLiteError) -> OutboxCounts {
        let database = try open()
        return OutboxCounts(pending: try pendingCount(database), dropped: try counter("dropped", database),
                            rejected: try counter("rejected", database))
    }

    /// Closes the connection (it opens again on the next call).
    func close() {
        connection?.close()
        connection = nil
    }

    // MARK: - Schema and helpers

    /// The connection, opened on first use. A file that cannot be used (`makesFileUnusable`)
    /// is moved aside and a new outbox made: refusing to go on would lose every event from now on.
    private func open() throws(SQLiteError) -> SQLiteConnection {
        if let connection { return connection }
        do {
            return try openConnection()
        } catch where error.makesFileUnusable {
            try setAside(because: error)
            return try openConnection()
        }
    }

    /// Runs a write on the connection; when the file turns out unusable midway (a schema that
    /// only fails on insert, a file made read-only since), it is set aside and the write runs
    /// once more on a new file.
    private func usingUsableFile<Result>(_ body: (SQLiteConnection) throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        do {
            return try body(try open())
        } catch where error.makesFileUnusable && connection != nil {
            close()
            try setAside(because: error)
            return try body(try open())
        }
    }

    /// Moves the file (and its journals) to `<name>.unusable`, replacing an older one. Throws
    /// when it cannot be moved (a directory this user may not write): the events then wait.
    private func setAside(because error: SQLiteError) throws(SQLiteError) {
        let aside = url.path + ".unusable"
        let manager = FileManager.default
        try? manager.removeItem(atPath: aside)
        do {
            try manager.moveItem(atPath: url.path, toPath: aside)
        } catch {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "the outbox file cannot be used (\(error)) nor moved aside")
        }
        for journal in [url.path + "-wal", url.path + "-shm"] where FileSystem.exists(journal) {
            try? manager.removeItem(atPath: journal + ".unusable")
            try? manager.moveItem(atPath: journal, toPath: journal + ".unusable")
        }
        movedAsideCount += 1
        lastSetAsideReason = error.description
    }

    private func openConnection() throws(SQLiteError) -> SQLiteConnection {
        // Made private first: SQLite creates a database (and gives its journals the same
        // mode) with the umask's 0644 otherwise.
        try? PrivateFile.createIfMissing(url.path)
        // A FIFO, a device or a link in the file's or a journal's place would only ever fail
        // with an I/O error: the file cannot be used.
        for path in [url.path, url.path + "-wal", url.path + "-shm"] where FileSystem.exists(path) && !FileSystem.isRegularFile(path) {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "\(URL(fileURLWithPath: path).lastPathComponent) is not a regular file")
        }
        let database = try SQLiteConnection(path: url.path, busyTimeout: busyTimeout)
        do throws(SQLiteError) {
            guard !database.isReadOnly else {
                throw SQLiteError(code: SQLITE_READONLY, message: "the outbox file is read-only for this user")
            }
            try database.execute("PRAGMA journal_mode=WAL")
            try database.execute("PRAGMA synchronous=NORMAL")
            do throws(SQLiteError) {
                try database.execute("""
                    CREATE TABLE IF NOT EXISTS events (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        event_id TEXT NOT NULL UNIQUE,
                        body BLOB NOT NULL,
                        created_at REAL NOT NULL,
                        batch INTEGER
                    );
                    CREATE INDEX IF NOT EXISTS events_batch ON events (batch);
                    CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
                    """)
                // Tables of these names but other columns (another version, another program)
                // fail here rather than at the first insert.
                _ = try database.statement("SELECT seq, event_id, body, created_at, batch FROM events LIMIT 0")
                _ = try database.statement("SELECT name, value FROM counters LIMIT 0")
            } catch where error.code & 0xFF == SQLITE_ERROR {
                throw SQLiteError(code: SQLiteError.schemaMismatch, message: "the outbox file holds other tables: \(error.message)")
            }
        } catch {
            database.close()
            throw error
        }
        connection = database
        return database
    }

    private func batch(_ number: Int64, _ database: SQLiteConnection) throws(SQLiteError) -> OutboxBatch {
        let rows = try database.statement("SELECT event_id, body FROM events WHERE batch = ? ORDER BY seq")
        try rows.bind(1, number)
        var ids: [String] = []
        var body = Data("{\"events\":[".utf8)
        while try rows.step() {
            if !ids.isEmpty { body.append(UInt8(ascii: ",")) }
            ids.append(rows.text(0))
            body.append(rows.data(1))
        }
        body.append(contentsOf: Array("]}".utf8))
        return OutboxBatch(id: number, eventIDs: ids, body: body)
    }

    private func pendingCount(_ database: SQLiteConnection) throws(SQLiteError) -> Int {
        let count = try database.statement("SELECT COUNT(*) FROM events")
        try count.step()
        return Int(count.int64(0))
    }

    private func counter(_ name: String, _ database: SQLiteConnection) throws(SQLiteError) -> Int {
        let read = try database.statement("SELECT value FROM counters WHERE name = ?")
        try read.bind(1, name)
        return try read.step() ? Int(read.int64(0)) : 0
    }

    private func add(_ amount: Int, to name: String, _ database: SQLiteConnection) throws(SQLiteError) {
        let update = try database.statement(
            "INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value")
        try update.bind(1, name)
        try update.bind(2, Int64(amount))
        try update.step()
    }

    private func nextBatchNumber(_ database: SQLiteConnection) throws(SQLiteError) -> Int64 {
        try add(1, to: "batches", database)
        return Int64(try counter("batches", database))
    }
}

/// How a drain of the handoff ended.
enum OutboxDrain: Sendable, Equatable {
    /// Everything taken is in the database; `pending` events wait there to be sent.
    case written(pending: Int?)
    /// A write failed (a full disk, an I/O error, a file that could not be set aside): the
    /// events are back in the handoff, in order, and wait for the next try.
    case failed(reason: String)
}

extension EventOutbox {
    /// Writes what `handoff` holds until it is empty, one transaction per take. While the
    /// database is locked by another connection, each write waits inside SQLite
    /// (`busy_timeout`) and is tried again; the events wait in the handoff meanwhile. Any other
    /// failure ends the drain with the events put back: the caller decides when to try again,
    /// so nothing here ever waits without end.
    func drain(_ handoff: EventHandoff, now: @Sendable () -> Date) -> OutboxDrain {
        var pending: Int?
        while let records = handoff.takeAll() {
            do {
                pending = try append(records, now: now())
                handoff.markDurable(upTo: records.last?.sequence ?? 0)
            } catch {
                handoff.putBack(records)
                if !error.isBusy {
                    handoff.failWaiters()
                    return .failed(reason: error.description)
                }
            }
        }
        return .written(pending: pending)
    }
}
