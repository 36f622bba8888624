import FlowCore
import Foundation
import Testing
@testable import HTTPServer
@testable import RetailBackend

/// A flood of new sessions cannot push out the carts of active shoppers, at other addresses or at
/// its own (`CartBook`, `NewShopperAllowance`; a new shopper is a new session).
@Suite struct CartBoundsTests {
    let clock = TestClock()

    /// `POST /v1/sessions` from `address`: the token, or nil when refused (`status` says why).
    func session(_ backend: HomeBackend, address: String) -> (token: String?, status: Int) {
        var request = HTTPRequest(method: "POST", path: "/v1/sessions")
        request.clientAddress = address
        let response = backend.respond(to: request)
        return ((try? parse(response))?["token"]?.stringValue, response.status)
    }

    func add(_ backend: HomeBackend, token: String, address: String, key: String? = nil) -> HTTPResponse {
        var headers = ["authorization": "Bearer \(token)"]
        if let key { headers["idempotency-key"] = key }
        var request = post("/v1/cart/items", json: #"{"product_id":"p-1001"}"#, headers: headers)
        request.clientAddress = address
        return backend.respond(to: request)
    }

    func itemCount(_ backend: HomeBackend, token: String) throws -> JSONValue? {
        try parse(backend.respond(to: get("/v1/cart", headers: ["authorization": "Bearer \(token)"])))["item_count"]
    }

    func memoryStore(_ backend: HomeBackend) throws -> MemoryStore {
        try #require(backend.store as? MemoryStore)
    }

    @Test func aFloodOfNewSessionsFromTheVictimsOwnAddressLeavesTheirCarts() throws {
        // Twenty shoppers behind one address (a carrier NAT, a load balancer); one client
        // there asks for a thousand sessions. Defaults throughout.
        let backend = try makeBackend(clock: clock)
        let victims = (0..<20).compactMap { _ in session(backend, address: "192.0.2.1").token }
        #expect(victims.count == 20)
        for victim in victims { #expect(add(backend, token: victim, address: "192.0.2.1").status == 200) }
        var refused = 0
        for _ in 0..<1_000 where session(backend, address: "192.0.2.1").status == 429 { refused += 1 }
        for victim in victims { #expect(try itemCount(backend, token: victim) == 1) }
        // The allowance was spent by the victims and the flood together; the rest waited.
        #expect(refused == 1_000 - (100 - victims.count))
    }

    @Test func newSessionsFromOneAddressComeAtTheAllowedRate() throws {
        let backend = try makeBackend(clock: clock) { $0.newSessionsPerAddress = NewSessionLimit(burst: 3, perSecond: 0.5) }
        for _ in 0..<3 { #expect(session(backend, address: "198.51.100.1").status == 201) }
        var request = HTTPRequest(method: "POST", path: "/v1/sessions")
        request.clientAddress = "198.51.100.1"
        let refused = backend.respond(to: request)
        #expect(refused.status == 429)
        #expect(try parse(refused)[path: "error", "code"] == "too_many_new_sessions")
        #expect(refused.headers.first { $0.name == "Retry-After" }?.value == "2")
        // Another address and requests made in-process are not held back.
        #expect(session(backend, address: "198.51.100.2").status == 201)
        #expect(session(backend, address: "").status == 201)
        clock.advance(seconds: 2)
        #expect(session(backend, address: "198.51.100.1").status == 201)
        #expect(session(backend, address: "198.51.100.1").status == 429)
    }

    @Test func readingACartCreatesNothing() throws {
        let backend = try makeBackend(clock: clock)
        for _ in 0..<500 { _ = try itemCount(backend, token: try startSession(backend).token) }
        #expect(try memoryStore(backend).bookCounts.shoppers == 0)
    }

    @Test func aFullBookForgetsTheLeastRecentlyActiveOfTheHeaviestAddress() throws {
        let backend = try makeBackend(clock: clock) { $0.cartCapacity = 20 }
        let ana = try startSession(backend).token
        let old = try startSession(backend).token
        let active = try startSession(backend).token
        #expect(add(backend, token: ana, address: "192.0.2.1").status == 200)
        #expect(add(backend, token: old, address: "198.51.100.0").status == 200)
        #expect(add(backend, token: active, address: "198.51.100.0").status == 200)
        // Many addresses, each pushing new shoppers: the book fills, and what is forgotten comes
        // from whoever holds the most, never the one shopper of 192.0.2.1.
        for index in 0..<3_000 {
            _ = add(backend, token: try startSession(backend).token, address: "198.51.100.\(index % 6)")
            if index % 2 == 0 { _ = try itemCount(backend, token: active) }
        }
        #expect(try itemCount(backend, token: ana) == 1)
        // At the flood's own address, the shopper who keeps reading their cart stays.
        #expect(try itemCount(backend, token: active) == 1)
        #expect(try itemCount(backend, token: old) == 0)
        #expect(try memoryStore(backend).bookCounts.shoppers == 20)
    }

    @Test func theBookIsBoundedInShoppersAndKeys() throws {
        let backend = try makeBackend(clock: clock) { $0.cartCapacity = 50; $0.idempotencyKeysPerUser = 4 }
        let tokens = try (0..<100).map { _ in try startSession(backend).token }
        for index in 0..<500 {
            _ = add(backend, token: tokens[index % 100], address: "203.0.113.\(index % 7)", key: "k-\(index)")
        }
        let counts = try memoryStore(backend).bookCounts
        #expect(counts.shoppers <= 50)
        #expect(counts.keys <= 50 * 4)
    }

    @Test func theAllowanceForgetsAddressesItHasNotSeenLately() {
        var allowance = NewShopperAllowance(burst: 1, perSecond: 0, addressCapacity: 2)
        let now = TestClock.anchor
        #expect(allowance.take(for: ExactText("a"), at: now) == nil)
        #expect(allowance.take(for: ExactText("a"), at: now) != nil)
        _ = allowance.take(for: ExactText("b"), at: now)
        _ = allowance.take(for: ExactText("c"), at: now)
        // "a" was pushed out: a forgotten address starts full, as it would have refilled.
        #expect(allowance.take(for: ExactText("a"), at: now) == nil)
    }
}
