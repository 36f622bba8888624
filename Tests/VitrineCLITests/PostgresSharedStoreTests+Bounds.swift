import FlowCore
import Foundation
import Testing
import TestSupport

@testable import VitrineCLI

/// What one shopper may make the PostgreSQL store keep: the newest 32 keys' answers and the newest
/// 1,000 event ids, pruned as soon as a shopper holds more.
extension PostgresSharedStoreTests {
    @Test func aShopperHoldsNoMoreKeysAndEventIDsThanTheirBounds() async throws {
        let instances = try await Instances("pg-bounds", count: 1)
        let client = instances.servers[0].client()
        let token = try await client.startSession()
        for index in 0..<40 { #expect(try await Self.add(client, token, key: "k-\(index)").status == 200) }
        for index in 35..<40 { #expect(try await Self.add(client, token, key: "k-\(index)").status == 200) }
        #expect(try await Self.cart(client, token)["items"]?[0]?["quantity"]?.intValue == 40, "the newest keys replay")
        #expect(try await Self.add(client, token, key: "k-0").status == 200)
        #expect(try await Self.cart(client, token)["items"]?[0]?["quantity"]?.intValue == 41, "the oldest, past the bound, applies again")

        let batches = (0..<3).map { batch in (0..<500).map { "e-\(batch)-\($0)" } }
        func post(_ ids: [String]) async throws -> JSONValue {
            let body = #"{"events":["# + ids.map { #"{"event_id":"\#($0)","name":"tap"}"# }.joined(separator: ",") + "]}"
            return try JSONParser.parse(try await client.send("POST", "/v1/events", headers: ["Authorization": "Bearer \(token)"], body: body).body)
        }
        for batch in batches { #expect(try await post(batch) == ["accepted": 500, "duplicates": 0]) }
        #expect(try await post([batches[2][0], batches[1][499]]) == ["accepted": 0, "duplicates": 2])
        #expect(try await post([batches[0][0], batches[0][499]]) == ["accepted": 2, "duplicates": 0], "the oldest batch was forgotten")
        await instances.stop()
    }

    /// Two instances whose clocks are an hour apart: the key and the event id the one an hour
    /// behind records are the shopper's newest, kept past the bound, never pruned as the oldest;
    /// so the key sent again applies once and the event counts once.
    @Test func keysAndEventIDsAreKeptByOrderOfArrivalAcrossInstancesWhoseClocksDiffer() async throws {
        let instances = try await Instances("pg-clocks", clocks: ["2027-01-15T09:00:00Z", "2027-01-15T08:00:00Z"])
        let ahead = instances.servers[0].client()
        let behind = instances.servers[1].client()
        let token = try await ahead.startSession()
        for index in 0..<32 { #expect(try await Self.add(ahead, token, key: "k-\(index)").status == 200) }
        #expect(try await Self.add(behind, token, key: "k-late").status == 200)
        #expect(try await Self.add(ahead, token, key: "k-late").status == 200)
        #expect(try await Self.cart(ahead, token)["items"]?[0]?["quantity"]?.intValue == 33, "the key sent again applied once")

        func post(_ client: LoopbackClient, _ ids: [String]) async throws -> JSONValue {
            let body = #"{"events":["# + ids.map { #"{"event_id":"\#($0)","name":"tap"}"# }.joined(separator: ",") + "]}"
            return try JSONParser.parse(try await client.send("POST", "/v1/events", headers: ["Authorization": "Bearer \(token)"], body: body).body)
        }
        for batch in 0..<2 { #expect(try await post(ahead, (0..<500).map { "e-\(batch)-\($0)" }) == ["accepted": 500, "duplicates": 0]) }
        #expect(try await post(behind, ["e-late"]) == ["accepted": 1, "duplicates": 0])
        #expect(try await post(ahead, ["e-late"]) == ["accepted": 0, "duplicates": 1], "one event id counted once")
        await instances.stop()
    }

    /// Sessions that expired leave the database whole, with their keys and event ids, however many
    /// there are: each sweep deletes a batch and the next follows at once.
    @Test func everySessionThatExpiredIsDeletedWithItsKeysAndEventIDs() async throws {
        let fixture = try #require(PostgresClusterTrait.current)
        let scratch = try ScratchDirectory("pg-sweep")
        defer { scratch.remove() }
        let base = ["--database", fixture.cluster.url, "--session-key", fixture.keyFile, "--data", scratch.file("data").path]
        let first = try await ServeProcess.start(base + ["--now", "2027-02-01T08:00:00Z", "--new-sessions-per-address", "off"])
        let clients = (0..<4).map { _ in first.client() }
        let used = try await clients[0].startSession()
        #expect(try await Self.add(clients[0], used, key: "k-1").status == 200)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask { for _ in 0..<400 { _ = try await client.startSession() } }
            }
            try await group.waitForAll()
        }
        #expect(await first.stop() == 0)
        let before = try await Self.psql(fixture.cluster, "SELECT count(*) FROM shoppers WHERE expires_at <= 1801555300000")
        #expect(Int(before.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 >= 1_600)

        // Two days later the unused sessions of this test have expired (the used one lasts the month).
        let later = try await ServeProcess.start(base + ["--now", "2027-02-03T09:00:00Z"])
        let watching = ContinuousClock.now
        var left = ""
        repeat {
            await Task.yield()
            left = try await Self.psql(fixture.cluster, "SELECT count(*) FROM shoppers WHERE expires_at <= 1801645200000")
        } while left.trimmingCharacters(in: .whitespacesAndNewlines) != "0" && ContinuousClock.now - watching < .seconds(30)
        #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "expired sessions still stored: \(left)")
        let orphans = try await Self.psql(fixture.cluster, """
            SELECT (SELECT count(*) FROM idempotency_keys WHERE shopper NOT IN (SELECT id FROM shoppers))
                 + (SELECT count(*) FROM event_ids WHERE shopper NOT IN (SELECT id FROM shoppers))
            """)
        #expect(orphans.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(try await Self.cart(later.client(), used)["item_count"]?.intValue == 1, "the used session and its cart stay")
        #expect(await later.stop() == 0)
    }
}
