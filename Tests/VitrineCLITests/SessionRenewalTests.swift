import FlowCore
import Foundation
import SQLiteSupport
import Testing
import TestSupport
@testable import VitrineCLI

/// A session's renewal cannot be lost: a renewal is done only once the store has it, so a write
/// that fails (the SQLite write lock held by another connection for longer than the server waits)
/// is asked again by the next request, and a shopper who keeps using the app is never logged out a
/// day later with their cart gone.
@Suite("a session's renewal", .serialized)
struct SessionRenewalTests {
    static let start = "2027-01-15T08:00:00Z"

    @Test func aRenewalTheStoreCouldNotWriteIsAskedAgainAndTheCartOutlivesADay() async throws {
        let scratch = try ScratchDirectory("renewal")
        defer { scratch.remove() }
        let data = scratch.file("data")
        let server = try await ServeProcess.start(["--data", data.path, "--now", Self.start])
        let client = server.client()
        let token = try await client.startSession()
        let authorization = ["Authorization": "Bearer \(token)"]

        // Another connection holds the store's write lock for longer than the server waits for
        // it: the first use's renewal cannot be written, and the request that needed it says so.
        let blocker = try SQLiteConnection(path: data.appendingPathComponent("vitrine.sqlite").path, busyTimeout: .seconds(1))
        try blocker.execute("BEGIN IMMEDIATE")
        let refused = try await client.send("GET", "/v1/cart", headers: authorization)
        try blocker.execute("ROLLBACK")
        blocker.close()
        #expect(refused.status == 503, "a session with a day left whose renewal failed must not be served as renewed")

        for (index, product) in ["p-1001", "p-1003", "p-1005"].enumerated() {
            let added = try await client.send("POST", "/v1/cart/items", headers: authorization.merging(["Idempotency-Key": "k\(index)"]) { $1 },
                                              body: #"{"product_id":"\#(product)"}"#)
            #expect(added.status == 200)
        }
        let stored = try Self.expiry(in: data)
        let started = try #require(RFC3339.date(from: Self.start))
        #expect(stored.timeIntervalSince(started) > 29 * 86_400, "renewed for the session's lifetime: \(stored)")
        #expect(await server.stop() == 0)

        let dayLater = try await ServeProcess.start(["--data", data.path, "--now", "2027-01-16T09:00:00Z"])
        let cart = try await dayLater.client().send("GET", "/v1/cart", headers: authorization)
        #expect(cart.status == 200)
        #expect(try JSONParser.parse(cart.body)["item_count"]?.intValue == 3)
        #expect(await dayLater.stop() == 0)
    }

    /// The one session's expiry as the store keeps it.
    static func expiry(in data: URL) throws -> Date {
        let database = try SQLiteConnection(path: data.appendingPathComponent("vitrine.sqlite").path, busyTimeout: .seconds(5))
        defer { database.close() }
        let select = try database.statement("SELECT expires_at FROM shoppers")
        defer { select.reset() }
        guard try select.step() else { throw ServeFailure(message: "no session stored") }
        return Date(timeIntervalSince1970: Double(select.int64(0)) / 1000)
    }
}
