import FlowCore
import Foundation
import Synchronization

extension PostgresStore {
    /// One transaction: claim the key, or find its answer; lock the cart; apply; write the cart
    /// and the key's answer; commit. A refusal rolls back, so a refused request leaves no key.
    func apply(_ command: CartCommand, completion: @escaping @Sendable (Result<CartOutcome, StoreError>) -> Void) {
        let keysPerShopper = limits.keysPerShopper
        submit(transaction: true, completion: completion) { connection throws(PostgresError) -> (commits: Bool, value: CartOutcome) in
            let shopper = command.shopper.rawValue
            let instant = command.now()
            let now = Self.milliseconds(instant)
            if let key = command.key {
                // A new key, or an expired entry taken over; a live entry is left as it is. A
                // concurrent claim of the same key waits here until the other transaction ends.
                let claimed = try connection.execute("""
                    INSERT INTO idempotency_keys (shopper, key, fingerprint, locale, created_at, expires_at)
                    VALUES ($1, $2, $3::bigint, $4, $5::bigint, $6::bigint)
                    ON CONFLICT (shopper, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, locale = EXCLUDED.locale,
                        revision = NULL, lines = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
                        WHERE idempotency_keys.expires_at <= $5::bigint
                    RETURNING 1
                    """, [shopper, key.text, String(Int64(bitPattern: command.fingerprint)), command.locale.rawValue, now,
                          Self.milliseconds(instant.addingTimeInterval(command.keyLifetime))])
                if claimed.rows.isEmpty {
                    let entry = try connection.execute(
                        "SELECT fingerprint, locale, revision, lines FROM idempotency_keys WHERE shopper = $1 AND key = $2", [shopper, key.text])
                    guard let fingerprint = entry.value(0).flatMap(Int64.init), let revision = entry.value(2).flatMap(Int.init) else {
                        throw PostgresError(state: "40001", message: "the key's entry changed meanwhile", isConnectionLost: false)
                    }
                    var answer = Cart(clock: revision)
                    answer.lines = CartCodec.decode(entry.value(3) ?? "")
                    return (false, command.replay(fingerprint: UInt64(bitPattern: fingerprint), answer: answer,
                                                  locale: entry.value(1).flatMap(StoreLocale.init) ?? command.locale))
                }
            }
            let held = try connection.execute("SELECT revision, lines, keys_held, key_seq FROM shoppers WHERE id = $1 FOR UPDATE", [shopper])
            guard let revision = held.value(0).flatMap(Int.init) else { return (false, .refused(.shopperGone)) }
            var cart = Cart(clock: revision)
            cart.lines = CartCodec.decode(held.value(1) ?? "")
            do throws(CartError) {
                try command.change(&cart, instant)
            } catch {
                return (false, .refused(error))
            }
            let lines = CartCodec.encode(cart.lines)
            let keyed = command.key == nil ? "0" : "1"
            try connection.execute(
                "UPDATE shoppers SET revision = $2::bigint, lines = $3, keys_held = keys_held + $4::integer, key_seq = key_seq + $4::integer WHERE id = $1",
                [shopper, String(cart.revision), lines, keyed])
            if let key = command.key {
                // The shopper's row is locked: its counter orders their keys whatever the
                // instances' clocks say.
                let seq = (held.value(3).flatMap(Int64.init) ?? 0) + 1
                try connection.execute("UPDATE idempotency_keys SET revision = $3::bigint, lines = $4, seq = $5::bigint WHERE shopper = $1 AND key = $2",
                                       [shopper, key.text, String(cart.revision), lines, String(seq)])
                let keys = held.value(2).flatMap(Int.init) ?? 0
                if keys + 1 > keysPerShopper {
                    try connection.execute("""
                        DELETE FROM idempotency_keys WHERE shopper = $1 AND key NOT IN
                            (SELECT key FROM idempotency_keys WHERE shopper = $1 ORDER BY seq DESC, created_at DESC LIMIT $2::integer)
                        """, [shopper, String(keysPerShopper)])
                    try connection.execute(
                        "UPDATE shoppers SET keys_held = (SELECT count(*) FROM idempotency_keys WHERE shopper = $1) WHERE id = $1", [shopper])
                }
            }
            return (true, .answer(cart, command.locale))
        }
    }

