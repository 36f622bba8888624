import Foundation
import SQLiteSupport
import Testing
import TestSupport
@testable import RetailBackend

/// What one shopper may make the durable store keep: the event ids of the de-duplication window
/// and the keys' answers up to their bounds, never twice as many, and a session nobody used for a
/// day swept rather than kept for a month.
extension SQLiteStoreTests {
    /// Counts rows of the store in `directory` (closed) with `sql`.
    func count(_ directory: ScratchDirectory, _ sql: StaticString) throws -> Int {
        let database = try SQLiteConnection(path: directory.file("vitrine.sqlite").path, busyTimeout: .seconds(1))
        defer { database.close() }
        let statement = try database.statement(sql)
        return try statement.step() ? Int(statement.int64(0)) : -1
    }

    /// Whichever the store, a batch is judged against the window as it stood before the batch
    /// (and the batch's own earlier ids): an id the batch's new ones push out is still a
    /// duplicate within that batch, and new in the next.
    @Test(arguments: ["memory", "sqlite"]) func aBatchIsJudgedAgainstTheWindowBeforeIt(store: String) async throws {
        let directory = try ScratchDirectory("window-edge-\(store)")
        let clock = self.clock
        let backend = try await offThePool {
            try makeBackend(clock: clock) {
                $0.storage = store == "sqlite" ? .sqlite(directory: directory.url) : .memory
                $0.eventIDsPerShopper = 20
            }
        }
        let ana = try await session(backend)
        #expect(try await events(backend, ana.token, ids: (0..<20).map { "id-\($0)" }) == ["accepted": 20, "duplicates": 0])
        #expect(try await events(backend, ana.token, ids: ["new", "id-0", "new"]) == ["accepted": 1, "duplicates": 2])
        #expect(try await events(backend, ana.token, ids: ["id-0", "id-2"]) == ["accepted": 1, "duplicates": 1])
        try await close(backend)
    }

