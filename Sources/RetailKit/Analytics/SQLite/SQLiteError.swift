import CSQLite

/// A failed SQLite call: its result code and SQLite's message.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String

    var description: String { "SQLite \(code): \(message)" }

    /// Another connection holds the lock past `busy_timeout`: try again later.
    var isBusy: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED
    }

    /// The file is not a database or is damaged: it cannot be used as it is.
    var isCorrupt: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    /// The file cannot be used by this process whatever happens next: damaged, not a
    /// database, another program's schema, or not ours to write (owned by another user, read
    /// only). Setting it aside and starting a new one is the only way on. A full disk or an
    /// I/O error is not among these: it may pass.
    var makesFileUnusable: Bool {
        let primary = code & 0xFF
        return isCorrupt || primary == SQLITE_READONLY || primary == SQLITE_PERM || primary == SQLITE_CANTOPEN
            || code == Self.schemaMismatch
    }

    /// The code `EventOutbox` gives a database whose tables are not the outbox's.
    static let schemaMismatch: Int32 = -1
}