    /// One transaction: the shopper's row is locked (its counter numbers the batch's ids in
    /// order of arrival), the new ids are inserted (`ON CONFLICT DO NOTHING`: one already in
    /// the window, from any instance, is a repeat), the shopper's count moves, and the window is
    /// pruned to its size, newest by that order, as soon as it holds more.
    func demoAnchor(proposal: Date, at now: Date, completion: @escaping @Sendable (Result<Date, StoreError>) -> Void) {
        submit(transaction: true, completion: completion) { connection throws(PostgresError) -> (commits: Bool, value: Date) in
            // The row is locked while it is judged: instances starting together keep one anchor.
            try connection.execute("INSERT INTO settings (name, value) VALUES ('demo_anchor', $1) ON CONFLICT (name) DO NOTHING",
                                   [DemoAnchor.setting(proposal)])
            let kept = try connection.execute("SELECT value FROM settings WHERE name = 'demo_anchor' FOR UPDATE").value(0)
            if let anchor = DemoAnchor.usable(kept, at: now) { return (true, anchor) }
            try connection.execute("UPDATE settings SET value = $1 WHERE name = 'demo_anchor'", [DemoAnchor.setting(proposal)])
            return (true, proposal)
        }
    }

    func recordEvents(_ events: [KeptEvent], of shopper: ShopperID, at instant: Date,
                      completion: @escaping @Sendable (Result<[Bool]?, StoreError>) -> Void) {
        let digests = events.map { EventDigest.hex($0.sentID) }
        // Repeats within the batch are repeats: each digest is sent once, its first place counts.
        var seen: Set<String> = []
        let distinct = digests.filter { seen.insert($0).inserted }
        let perShopper = limits.eventIDsPerShopper
        let received = Self.milliseconds(instant)
        let day = EventDay.of(milliseconds: Int64(received) ?? 0)
        submit(transaction: true, completion: completion) { connection throws(PostgresError) -> (commits: Bool, value: [Bool]?) in
            let id = shopper.rawValue
            let locked = try connection.execute("SELECT event_seq FROM shoppers WHERE id = $1 FOR UPDATE", [id])
            guard let base = locked.value(0).flatMap(Int64.init) else { return (false, nil) }
            let inserted = try connection.execute("""
                INSERT INTO event_ids (shopper, digest, received_at, seq)
                SELECT $1, batch.digest, $3::bigint, $4::bigint + batch.position FROM unnest(string_to_array($2, ',')) WITH ORDINALITY AS batch(digest, position)
                ON CONFLICT (shopper, digest) DO NOTHING RETURNING digest
                """, [id, distinct.joined(separator: ","), received, String(base)])
            let fresh = Set(inserted.rows.compactMap { $0.first ?? nil })
            var counted: Set<String> = []
            let flags = digests.map { digest in fresh.contains(digest) && counted.insert(digest).inserted }
            guard !fresh.isEmpty else { return (true, flags) }
            try self.keep(zip(events, flags).filter(\.1).map(\.0), of: id, received: received, day: day, on: connection)
            let held = try connection.execute(
                "UPDATE shoppers SET events_held = events_held + $2::integer, event_seq = event_seq + $3::integer WHERE id = $1 RETURNING events_held",
                [id, String(fresh.count), String(distinct.count)])
            if let count = held.value(0).flatMap(Int.init), count > perShopper {
                try connection.execute("""
                    DELETE FROM event_ids WHERE shopper = $1 AND digest NOT IN
                        (SELECT digest FROM event_ids WHERE shopper = $1 ORDER BY seq DESC, received_at DESC LIMIT $2::integer)
                    """, [id, String(perShopper)])
                try connection.execute("UPDATE shoppers SET events_held = (SELECT count(*) FROM event_ids WHERE shopper = $1) WHERE id = $1", [id])
            }
            return (true, flags)
        }
    }

    /// Writes the new events of a batch, in its order, in the transaction that recorded their
    /// ids; the day's table is made first when this instance has not seen it made.
    private func keep(_ events: [KeptEvent], of shopper: String, received: String, day: Int64,
                      on connection: PostgresConnection) throws(PostgresError) {
        let date = EventDay.isoDate(day)
        if !eventDaysMade.withLock({ $0.contains(day) }) {
            // Another instance may make the same day at the same moment: its error is undone
            // alone, and the table is there either way.
            try connection.execute("SAVEPOINT event_day")
            do {
                try connection.execute("SELECT vitrine_event_day($1::date)", [date])
                try connection.execute("RELEASE SAVEPOINT event_day")
            } catch where !error.isConnectionLost {
                try connection.execute("ROLLBACK TO SAVEPOINT event_day")
            }
            eventDaysMade.withLock { _ = $0.insert(day) }
        }
        let rows: [JSONValue] = events.map { event in
            .array(event.columns.map { $0.map(JSONValue.string) ?? .null })
        }
        do {
            try connection.execute("""
                INSERT INTO events (day, received_at, shopper, event_id, name, request_id, page_id, section_id, item_id, campaign_id,
                                    experiment_id, variant, position, app_version, widget_type, kind, body)
                SELECT $1::date, $2::bigint, $3, e->>0, e->>1, e->>2, e->>3, e->>4, e->>5, e->>6, e->>7, e->>8, (e->>9)::bigint,
                       e->>10, e->>11, e->>12, e->>13
                FROM json_array_elements($4::json) WITH ORDINALITY AS batch(e, n) ORDER BY n
                """, [date, received, shopper, String(decoding: JSONWriter.data(for: .array(rows)), as: UTF8.self)])
        } catch where error.state == "23514" {
            // No table for the day (dropped meanwhile by a sweep with another clock): made again next time.
            eventDaysMade.withLock { _ = $0.remove(day) }
            throw error
        }
    }

