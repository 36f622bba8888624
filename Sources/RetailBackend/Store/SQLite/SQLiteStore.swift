import Foundation
import PrivateFiles
import SQLiteSupport

/// The embedded durable store: one SQLite file, `vitrine.sqlite`, in the data directory (made
/// `0700`, the file `0600`), in WAL mode with `synchronous=FULL`, so that a commit survives a
/// killed process and a power loss. Changes go through the group-committing writer
/// (`SQLiteWriter`); reads through read-only connections (`SQLiteReaders`). Several processes
/// on one machine may open one data directory (the app's embedded backend and `vitrine serve`
/// share the default one): every write takes the lock up front and waits for the other's, and
/// no statement is left holding a read snapshot. Hosts share state through PostgreSQL.
final class SQLiteStore: ShopperStore {
    static let fileName = "vitrine.sqlite"

    let path: String
    let limits: StoreLimits
    let writer: SQLiteWriter
    let readers: SQLiteReaders

    /// Why a store could not be opened: the message names the file and what to do.
    struct OpenError: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens (or creates) the store in `directory` (made ready by `prepare(_:)`), migrating its
    /// schema, and checks that its sessions were made under `keyFingerprint` (recording it in a
    /// new store). A database that is not this build's is refused unchanged (`inspect(_:)`,
    /// which the caller runs first too, before it writes a key beside it); another process's
    /// write lock (its migration) is waited for, and the wait written to `log`.
    init(directory: URL, limits: StoreLimits, keyFingerprint: [UInt8],
         now: @escaping @Sendable () -> Date, log: @Sendable (String) -> Void = { _ in }) throws(OpenError) {
        let path = directory.appendingPathComponent(Self.fileName).path
        let writerConnection: SQLiteConnection
        do {
            try PrivateDirectory.make(directory)
            try Self.inspect(directory)
            try PrivateFile.createIfMissing(path)
            writerConnection = try Self.openWriter(path, keyFingerprint: keyFingerprint, log: log)
        } catch let error as OpenError {
            throw error
        } catch {
            throw OpenError(description: "cannot open the store \(path): \(SystemErrorText.of(error))")
        }
        self.path = path
        self.limits = limits
        readers = SQLiteReaders(path: path)
        writer = SQLiteWriter(connection: Owned(writerConnection), housekeeping: SQLiteWriter.Housekeeping(
            schedule: SweepSchedule(interval: limits.sweepInterval, now: now), idleCheck: .milliseconds(Int(limits.idleSweepCheck * 1000)),
            run: { database throws(SQLiteError) in try SQLiteStore.sweep(database, at: now(), eventDays: limits.eventDays) }))
    }

