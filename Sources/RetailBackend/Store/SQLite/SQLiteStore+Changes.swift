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
        let keyed: Int64 = command.key == nil ? 0 : 1
        let update = try database.statement(
            "UPDATE shoppers SET revision = ?2, lines = ?3, keys_held = keys_held + ?4, key_seq = key_seq + ?4 WHERE id = ?1")
        try update.bind(1, command.shopper.rawValue)
        try update.bind(2, Int64(cart.revision))
        try update.bind(3, lines)
        try update.bind(4, keyed)
        try update.step()
        if let key = command.key {
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
            try insert.bind(9, held.keySeq + 1)
            try insert.step()
            if held.keys + 1 > limits.keysPerShopper { try pruneKeys(of: command.shopper, in: database) }
        }
        return .answer(cart, command.locale)
    }

    /// Keeps a shopper's newest `keysPerShopper` keys (read by the primary key and sorted:
    /// they are a few).
    private func pruneKeys(of shopper: ShopperID, in database: SQLiteConnection) throws(SQLiteError) {
        try keepNewest(limits.keysPerShopper, of: shopper, in: .keys, database: database)
    }

    /// A shopper's rows kept to a bound, newest first by order of arrival (rows from before
    /// version 4 by their instants), and the count the shopper's row holds of them: each with
    /// its two statements (static text, as every statement here).
    private enum BoundedRows {
        case keys, eventIDs

        /// Deletes all but the shopper's (?1) newest ?2 rows.
        var deleteOlder: StaticString {
            switch self {
            case .keys: """
                DELETE FROM idempotency_keys WHERE shopper = ?1 AND key NOT IN
                    (SELECT key FROM idempotency_keys WHERE shopper = ?1 ORDER BY seq DESC, created_at DESC LIMIT ?2)
                """
            case .eventIDs: """
                DELETE FROM event_ids WHERE shopper = ?1 AND digest NOT IN
                    (SELECT digest FROM event_ids WHERE shopper = ?1 ORDER BY seq DESC, received_at DESC LIMIT ?2)
                """
            }
        }

        /// Sets the shopper's (?1) counter to the rows left.
        var recount: StaticString {
            switch self {
            case .keys: "UPDATE shoppers SET keys_held = (SELECT count(*) FROM idempotency_keys WHERE shopper = ?1) WHERE id = ?1"
            case .eventIDs: "UPDATE shoppers SET events_held = (SELECT count(*) FROM event_ids WHERE shopper = ?1) WHERE id = ?1"
            }
        }
    }

    /// Deletes all but `shopper`'s newest `count` rows of `rows` and sets the shopper's
    /// counter to what is left.
    private func keepNewest(_ count: Int, of shopper: ShopperID, in rows: BoundedRows, database: SQLiteConnection) throws(SQLiteError) {
        let delete = try database.statement(rows.deleteOlder)
        try delete.bind(1, shopper.rawValue)
        try delete.bind(2, Int64(count))
        try delete.step()
        let recount = try database.statement(rows.recount)
        try recount.bind(1, shopper.rawValue)
        try recount.step()
    }

    func recordEvents(_ events: [KeptEvent], of shopper: ShopperID, at instant: Date,
                      completion: @escaping @Sendable (Result<[Bool]?, StoreError>) -> Void) {
        // Digests are made on the caller's thread, not the writer's.
        let digests = events.map { EventDigest.bytes($0.sentID) }
        writer.submit(SQLiteWriter.Job(run: { database throws(SQLiteError) in
            let fresh = try self.recordEvents(digests, of: shopper, at: instant, in: database)
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

    private func recordEvents(_ digests: [Data], of shopper: ShopperID, at instant: Date,
                              in database: SQLiteConnection) throws(SQLiteError) -> [Bool]? {
        // The shopper's counts alone: their cart is not read.
        let select = try database.statement("SELECT events_held, event_seq FROM shoppers WHERE id = ?1")
        try select.bind(1, shopper.rawValue)
        guard try select.step() else { return nil }
        let held = (events: Int(select.int64(0)), eventSeq: select.int64(1))
        select.reset()
        var fresh: [Bool] = []
        fresh.reserveCapacity(digests.count)
        var seq = held.eventSeq
        for digest in digests {
            let insert = try database.statement("INSERT OR IGNORE INTO event_ids (shopper, digest, received_at, seq) VALUES (?1, ?2, ?3, ?4)")
            try insert.bind(1, shopper.rawValue)
            try insert.bind(2, digest)
            try insert.bind(3, Self.milliseconds(instant))
            try insert.bind(4, seq + 1)
            try insert.step()
            let isNew = database.changes == 1
            if isNew { seq += 1 }
            fresh.append(isNew)
        }
        let accepted = fresh.filter { $0 }.count
        guard accepted > 0 else { return fresh }
        let update = try database.statement("UPDATE shoppers SET events_held = events_held + ?2, event_seq = event_seq + ?2 WHERE id = ?1")
        try update.bind(1, shopper.rawValue)
        try update.bind(2, Int64(accepted))
        try update.step()
        let excess = held.events + accepted - limits.eventIDsPerShopper
        if excess > 0 {
            // The window is pruned as soon as it is over its size, so a shopper never holds
            // more (a batch holds at most `maxEventsPerBatch`). Ids since version 4 are numbered
            // densely in order of arrival, so the newest `eventIDsPerShopper` are those above
            // `seq - eventIDsPerShopper`: the older ones go in one statement, without a sort. A
            // window still holding ids from before (numbered 0) is pruned the exact, slower way.
            let delete = try database.statement("DELETE FROM event_ids WHERE shopper = ?1 AND seq > 0 AND seq <= ?2")
            try delete.bind(1, shopper.rawValue)
            try delete.bind(2, seq - Int64(limits.eventIDsPerShopper))
            try delete.step()
            let deleted = database.changes
            if deleted == excess {
                let count = try database.statement("UPDATE shoppers SET events_held = events_held - ?2 WHERE id = ?1")
                try count.bind(1, shopper.rawValue)
                try count.bind(2, Int64(deleted))
                try count.step()
            } else {
                try keepNewest(limits.eventIDsPerShopper, of: shopper, in: .eventIDs, database: database)
            }
        }
        return fresh
    }
}

/// An event id as durable stores keep it: the SHA-256 of its UTF-8 bytes (as bytes in SQLite,
/// in hexadecimal in PostgreSQL), so that an id of any length costs the same and ids are
/// compared byte for byte.
enum EventDigest {
    /// The first 16 bytes of the SHA-256 (SQLite's rows): two ids of one shopper's window of
    /// 1,000 meet by chance with a probability under 2^-108, and each byte of a row is
    /// multiplied by the window and the shoppers.
    static func bytes(_ id: ExactText) -> Data {
        // As `hex`: the id's own bytes, marked, if libcrypto ever failed.
        Data(Crypto.sha256(id.bytes).map { Array($0.prefix(16)) } ?? Array("raw:".utf8) + id.bytes)
    }

    static func hex(_ id: ExactText) -> String {
        // SHA-256 does not fail for an id of at most 128 bytes; the bytes themselves stand in
        // if libcrypto ever did (still exact, only longer).
        Crypto.sha256(id.bytes).map(Crypto.hex) ?? "raw:" + Crypto.hex(id.bytes)
    }
}