    func recordComposition(_ composition: CompositionRecord, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        submit(transaction: false, completion: completion) { connection throws(PostgresError) -> (commits: Bool, value: Void) in
            try connection.execute("""
                INSERT INTO compositions (id, page_id, catalogue_version, segment, locale, composed_at, body)
                VALUES ($1, $2, $3::integer, $4, $5, $6::bigint, $7)
                ON CONFLICT (id) DO UPDATE SET composed_at = GREATEST(compositions.composed_at, EXCLUDED.composed_at)
                """, [composition.id, composition.pageID, String(composition.catalogueVersion), composition.segment, composition.locale,
                      String(composition.composedAt), composition.body])
            return (true, ())
        }
    }

    func readEvents(received range: Range<Int64>, each: @escaping @Sendable (StoredEvent) -> Void,
                    completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        submit(transaction: false, isRead: true, completion: completion) { connection throws(PostgresError) -> (commits: Bool, value: Void) in
            try Self.readEvents(received: range, on: connection, each: each)
            return (true, ())
        }
    }

    func compositions(completion: @escaping @Sendable (Result<[CompositionRecord], StoreError>) -> Void) {
        submit(transaction: false, isRead: true, completion: completion) { connection throws(PostgresError) -> (commits: Bool, value: [CompositionRecord]) in
            (true, try Self.compositions(on: connection))
        }
    }

    /// Rows a read of events takes at a time.
    static let eventPage = 5_000

    /// The events received in `range`, in order of arrival, `eventPage` at a time, each page a
    /// statement of its own after the last row of the one before (no transaction, no cursor):
    /// a long read holds no lock between pages, so the day's table can be made and old days
    /// dropped meanwhile, and a slow reader is not ended as idle in a transaction.
    static func readEvents(received range: Range<Int64>, on connection: PostgresConnection, each: (StoredEvent) -> Void) throws(PostgresError) {
        var after: (receivedAt: Int64, seq: Int64) = (range.lowerBound, Int64.min)
        while true {
            let page = try connection.execute("""
                SELECT received_at, shopper, event_id, name, request_id, page_id, section_id, item_id, campaign_id,
                       experiment_id, variant, position, app_version, widget_type, kind, body, seq
                FROM events WHERE (received_at, seq) > ($1::bigint, $2::bigint) AND received_at < $3::bigint
                ORDER BY received_at, seq LIMIT $4::integer
                """, [String(after.receivedAt), String(after.seq), String(range.upperBound), String(eventPage)])
            for row in page.rows {
                func text(_ column: Int) -> String? { column < row.count ? row[column] : nil }
                let event = KeptEvent { text($0 + 2) }
                let receivedAt = text(0).flatMap { Int64($0) } ?? 0
                after = (receivedAt, text(16).flatMap { Int64($0) } ?? Int64.max)
                each(StoredEvent(receivedAt: receivedAt, shopper: text(1) ?? "", event: event))
            }
            guard page.rows.count == eventPage else { return }
        }
    }

    static func compositions(on connection: PostgresConnection) throws(PostgresError) -> [CompositionRecord] {
        let rows = try connection.execute("SELECT id, page_id, catalogue_version, segment, locale, composed_at, body FROM compositions")
        return rows.rows.map { row in
            CompositionRecord(
                id: row[0] ?? "", pageID: row[1] ?? "", catalogueVersion: row[2].flatMap { Int($0) } ?? 0, segment: row[3] ?? "",
                locale: row[4] ?? "", composedAt: row[5].flatMap { Int64($0) } ?? 0, body: row[6] ?? "{}")
        }
    }
}