    /// Records the session key's fingerprint in a new store, or checks it against the one kept.
    static func adopt(_ fingerprint: [UInt8], in database: SQLiteConnection, path: String) throws {
        let hex = Crypto.hex(fingerprint)
        try database.writeTransaction { () throws(SQLiteError) in
            let insert = try database.statement("INSERT OR IGNORE INTO settings (name, value) VALUES ('session_key', ?1)")
            try insert.bind(1, hex)
            try insert.step()
        }
        let select = try database.statement("SELECT value FROM settings WHERE name = 'session_key'")
        // Reset once read: a statement left on its row keeps its read transaction, and the
        // writer's first BEGIN IMMEDIATE would then fail (SQLITE_BUSY_SNAPSHOT) as soon as
        // another process sharing the directory had committed since.
        defer { select.reset() }
        guard try select.step(), Crypto.constantTimeEqual(Array(select.text(0).utf8), Array(hex.utf8)) else {
            throw OpenError(description: "the sessions in \(path) were made with another session key: put its session.key back, or move the store aside to start with no sessions and carts")
        }
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    func createSession(_ session: StoredSession, cart: Cart, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        let lines = CartCodec.encode(cart.lines)
        writer.submit(SQLiteWriter.Job(run: { database throws(SQLiteError) in
            let insert = try database.statement(
                "INSERT INTO shoppers (id, token_digest, expires_at, revision, lines) VALUES (?1, ?2, ?3, ?4, ?5)")
            try insert.bind(1, session.shopper.rawValue)
            try insert.bind(2, Crypto.hex(session.digest.bytes))
            try insert.bind(3, Self.milliseconds(session.expires))
            try insert.bind(4, Int64(cart.revision))
            try insert.bind(5, lines)
            try insert.step()
            return { completion(.success(())) }
        }, fail: { completion(.failure($0)) }))
    }

    func session(_ digest: SessionDigest, completion: @escaping @Sendable (Result<StoredSession?, StoreError>) -> Void) {
        do {
            let session = try readers.read { database throws(SQLiteError) -> StoredSession? in
                let select = try database.statement("SELECT id, expires_at FROM shoppers WHERE token_digest = ?1")
                try select.bind(1, Crypto.hex(digest.bytes))
                guard try select.step() else { return nil }
                return StoredSession(digest: digest, shopper: ShopperID(rawValue: select.text(0)),
                                     expires: Date(timeIntervalSince1970: Double(select.int64(1)) / 1000))
            }
            completion(.success(session))
        } catch {
            completion(.failure(StoreError(error)))
        }
    }

    func renewSession(_ digest: SessionDigest, until expires: Date, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        writer.submit(SQLiteWriter.Job(run: { database throws(SQLiteError) in
            let update = try database.statement("UPDATE shoppers SET expires_at = ?2 WHERE token_digest = ?1 AND expires_at < ?2")
            try update.bind(1, Crypto.hex(digest.bytes))
            try update.bind(2, Self.milliseconds(expires))
            try update.step()
            return { completion(.success(())) }
        }, fail: { completion(.failure($0)) }))
    }

    func cart(of shopper: ShopperID, completion: @escaping @Sendable (Result<Cart?, StoreError>) -> Void) {
        do {
            let cart = try readers.read { database throws(SQLiteError) -> Cart? in try self.readCart(shopper, in: database)?.cart }
            completion(.success(cart))
        } catch {
            completion(.failure(StoreError(error)))
        }
    }

    /// A shopper's row: the cart, how many keys and event ids they hold, and the last number
    /// of each order of arrival (`SQLiteSchema`).
    struct HeldShopper {
        var cart: Cart
        var keys: Int
        var keySeq: Int64
    }

    /// The shopper's row, or nil.
    func readCart(_ shopper: ShopperID, in database: SQLiteConnection) throws(SQLiteError) -> HeldShopper? {
        let select = try database.statement("SELECT revision, lines, keys_held, key_seq FROM shoppers WHERE id = ?1")
        try select.bind(1, shopper.rawValue)
        guard try select.step() else { return nil }
        var cart = Cart(clock: Int(select.int64(0)))
        cart.lines = CartCodec.decode(select.text(1))
        return HeldShopper(cart: cart, keys: Int(select.int64(2)), keySeq: select.int64(3))
    }

    func readEvents(received range: Range<Int64>, each: @escaping @Sendable (StoredEvent) -> Void,
                    completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        do {
            try readers.readEvents(received: range, each: each)
            completion(.success(()))
        } catch {
            completion(.failure(StoreError(error)))
        }
    }

    func compositions(completion: @escaping @Sendable (Result<[CompositionRecord], StoreError>) -> Void) {
        do {
            completion(.success(try readers.compositions()))
        } catch {
            completion(.failure(StoreError(error)))
        }
    }

    func close() {
        writer.close()
        readers.close()
    }

    /// Rows of each kind one sweep step deletes: a transaction of bounded length, so that the
    /// changes queued meanwhile wait little.
    static let sweepBatch = 1_000

    /// One step of the sweep: deletes at most `sweepBatch` events received before the oldest day
    /// kept (`StoreLimits.eventDays`; events outlive their shoppers), at most `sweepBatch` expired sessions with their carts,
    /// keys and event id windows (the same sessions in each statement: the oldest expiries first, ties
    /// by id, and only this thread writes), and at most `sweepBatch` expired keys. Whether
    /// either found a whole batch (there may be more).
    static func sweep(_ database: SQLiteConnection, at now: Date, eventDays: Int) throws(SQLiteError) -> Bool {
        let instant = milliseconds(now)
        // Events of days past the retention go first, a batch at a time, oldest first.
        let events = try database.statement(
            "DELETE FROM events WHERE rowid IN (SELECT rowid FROM events WHERE received_at < ?1 ORDER BY received_at LIMIT ?2)")
        try events.bind(1, EventDay.retentionStart(keep: eventDays, now: now))
        try events.bind(2, Int64(sweepBatch))
        try events.step()
        let eventsLeft = database.changes >= sweepBatch
        // Compositions no instance has made since then go with the events that could name them.
        let compositions = try database.statement(
            "DELETE FROM compositions WHERE id IN (SELECT id FROM compositions WHERE composed_at < ?1 LIMIT ?2)")
        try compositions.bind(1, EventDay.retentionStart(keep: eventDays, now: now))
        try compositions.bind(2, Int64(sweepBatch))
        try compositions.step()
        let compositionsLeft = database.changes >= sweepBatch
        // Each statement, and whether the rows it deletes are the batch it is bounded by.
        let steps: [(sql: StaticString, isBatch: Bool)] = [
            ("DELETE FROM idempotency_keys WHERE shopper IN (SELECT id FROM shoppers WHERE expires_at <= ?1 ORDER BY expires_at, id LIMIT ?2)", false),
            ("DELETE FROM event_windows WHERE shopper IN (SELECT id FROM shoppers WHERE expires_at <= ?1 ORDER BY expires_at, id LIMIT ?2)", false),
            ("DELETE FROM shoppers WHERE id IN (SELECT id FROM shoppers WHERE expires_at <= ?1 ORDER BY expires_at, id LIMIT ?2)", true),
            ("DELETE FROM idempotency_keys WHERE (shopper, key) IN (SELECT shopper, key FROM idempotency_keys WHERE expires_at <= ?1 LIMIT ?2)", true),
        ]
        var workLeft = false
        for step in steps {
            let statement = try database.statement(step.sql)
            try statement.bind(1, instant)
            try statement.bind(2, Int64(sweepBatch))
            try statement.step()
            if step.isBatch, database.changes >= sweepBatch { workLeft = true }
        }
        return workLeft || eventsLeft || compositionsLeft
    }
}
