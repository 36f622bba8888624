import Foundation
import SQLiteSupport

/// The SQLite store's tables, as numbered migrations (`PRAGMA user_version` says how many have
/// run). Opening a store runs the missing ones, each in its own transaction; a store written
/// by a newer version (a higher number than this one knows) or a database of another program
/// is refused, never changed.
///
/// - `shoppers`: one row per guest session and its cart (a session is a shopper): the token's
///   keyed hash (hexadecimal), its expiry, the cart's revision and lines (`CartCodec`), and how
///   many keys the shopper holds (so pruning them costs nothing until needed).
/// - `idempotency_keys`: per shopper and key, the request's fingerprint and the answer; by
///   order of arrival in `idempotency_keys_by_arrival` (version 7), which pruning reads.
/// - `event_windows` (version 6): per shopper, the de-duplication window of event ids as one
///   value, the first 16 bytes of each id's SHA-256 (`EventDigest.bytes`) end to end, oldest
///   first (`PackedEventWindow`). Before, `event_ids` held a row per id (its digest in
///   hexadecimal, as 16 bytes since version 3, which also dropped `idempotency_keys_by_age`).
/// - `settings`: the session key's fingerprint and the demo catalogue's anchor (`DemoAnchor`).
/// - `events` (version 5): every accepted event (`KeptEvent`): when it was received, whose, its
///   identifiers and the whole event; `compositions`: the pages their request ids name
///   (`CompositionRecord`).
///
/// Instants are milliseconds since 1970 (UTC). Which keys and event ids a shopper keeps is
/// decided by order of arrival (keys by `seq`, from the shopper's `key_seq`, since version 4;
/// event ids by their place in the window), never by an instant: a clock stepped back or a
/// burst within one millisecond must not make the newest look the oldest.
enum SQLiteSchema {
    /// One step of the schema: SQL, or Swift where SQL cannot say it (SQLite 3.40 has no
    /// `unhex`). Each runs in its own transaction and ends by setting `user_version`.
    enum Migration: Sendable {
        case sql(StaticString)
        case code(@Sendable (SQLiteConnection) throws(SQLiteError) -> Void)
    }

    static let migrations: [Migration] = [
        .sql("""
        CREATE TABLE shoppers (
            id TEXT PRIMARY KEY,
            token_digest TEXT NOT NULL UNIQUE,
            expires_at INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            lines TEXT NOT NULL DEFAULT '',
            keys_held INTEGER NOT NULL DEFAULT 0,
            events_held INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE idempotency_keys (
            shopper TEXT NOT NULL,
            key TEXT NOT NULL,
            fingerprint INTEGER NOT NULL,
            locale TEXT NOT NULL,
            revision INTEGER NOT NULL,
            lines TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            PRIMARY KEY (shopper, key)
        ) WITHOUT ROWID;
        CREATE INDEX idempotency_keys_by_age ON idempotency_keys (shopper, created_at);
        CREATE TABLE event_ids (
            shopper TEXT NOT NULL,
            digest TEXT NOT NULL,
            received_at INTEGER NOT NULL,
            PRIMARY KEY (shopper, digest)
        ) WITHOUT ROWID;
        CREATE INDEX event_ids_by_age ON event_ids (shopper, received_at);
        CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
        PRAGMA user_version = 1;
        """),
        // The sweep of expired sessions and keys goes by expiry.
        .sql("""
        CREATE INDEX shoppers_by_expiry ON shoppers (expires_at);
        CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (expires_at);
        PRAGMA user_version = 2;
        """),
        // Event digests as bytes, without the indexes by age: about half the bytes per shopper.
        .code(binaryEventDigests),
        // Keys and event ids kept by order of arrival, not by clock: each row's `seq` comes from
        // its shopper's counter. Rows from before have 0, older than any new one, and among
        // themselves fall back to their instants. Adding a column rewrites no row.
        .sql("""
        ALTER TABLE shoppers ADD COLUMN key_seq INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE shoppers ADD COLUMN event_seq INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE idempotency_keys ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE event_ids ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
        PRAGMA user_version = 4;
        """),
        // Accepted events whole, with the identifiers reports group by, read back in order of
        // arrival (`received_at`, then `rowid`) and dropped a day at a time; and the
        // compositions their request ids name.
        .sql("""
        CREATE TABLE events (
            received_at INTEGER NOT NULL,
            shopper TEXT NOT NULL,
            event_id TEXT NOT NULL,
            name TEXT NOT NULL,
            request_id TEXT,
            page_id TEXT,
            section_id TEXT,
            item_id TEXT,
            campaign_id TEXT,
            experiment_id TEXT,
            variant TEXT,
            position INTEGER,
            app_version TEXT,
            widget_type TEXT,
            kind TEXT,
            body TEXT NOT NULL
        );
        CREATE INDEX events_by_arrival ON events (received_at);
        CREATE TABLE compositions (
            id TEXT PRIMARY KEY,
            page_id TEXT NOT NULL,
            catalogue_version INTEGER NOT NULL,
            segment TEXT NOT NULL,
            locale TEXT NOT NULL,
            composed_at INTEGER NOT NULL,
            body TEXT NOT NULL
        ) WITHOUT ROWID;
        PRAGMA user_version = 5;
        """),
        .code(packedEventWindows),
        // A shopper's keys in order of arrival, so that pruning them reads this index alone: the
        // columns it orders by lie past each key's answer, on the answer's overflow page.
        .sql("""
        CREATE INDEX idempotency_keys_by_arrival ON idempotency_keys (shopper, seq, created_at);
        PRAGMA user_version = 7;
        """),
    ]

