import Dispatch
import Foundation
import Synchronization

/// The shared store: the same state as `SQLiteStore`, in PostgreSQL through libpq, so that any
/// number of `vitrine serve` processes behind a load balancer share it. What makes that safe
/// is the database, never a lock in one process: a cart change is one transaction that first
/// claims its idempotency key (`INSERT … ON CONFLICT`: a concurrent claim of the same key at
/// another instance waits for this transaction and then finds its answer), then locks the
/// shopper's row (`SELECT … FOR UPDATE`), so changes to one cart are serialised and each
/// revision is above the one before, whatever instance and clock made it.
final class PostgresStore: ShopperStore {
    let limits: StoreLimits
    let pool: PostgresPool
    private let now: @Sendable () -> Date
    private let sweeps: SweepSchedule
    /// Signalled to stop the thread that looks whether a sweep is due while no request comes
    /// (requests look too).
    private let stopIdleSweeps = DispatchSemaphore(value: 0)
    /// The days whose table of events this instance has made or found.
    let eventDaysMade = Mutex<Set<Int64>>([])

    struct OpenError: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects, migrates the schema (waiting for another instance's migration, said on
    /// `log`), checks the session key's fingerprint and starts a pool of `connections`. The URL
    /// is never printed (it may hold a password): errors name the database's own words only.
    init(url: String, limits: StoreLimits, keyFingerprint: [UInt8], connections: Int,
         now: @escaping @Sendable () -> Date, log: @Sendable (String) -> Void = { _ in }) throws(OpenError) {
        let first: PostgresConnection
        do {
            first = try PostgresConnection(url: url)
            try PostgresSchema.migrate(first, log: log)
            try Self.adopt(keyFingerprint, on: first)
        } catch let error as OpenError {
            throw error
        } catch {
            throw OpenError(description: "cannot use the database: \(error)")
        }
        self.limits = limits
        self.now = now
        sweeps = SweepSchedule(interval: limits.sweepInterval, now: now)
        pool = PostgresPool(url: url, size: connections, first: Owned(first))
        let check = DispatchTimeInterval.milliseconds(Int(limits.idleSweepCheck * 1000))
        let stop = stopIdleSweeps
        let looker = Thread { [weak self] in
            Thread.current.name = "vitrine-sweeps"
            while stop.wait(timeout: .now() + check) == .timedOut { self?.sweepIfDue() }
        }
        looker.start()
        sweepIfDue()
    }

    private static func adopt(_ fingerprint: [UInt8], on connection: PostgresConnection) throws {
        let hex = Crypto.hex(fingerprint)
        try connection.execute("INSERT INTO settings (name, value) VALUES ('session_key', $1) ON CONFLICT (name) DO NOTHING", [hex])
        let kept = try connection.execute("SELECT value FROM settings WHERE name = 'session_key'").value(0) ?? ""
        guard Crypto.constantTimeEqual(Array(kept.utf8), Array(hex.utf8)) else {
            throw OpenError(description: "the database's sessions were made with another session key: give this instance the same session.key as the others (--session-key FILE)")
        }
    }

    static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Runs `body` on a pooled connection (in a transaction when `transaction`), sweeping first
    /// when a sweep is due; a failure reaches `completion` as a `StoreError`.
    func submit<Value: Sendable>(
        transaction: Bool, isRead: Bool = false, completion: @escaping @Sendable (Result<Value, StoreError>) -> Void,
        _ body: @escaping @Sendable (PostgresConnection) throws(PostgresError) -> (commits: Bool, value: Value)
    ) {
        sweepIfDue()
        pool.submit(PostgresPool.Job(enqueued: .now, isTransaction: transaction, isRead: isRead, run: { connection throws(PostgresError) in
            let (commits, value) = try body(connection)
            return PostgresPool.Outcome(commits: commits, delivery: { completion(.success(value)) })
        }, fail: { completion(.failure($0)) }))
    }

    func createSession(_ session: StoredSession, cart: Cart, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        let lines = CartCodec.encode(cart.lines)
        submit(transaction: true, completion: completion) { connection throws(PostgresError) in
            try connection.execute(
                "INSERT INTO shoppers (id, token_digest, expires_at, revision, lines) VALUES ($1, $2, $3::bigint, $4::bigint, $5)",
                [session.shopper.rawValue, Crypto.hex(session.digest.bytes), Self.milliseconds(session.expires), String(cart.revision), lines])
            return (true, ())
        }
    }

    func session(_ digest: SessionDigest, completion: @escaping @Sendable (Result<StoredSession?, StoreError>) -> Void) {
        submit(transaction: false, isRead: true, completion: completion) { connection throws(PostgresError) in
            let rows = try connection.execute("SELECT id, expires_at FROM shoppers WHERE token_digest = $1", [Crypto.hex(digest.bytes)])
            guard let id = rows.value(0), let expires = rows.value(1).flatMap(Int64.init) else { return (true, nil) }
            return (true, StoredSession(digest: digest, shopper: ShopperID(rawValue: id), expires: Date(timeIntervalSince1970: Double(expires) / 1000)))
        }
    }

    func renewSession(_ digest: SessionDigest, until expires: Date, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        submit(transaction: true, completion: completion) { connection throws(PostgresError) in
            let until = Self.milliseconds(expires)
            try connection.execute("UPDATE shoppers SET expires_at = $2::bigint WHERE token_digest = $1 AND expires_at < $2::bigint",
                                   [Crypto.hex(digest.bytes), until])
            return (true, ())
        }
    }

    func cart(of shopper: ShopperID, completion: @escaping @Sendable (Result<Cart?, StoreError>) -> Void) {
        submit(transaction: false, isRead: true, completion: completion) { connection throws(PostgresError) in
            let rows = try connection.execute("SELECT revision, lines FROM shoppers WHERE id = $1", [shopper.rawValue])
            guard let revision = rows.value(0).flatMap(Int.init) else { return (true, nil) }
            var cart = Cart(clock: revision)
            cart.lines = CartCodec.decode(rows.value(1) ?? "")
            return (true, cart)
        }
    }

    func close() {
        stopIdleSweeps.signal()
        pool.close()
    }

    /// Starts a sweep when one is due; a step that left work starts the next at once, so a
    /// sweep deletes everything expired, a bounded batch a transaction.
    private func sweepIfDue(continuing: Bool = false) {
        guard continuing || sweeps.isDue() else { return }
        let instant = now()
        let eventDays = limits.eventDays
        pool.submit(PostgresPool.Job(enqueued: .now, isTransaction: true, run: { connection throws(PostgresError) in
            let workLeft = try Self.sweep(connection, at: instant, eventDays: eventDays)
            return PostgresPool.Outcome(commits: true, delivery: { [weak self] in if workLeft { self?.sweepIfDue(continuing: true) } })
        }, fail: { _ in }))
    }

    /// One step of the sweep, as `SQLiteStore.sweep`: the days of events past the retention
    /// dropped (their tables), at most `SQLiteStore.sweepBatch` expired
    /// sessions deleted with their carts, keys and event ids in one statement (the sessions are
    /// picked once, so no key or event id outlives its session), and at most as many expired
    /// keys. Instances sweep each on their own schedule; rows another sweep has locked are
    /// skipped, not waited for, and a session renewed meanwhile no longer matches. Whether
    /// either found a whole batch.
    static func sweep(_ connection: PostgresConnection, at instant: Date, eventDays: Int) throws(PostgresError) -> Bool {
        let now = milliseconds(instant)
        // Today's and tomorrow's tables of events are made ahead, so the first batch after
        // midnight rarely needs a lock on `events` (a long read holding it only delays that);
        // a sweep that cannot have the lock makes them next time.
        let today = EventDay.of(milliseconds: Int64(now) ?? 0)
        try connection.execute("SAVEPOINT event_days")
        do {
            try connection.execute("SELECT vitrine_event_day($1::date), vitrine_event_day($2::date)",
                                   [EventDay.isoDate(today), EventDay.isoDate(today + 1)])
            try connection.execute("RELEASE SAVEPOINT event_days")
        } catch where !error.isConnectionLost {
            try connection.execute("ROLLBACK TO SAVEPOINT event_days")
        }
        // Days of events past the retention are dropped whole, with their tables.
        let oldestKept = EventDay.of(milliseconds: EventDay.retentionStart(keep: eventDays, now: instant))
        try connection.execute("SELECT vitrine_drop_event_days($1::date)", [EventDay.isoDate(oldestKept)])
        try connection.execute("DELETE FROM compositions WHERE composed_at < $1::bigint",
                               [String(EventDay.retentionStart(keep: eventDays, now: instant))])
        let batch = String(SQLiteStore.sweepBatch)
        let sessions = try connection.execute("""
            WITH gone AS (
                DELETE FROM shoppers WHERE id IN
                    (SELECT id FROM shoppers WHERE expires_at <= $1::bigint ORDER BY expires_at LIMIT $2::integer FOR UPDATE SKIP LOCKED)
                RETURNING id),
            keys AS (DELETE FROM idempotency_keys WHERE shopper IN (SELECT id FROM gone)),
            events AS (DELETE FROM event_ids WHERE shopper IN (SELECT id FROM gone))
            SELECT count(*) FROM gone
            """, [now, batch])
        let keys = try connection.execute("""
            DELETE FROM idempotency_keys WHERE (shopper, key) IN
                (SELECT shopper, key FROM idempotency_keys WHERE expires_at <= $1::bigint LIMIT $2::integer FOR UPDATE SKIP LOCKED)
            """, [now, batch])
        return (sessions.value(0).flatMap(Int.init) ?? 0) >= SQLiteStore.sweepBatch || keys.affected >= SQLiteStore.sweepBatch
    }
}
