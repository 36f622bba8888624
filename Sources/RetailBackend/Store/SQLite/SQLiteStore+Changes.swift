import Foundation
import SQLiteSupport

extension SQLiteStore {
    /// The key's entry (when not expired) replays or refuses; otherwise the change runs on the
    /// cart and the cart and the key's answer are written in the writer's transaction, which
    /// commits before the answer goes out.
    func apply(_ command: CartCommand, completion: @escaping @Sendable (Result<CartOutcome, StoreError>) -> Void) {
        writer.submit(SQLiteWriter.Job(run: { database throws(SQLiteError) in
            let outcome = try self.apply(command, in: database)
            return { completion(.success(outcome)) }
        }, fail: { completion(.failure($0)) }))
    }

    private func apply(_ command: CartCommand, in database: SQLiteConnection) throws(SQLiteError) -> CartOutcome {
        let instant = command.now()
        let now = Self.milliseconds(instant)
        if let key = command.key {
            let select = try database.statement(
                "SELECT fingerprint, locale, revision, lines FROM idempotency_keys WHERE shopper = ?1 AND key = ?2 AND expires_at > ?3")
            try select.bind(1, command.shopper.rawValue)
            try select.bind(2, key.text)
            try select.bind(3, now)
            if try select.step() {
                var answer = Cart(clock: Int(select.int64(2)))
                answer.lines = CartCodec.decode(select.text(3))
                return command.replay(fingerprint: UInt64(bitPattern: select.int64(0)), answer: answer,
                                      locale: StoreLocale(rawValue: select.text(1)) ?? command.locale)
            }
        }
        guard let held = try readCart(command.shopper, in: database) else { return .refused(.shopperGone) }
        var cart = held.cart
        do throws(CartError) {
            try command.change(&cart, instant)
        } catch {
            return .refused(error)
        }
        let lines = CartCodec.encode(cart.lines)
        var keysHeld = Int64(held.keys)
        var keySeq = held.keySeq
        if let key = command.key {
            keySeq += 1
            // Replaces an expired entry of the same key; the newest of the shopper's by `seq`.
            let insert = try database.statement("""
                INSERT OR REPLACE INTO idempotency_keys (shopper, key, fingerprint, locale, revision, lines, created_at, expires_at, seq)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """)
            try insert.bind(1, command.shopper.rawValue)
            try insert.bind(2, key.text)
            try insert.bind(3, Int64(bitPattern: command.fingerprint))
            try insert.bind(4, command.locale.rawValue)
            try insert.bind(5, Int64(cart.revision))
            try insert.bind(6, lines)
            try insert.bind(7, now)
            try insert.bind(8, Self.milliseconds(instant.addingTimeInterval(command.keyLifetime)))
            try insert.bind(9, keySeq)
            try insert.step()
            keysHeld += 1
            if keysHeld > limits.keysPerShopper { keysHeld = try pruneKeys(of: command.shopper, in: database) }
        }
        // The shopper's row is written once, with its count of keys.
        let update = try database.statement(
            "UPDATE shoppers SET revision = ?2, lines = ?3, keys_held = ?4, key_seq = ?5 WHERE id = ?1")
        try update.bind(1, command.shopper.rawValue)
        try update.bind(2, Int64(cart.revision))
        try update.bind(3, lines)
        try update.bind(4, keysHeld)
        try update.bind(5, keySeq)
        try update.step()
        return .answer(cart, command.locale)
    }

    /// Deletes a shopper's (`?1`) keys older than their newest `?2`. The newest go by `seq`,
    /// then (rows from before version 4) their instants, then their key; the oldest kept is
    /// found in `idempotency_keys_by_arrival` and everything older deleted through it, without
    /// a sort or a temporary table.
    static let pruneKeysStatement: StaticString = """
        DELETE FROM idempotency_keys WHERE shopper = ?1 AND (seq, created_at, key) <=
            (SELECT seq, created_at, key FROM idempotency_keys WHERE shopper = ?1
             ORDER BY seq DESC, created_at DESC, key DESC LIMIT 1 OFFSET ?2)
        """

    /// Keeps a shopper's newest `keysPerShopper` keys and returns how many are left.
    /// `keys_held` counts keys the sweep has since deleted as expired, so it may say more than
    /// there are: when nothing was over the limit, they are counted.
    private func pruneKeys(of shopper: ShopperID, in database: SQLiteConnection) throws(SQLiteError) -> Int64 {
        let delete = try database.statement(Self.pruneKeysStatement)
        try delete.bind(1, shopper.rawValue)
        try delete.bind(2, Int64(limits.keysPerShopper))
        try delete.step()
        // Something deleted: more were held than the limit, and exactly the limit is left.
        if database.changes > 0 { return Int64(limits.keysPerShopper) }
        let count = try database.statement("SELECT count(*) FROM idempotency_keys WHERE shopper = ?1")
        try count.bind(1, shopper.rawValue)
        _ = try count.step()
        return count.int64(0)
    }

    func recordEvents(_ events: [KeptEvent], of shopper: ShopperID, at instant: Date,
                      completion: @escaping @Sendable (Result<[Bool]?, StoreError>) -> Void) {
        // Digests are made on the caller's thread, not the writer's.
        var digests: [[UInt8]] = []
        digests.reserveCapacity(events.count)
        for event in events {
            guard let digest = EventDigest.bytes(event.sentID) else {
                return completion(.failure(.unavailable("cannot digest event ids (libcrypto failed)")))
            }
            digests.append(digest)
        }
        writer.submit(SQLiteWriter.Job(run: { [digests] database throws(SQLiteError) in
            let fresh = try self.recordEvents(digests, of: shopper, in: database)
            if let fresh { try Self.keep(events, fresh: fresh, of: shopper, at: instant, in: database) }
            return { completion(.success(fresh)) }
        }, fail: { completion(.failure($0)) }))
    }