    /// Version 3: `event_ids` again, its digests as 16-byte BLOBs (converted from hexadecimal,
    /// so the window a shopper had is kept) and without `event_ids_by_age`; and no
    /// `idempotency_keys_by_age`.
    ///
    /// Streamed: each row read is written to the new table before the next is read, so the
    /// memory it takes does not grow with the table (SQLite's page cache is bounded, and spills
    /// to the WAL), whatever the number of shoppers and their windows.
    private static func binaryEventDigests(_ database: SQLiteConnection) throws(SQLiteError) {
        try database.execute("""
            CREATE TABLE event_digests (
                shopper TEXT NOT NULL,
                digest BLOB NOT NULL,
                received_at INTEGER NOT NULL,
                PRIMARY KEY (shopper, digest)
            ) WITHOUT ROWID;
            """)
        let select = try database.statement("SELECT shopper, digest, received_at FROM event_ids")
        let insert = try database.statement("INSERT OR IGNORE INTO event_digests (shopper, digest, received_at) VALUES (?1, ?2, ?3)")
        while try select.step() {
            let hex = select.text(1)
            insert.reset()
            try insert.bind(1, select.text(0))
            try insert.bind(2, Data(Crypto.bytes(hex: hex).map { Array($0.prefix(16)) } ?? Array(hex.utf8)))
            try insert.bind(3, select.int64(2))
            try insert.step()
        }
        // A statement not reset keeps the table in use, and it could not be dropped.
        database.resetStatements()
        try database.execute("""
            DROP TABLE event_ids;
            ALTER TABLE event_digests RENAME TO event_ids;
            DROP INDEX idempotency_keys_by_age;
            PRAGMA user_version = 3;
            """)
    }

    /// Version 6: each shopper's window of event ids as one value (`event_windows`,
    /// `PackedEventWindow`): their digests end to end, oldest first, in the order `event_ids`
    /// kept them (`seq`, then the instant for rows from before version 4). `event_ids` goes, and
    /// with it the shoppers' `events_held` and `event_seq` lose their use (left as they are:
    /// dropping a column rewrites the table). A digest that is not 16 bytes (text that was not
    /// hexadecimal before version 3) matched no id the store makes, and is dropped; so are the
    /// ids of shoppers already gone, whom the sweep would have taken.
    ///
    /// Streamed a shopper at a time, so the memory it takes does not grow with the table.
    private static func packedEventWindows(_ database: SQLiteConnection) throws(SQLiteError) {
        try database.execute("""
            CREATE TABLE event_windows (
                shopper TEXT PRIMARY KEY,
                digests BLOB NOT NULL
            );
            """)
        let shoppers = try database.statement("SELECT id FROM shoppers")
        let digests = try database.statement("SELECT digest FROM event_ids WHERE shopper = ?1 ORDER BY seq, received_at")
        let insert = try database.statement("INSERT INTO event_windows (shopper, digests) VALUES (?1, ?2)")
        while try shoppers.step() {
            let shopper = shoppers.text(0)
            digests.reset()
            try digests.bind(1, shopper)
            var window: [UInt8] = []
            while try digests.step() {
                let digest = digests.bytes(0)
                if digest.count == PackedEventWindow.digestLength { window += digest }
            }
            guard !window.isEmpty else { continue }
            insert.reset()
            try insert.bind(1, shopper)
            try insert.bind(2, window)
            try insert.step()
        }
        // A statement not reset keeps the table in use, and it could not be dropped.
        database.resetStatements()
        try database.execute("""
            DROP TABLE event_ids;
            PRAGMA user_version = 6;
            """)
    }