    @Test func aShopperHoldsNoMoreEventIDsAndKeysThanTheirBounds() async throws {
        let directory = try ScratchDirectory("sqlite-bounds")
        let clock = self.clock
        let backend = try await offThePool {
            try makeBackend(clock: clock) {
                $0.storage = .sqlite(directory: directory.url)
                $0.eventIDsPerShopper = 20
                $0.idempotencyKeysPerUser = 4
            }
        }
        let ana = try await session(backend)
        // Ids of one batch arrive at one instant: the window is cut between batches here.
        let batches = (0..<3).map { batch in (0..<10).map { "e-\(batch)-\($0)" } }
        for batch in batches {
            #expect(try await events(backend, ana.token, ids: batch) == ["accepted": 10, "duplicates": 0])
            clock.advance(seconds: 1)
        }
        // The newest 20 are still in the window; the oldest are forgotten.
        let newest = batches[1] + batches[2]
        #expect(try await events(backend, ana.token, ids: newest) == ["accepted": 0, "duplicates": 20])
        for index in 0..<7 {
            #expect(try await add(backend, ana.token, key: "k-\(index)").status == 200)
            clock.advance(seconds: 1)
        }
        for index in 3..<7 { #expect(try await add(backend, ana.token, key: "k-\(index)").status == 200) }
        #expect(try await cart(backend, ana.token)[path: "items", 0, "quantity"] == 7, "the newest 4 keys replay")
        try await close(backend)
        #expect(try count(directory, "SELECT sum(length(digests)) / 16 FROM event_windows") == 20)
        #expect(try count(directory, "SELECT count(*) FROM idempotency_keys") == 4)
        #expect(try count(directory, "SELECT max(keys_held) FROM shoppers") == 4)
        let reopened = try await open(directory)
        #expect(try await events(reopened, ana.token, ids: [batches[0][3], batches[0][0]]) == ["accepted": 2, "duplicates": 0])
        #expect(try await add(reopened, ana.token, key: "k-2").status == 200)
        #expect(try await cart(reopened, ana.token)[path: "items", 0, "quantity"] == 8, "a key past the bound applies again")
        try await close(reopened)
    }

    /// A shopper's count of keys is written with the cart, never recounted on the way: keys the
    /// sweep deleted as expired leave it saying more than there are, and the add that finds it
    /// over the bound counts them, so the shopper still keeps up to the bound, the newest.
    @Test func aCountOfKeysLeftHighBySweptKeysIsCountedAgain() async throws {
        let directory = try ScratchDirectory("sqlite-key-count")
        let clock = self.clock
        let open = { () async throws -> HomeBackend in
            try await offThePool {
                try makeBackend(clock: clock) {
                    $0.storage = .sqlite(directory: directory.url)
                    $0.idempotencyKeysPerUser = 4
                    $0.idempotencyLifetime = 60
                }
            }
        }
        let first = try await open()
        let ana = try await session(first)
        for index in 0..<4 { #expect(try await add(first, ana.token, key: "old-\(index)").status == 200) }
        try await close(first)
        clock.advance(seconds: 120)
        let database = try SQLiteConnection(path: directory.file("vitrine.sqlite").path, busyTimeout: .seconds(1))
        _ = try SQLiteStore.sweep(database, at: clock.now, eventDays: 90)
        database.close()
        #expect(try count(directory, "SELECT count(*) FROM idempotency_keys") == 0, "the keys expired")
        #expect(try count(directory, "SELECT keys_held FROM shoppers") == 4, "the count is not told")

        let second = try await open()
        #expect(try await add(second, ana.token, key: "new-0").status == 200)
        try await close(second)
        #expect(try count(directory, "SELECT keys_held FROM shoppers") == 1, "over the bound, so counted")

        let third = try await open()
        for index in 1..<6 { #expect(try await add(third, ana.token, key: "new-\(index)").status == 200) }
        for index in 2..<6 { #expect(try await add(third, ana.token, key: "new-\(index)").status == 200) }
        #expect(try await cart(third, ana.token)[path: "items", 0, "quantity"] == 10, "the newest 4 keys replay")
        #expect(try await add(third, ana.token, key: "new-1").status == 200)
        #expect(try await cart(third, ana.token)[path: "items", 0, "quantity"] == 11, "the fifth newest applies again")
        try await close(third)
        #expect(try count(directory, "SELECT count(*) FROM idempotency_keys") == 4)
        #expect(try count(directory, "SELECT keys_held FROM shoppers") == 4)
    }

    /// Pruning a shopper's keys reads the index by arrival alone: no sort, no temporary table,
    /// and not the keys' rows, whose ordering columns lie past the answer on its overflow page.
    @Test func pruningKeysReadsTheIndexByArrivalAlone() async throws {
        let directory = try ScratchDirectory("sqlite-prune-plan")
        try await close(try await open(directory))
        let database = try SQLiteConnection(path: directory.file("vitrine.sqlite").path, busyTimeout: .seconds(1))
        defer { database.close() }
        let plan = try database.queryPlan(SQLiteStore.pruneKeysStatement)
        #expect(plan.filter { $0.contains("USING COVERING INDEX idempotency_keys_by_arrival (shopper=?") }.count == 2, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP") || $0.contains("LIST") || $0.contains("SCAN") }, "\(plan)")
    }

    /// A bound under one would forget a key as it is written (a retry applied twice): the
    /// backend refuses to start with one, in every store.
    @Test(arguments: [(0, 1_000), (-1, 1_000), (32, 0), (Int.min, Int.min)])
    func boundsUnderOneAreRefusedAtStart(keys: Int, eventIDs: Int) async throws {
        for store in ["memory", "sqlite"] {
            let directory = try ScratchDirectory("sqlite-bounds-refused")
            let clock = self.clock
            let error = #expect(throws: HomeBackend.SetupError.self) {
                try makeBackend(clock: clock) {
                    $0.storage = store == "sqlite" ? .sqlite(directory: directory.url) : .memory
                    $0.idempotencyKeysPerUser = keys
                    $0.eventIDsPerShopper = eventIDs
                }
            }
            #expect(error?.description.hasSuffix("must be at least 1") == true, "\(store): \(String(describing: error))")
            #expect(!FileManager.default.fileExists(atPath: directory.file("vitrine.sqlite").path), "nothing written")
        }
    }

    /// Which keys and event ids a shopper keeps goes by order of arrival: 48 keyed adds in one
    /// millisecond keep exactly the newest 32, and after the clock is set back an hour the newest
    /// key and event id are kept, not pruned as the oldest.
    @Test func keysAndEventIDsAreKeptByOrderOfArrivalWhateverTheClockSays() async throws {
        let directory = try ScratchDirectory("sqlite-arrival")
        let clock = self.clock
        let backend = try await offThePool {
            try makeBackend(clock: clock) {
                $0.storage = .sqlite(directory: directory.url)
                $0.eventIDsPerShopper = 20
            }
        }
        let ana = try await session(backend)
        for index in 0..<48 { #expect(try await add(backend, ana.token, key: "k-\(index)").status == 200) }
        for index in 16..<48 { #expect(try await add(backend, ana.token, key: "k-\(index)").status == 200) }
        #expect(try await cart(backend, ana.token)[path: "items", 0, "quantity"] == 48, "the newest 32 keys of one millisecond replay")

        #expect(try await events(backend, ana.token, ids: (0..<20).map { "e-\($0)" }) == ["accepted": 20, "duplicates": 0])
        clock.advance(seconds: -3_600)
        #expect(try await add(backend, ana.token, key: "k-late").status == 200)
        #expect(try await add(backend, ana.token, key: "k-late").status == 200)
        #expect(try await cart(backend, ana.token)[path: "items", 0, "quantity"] == 49, "the key sent an hour 'earlier' applies once")
        #expect(try await events(backend, ana.token, ids: ["e-late"]) == ["accepted": 1, "duplicates": 0])
        #expect(try await events(backend, ana.token, ids: ["e-late"]) == ["accepted": 0, "duplicates": 1])
        #expect(try await events(backend, ana.token, ids: ["e-0"]) == ["accepted": 1, "duplicates": 0], "the oldest left the window")
        try await close(backend)
    }

    @Test func aSessionNeverUsedIsSweptAfterADayAndAUsedOneLastsTheMonth() async throws {
        let directory = try ScratchDirectory("sqlite-unused")
        let first = try await open(directory)
        let idle = try await session(first)
        let used = try await session(first)
        clock.advance(seconds: 3_600)
        #expect(try await cart(first, used.token)["item_count"] == 0)
        try await close(first)
        clock.advance(seconds: 82_801)  // a day and a second since both were made
        let second = try await open(directory)
        let expired = try await respond(second, to: get("/v1/cart", headers: ["authorization": "Bearer \(idle.token)"]))
        #expect(expired.status == 401)
        #expect(try await cart(second, used.token)["item_count"] == 0)
        try await close(second)
        let database = try SQLiteConnection(path: directory.file("vitrine.sqlite").path, busyTimeout: .seconds(1))
        #expect(try SQLiteStore.sweep(database, at: clock.now, eventDays: 90) == false, "no whole batch left")
        database.close()
        #expect(try count(directory, "SELECT count(*) FROM shoppers") == 1, "the unused one is swept")
        clock.advance(seconds: 29 * 86_400)  // a month after its last use, less an hour
        let third = try await open(directory)
        #expect(try await cart(third, used.token)["item_count"] == 0, "the used one slides on")
        try await close(third)
    }

    /// A version-2 store kept event ids as hexadecimal text: version 3 keeps them as bytes,
    /// and the window a shopper had is still there (a retried event still counts once).
    @Test func eventIDsOfAnOlderStoreAreKeptAcrossTheMigrationToBytes() async throws {
        let directory = try ScratchDirectory("sqlite-digests")
        let keyBytes = Array(repeating: UInt8(0x5A), count: 32)
        _ = FileManager.default.createFile(atPath: directory.file("session.key").path, contents: Data((Crypto.hex(keyBytes) + "\n").utf8),
                                           attributes: [.posixPermissions: 0o600])
        let key = try #require(SessionKey(bytes: keyBytes))
        let tokenText = "vt1." + String(repeating: "Q", count: 43)
        let token = try #require(SessionToken.parse(authorization: "Bearer \(tokenText)"))
        let digest = try #require(key.digest(token))
        let path = directory.file("vitrine.sqlite").path
        _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        do {
            let database = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            try SQLiteSchema.migrate(database, upTo: 2)
            let shopper = try database.statement(
                "INSERT INTO shoppers (id, token_digest, expires_at, revision, events_held) VALUES ('shp_old', ?1, ?2, 0, 1)")
            try shopper.bind(1, Crypto.hex(digest.bytes))
            try shopper.bind(2, SQLiteStore.milliseconds(clock.now.addingTimeInterval(86_400)))
            try shopper.step()
            let event = try database.statement("INSERT INTO event_ids (shopper, digest, received_at) VALUES ('shp_old', ?1, 0)")
            try event.bind(1, EventDigest.hex(ExactText("e-1")))
            try event.step()
            database.close()
        }
        let backend = try await open(directory)
        #expect(try await events(backend, tokenText, ids: ["e-1", "e-2"]) == ["accepted": 1, "duplicates": 1])
        try await close(backend)
        #expect(try count(directory, "PRAGMA user_version") == SQLiteSchema.current)
        #expect(try count(directory, "SELECT length(digests) FROM event_windows WHERE shopper = 'shp_old' AND typeof(digests) = 'blob'") == 32)
        #expect(try count(directory, "SELECT count(*) FROM sqlite_master WHERE name IN ('event_ids_by_age', 'idempotency_keys_by_age')") == 0)
    }
}