    /// Writes the new events of a batch, in its order, in the transaction that recorded their ids.
    private static func keep(_ events: [KeptEvent], fresh: [Bool], of shopper: ShopperID, at instant: Date,
                             in database: SQLiteConnection) throws(SQLiteError) {
        let insert = try database.statement("""
            INSERT INTO events (received_at, shopper, event_id, name, request_id, page_id, section_id, item_id, campaign_id,
                                experiment_id, variant, position, app_version, widget_type, kind, body)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
            """)
        for (event, isNew) in zip(events, fresh) where isNew {
            insert.reset()
            try insert.bind(1, milliseconds(instant))
            try insert.bind(2, shopper.rawValue)
            for (offset, value) in event.columns.enumerated() {
                let index = Int32(offset + 3)
                if let value { try insert.bind(index, value) } else { try insert.bindNull(index) }
            }
            if let position = event.position { try insert.bind(12, position) } // an integer, not its text
            try insert.step()
        }
    }

    func recordComposition(_ composition: CompositionRecord, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        writer.submit(SQLiteWriter.Job(run: { database throws(SQLiteError) in
            let insert = try database.statement("""
                INSERT INTO compositions (id, page_id, catalogue_version, segment, locale, composed_at, body)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                ON CONFLICT (id) DO UPDATE SET composed_at = max(composed_at, excluded.composed_at)
                """)
            try insert.bind(1, composition.id)
            try insert.bind(2, composition.pageID)
            try insert.bind(3, Int64(composition.catalogueVersion))
            try insert.bind(4, composition.segment)
            try insert.bind(5, composition.locale)
            try insert.bind(6, composition.composedAt)
            try insert.bind(7, composition.body)
            try insert.step()
            return { completion(.success(())) }
        }, fail: { completion(.failure($0)) }))
    }

    func demoAnchor(proposal: Date, at now: Date, completion: @escaping @Sendable (Result<Date, StoreError>) -> Void) {
        writer.submit(SQLiteWriter.Job(run: { database throws(SQLiteError) in
            let select = try database.statement("SELECT value FROM settings WHERE name = 'demo_anchor'")
            let kept = try select.step() ? select.text(0) : nil
            select.reset()
            if let anchor = DemoAnchor.usable(kept, at: now) { return { completion(.success(anchor)) } }
            // One writer at a time holds the store: what it writes is what every reader reads.
            let upsert = try database.statement("INSERT OR REPLACE INTO settings (name, value) VALUES ('demo_anchor', ?1)")
            try upsert.bind(1, DemoAnchor.setting(proposal))
            try upsert.step()
            return { completion(.success(proposal)) }
        }, fail: { completion(.failure($0)) }))
    }

    /// Which of `digests` the shopper has not sent before, with the new ones added to the
    /// shopper's window (`PackedEventWindow`, kept to `eventIDsPerShopper`, the newest by
    /// order of arrival); nil when the shopper is gone. A digest repeated within the batch is
    /// new once.
    private func recordEvents(_ digests: [[UInt8]], of shopper: ShopperID,
                              in database: SQLiteConnection) throws(SQLiteError) -> [Bool]? {
        // The shopper's row says they exist; their window, if any, comes with it.
        let select = try database.statement(
            "SELECT event_windows.digests FROM shoppers LEFT JOIN event_windows ON event_windows.shopper = shoppers.id WHERE shoppers.id = ?1")
        try select.bind(1, shopper.rawValue)
        guard try select.step() else { return nil }
        var window = PackedEventWindow(bytes: select.bytes(0))
        select.reset()
        var fresh: [Bool] = []
        fresh.reserveCapacity(digests.count)
        for digest in digests {
            let isNew = !window.contains(digest)
            if isNew { window.append(digest) }
            fresh.append(isNew)
        }
        guard fresh.contains(true) else { return fresh }
        window.keepNewest(limits.eventIDsPerShopper)
        let write = try database.statement("""
            INSERT INTO event_windows (shopper, digests) VALUES (?1, ?2)
            ON CONFLICT (shopper) DO UPDATE SET digests = excluded.digests
            """)
        try write.bind(1, shopper.rawValue)
        try write.bind(2, window.bytes)
        try write.step()
        return fresh
    }
}

/// An event id as durable stores keep it: the SHA-256 of its UTF-8 bytes (its first 16 bytes
/// in SQLite, in hexadecimal in PostgreSQL), so that an id of any length costs the same and ids
/// are compared byte for byte.
enum EventDigest {
    /// The first 16 bytes of the SHA-256 (SQLite's windows): two ids of one shopper's window of
    /// 1,000 meet by chance with a probability under 2^-108, and each byte is multiplied by the
    /// window and the shoppers. Nil if libcrypto failed.
    static func bytes(_ id: ExactText) -> [UInt8]? {
        Crypto.sha256(id.bytes).map { Array($0.prefix(PackedEventWindow.digestLength)) }
    }

    static func hex(_ id: ExactText) -> String {
        // SHA-256 does not fail for an id of at most 128 bytes; the bytes themselves stand in
        // if libcrypto ever did (still exact, only longer).
        Crypto.sha256(id.bytes).map(Crypto.hex) ?? "raw:" + Crypto.hex(id.bytes)
    }
}