    /// The version a store of this build has.
    static var current: Int { migrations.count }

    /// Why a database cannot be used as this store.
    enum Refusal: Error, CustomStringConvertible {
        case newer(Int)
        case foreign
        case failed(SQLiteError)

        var description: String {
            switch self {
            case .newer(let version):
                "it was written by a newer vitrine (schema \(version); this one knows up to \(SQLiteSchema.current))"
            case .foreign: "it is a database of another program"
            case .failed(let error): "\(error)"
            }
        }
    }

    /// Runs the migrations `database` lacks, up to `target` (all by default; tests stop short).
    /// Each step reads the version inside its own write transaction (`BEGIN IMMEDIATE`), so
    /// that several processes opening one store at once (two `vitrine app`, an app and a
    /// `vitrine serve`) migrate it once: the one that waited for the lock finds it done.
    static func migrate(_ database: SQLiteConnection, upTo target: Int = current) throws(Refusal) {
        enum Step { case migrated, done, refused(Refusal) }
        do {
            while true {
                let step = try database.writeTransaction { () throws(SQLiteError) -> Step in
                    if let refusal = try refusal(of: database) { return .refused(refusal) }
                    let version = try userVersion(database)
                    guard version < min(target, current) else { return .done }
                    switch migrations[version] {
                    case .sql(let statements): try database.execute(statements)
                    case .code(let steps): try steps(database)
                    }
                    return .migrated
                }
                switch step {
                case .migrated: continue
                case .done: return
                case .refused(let refusal): throw refusal
                }
            }
        } catch let error as Refusal {
            throw error
        } catch let error as SQLiteError {
            throw .failed(error)
        } catch {
            throw .failed(SQLiteError(code: 1, message: "\(error)"))
        }
    }

    /// Why `database` is not a store this build may use (a newer vitrine's, another
    /// program's), or nil. Reads only: `migrate` asks under the write lock, and
    /// `SQLiteStore.inspect` on a connection that cannot write, before anything is written.
    static func refusal(of database: SQLiteConnection) throws(SQLiteError) -> Refusal? {
        let version = try userVersion(database)
        if version > current { return .newer(version) }
        if try !isOurs(database, version: version) { return .foreign }
        return nil
    }

    /// The tables a store has at `version`, in byte order (migration 3 replaces `event_ids`
    /// within its transaction, so no other connection sees its interim table).
    static func tables(at version: Int) -> [String] {
        switch version {
        case 6...: ["compositions", "event_windows", "events", "idempotency_keys", "settings", "shoppers"]
        case 5: ["compositions", "event_ids", "events", "idempotency_keys", "settings", "shoppers"]
        default: ["event_ids", "idempotency_keys", "settings", "shoppers"]
        }
    }

    /// Whether `database`, at `version`, is a store of ours: empty (nothing but SQLite's own
    /// objects) before the first migration, and after it exactly our tables, compared by
    /// bytes. Another program's database is told apart whatever its `user_version` says
    /// (many programs set one), so it is never written to.
    private static func isOurs(_ database: SQLiteConnection, version: Int) throws(SQLiteError) -> Bool {
        // SQLite reserves the prefix `sqlite_` (any case) for itself; `_` is escaped, or LIKE
        // would read it as any character and pass `sqliteusers` as SQLite's own.
        let statement = try database.statement(#"SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\_%' ESCAPE '\'"#)
        defer { statement.reset() }
        var tables: [[UInt8]] = []
        var objects = 0
        while try statement.step() {
            objects += 1
            if Array(statement.text(0).utf8) == Array("table".utf8) { tables.append(Array(statement.text(1).utf8)) }
        }
        if version == 0 { return objects == 0 }
        return tables.sorted { $0.lexicographicallyPrecedes($1) } == Self.tables(at: version).map { Array($0.utf8) }
    }

    static func userVersion(_ database: SQLiteConnection) throws(SQLiteError) -> Int {
        let statement = try database.statement("PRAGMA user_version")
        // A statement left on its row would hold its read snapshot (see SQLiteStore.adopt).
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(0)) : 0
    }

}
