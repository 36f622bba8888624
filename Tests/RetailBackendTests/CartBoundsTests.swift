import FlowCore
import Foundation
import Testing
@testable import RetailBackend

/// A flood of new user names cannot push out the carts of active shoppers, at other
/// addresses or at its own (issue 12, item 6, and its second review's finding 5; `CartBook`,
/// `NewShopperAllowance`).
@Suite struct CartBoundsTests {
    let clock = TestClock()

    func add(_ backend: HomeBackend, user: String, address: String) -> HTTPResponse {
        var request = post("/v1/cart/items", json: #"{"product_id":"p-1001"}"#, headers: ["x-vitrine-user": user])
        request.clientAddress = address
        return backend.respond(to: request)
    }

    func itemCount(_ backend: HomeBackend, user: String) throws -> JSONValue? {
        try parse(backend.respond(to: get("/v1/cart", headers: ["x-vitrine-user": user])))["item_count"]
    }

    @Test func aFloodOfNewNamesFromTheVictimsOwnAddressLeavesTheirCarts() throws {
        // Twenty shoppers behind one address (a carrier NAT, a load balancer); one client
        // there sends a thousand fresh user names. Defaults throughout.
        let backend = try makeBackend(clock: clock)
        let victims = (0..<20).map { "victim-\($0)" }
        for victim in victims { #expect(add(backend, user: victim, address: "192.0.2.1").status == 200) }
        var refused = 0
        for index in 0..<1_000 where add(backend, user: "flood-\(index)", address: "192.0.2.1").status == 429 { refused += 1 }
        for victim in victims { #expect(try itemCount(backend, user: victim) == 1) }
        // The allowance was spent by the victims and the flood together; the rest waited.
        #expect(refused == 1_000 - (100 - victims.count))
    }

    @Test func newCartsFromOneAddressComeAtTheAllowedRate() throws {
        let backend = try makeBackend(clock: clock) { $0.newCartsPerAddressBurst = 3; $0.newCartsPerAddressPerSecond = 0.5 }
        for index in 0..<3 { #expect(add(backend, user: "u-\(index)", address: "198.51.100.1").status == 200) }
        let refused = add(backend, user: "u-3", address: "198.51.100.1")
        #expect(refused.status == 429)
        #expect(try parse(refused)[path: "error", "code"] == "too_many_new_carts")
        #expect(refused.headers.first { $0.name == "Retry-After" }?.value == "2")
        // Another address, a known shopper, and requests made in-process are not held back.
        #expect(add(backend, user: "v-0", address: "198.51.100.2").status == 200)
        #expect(add(backend, user: "u-0", address: "198.51.100.1").status == 200)
        #expect(add(backend, user: "in-process", address: "").status == 200)
        clock.advance(seconds: 2)
        #expect(add(backend, user: "u-3", address: "198.51.100.1").status == 200)
        #expect(add(backend, user: "u-4", address: "198.51.100.1").status == 429)
    }

    @Test func readingACartCreatesNothing() throws {
        let backend = try makeBackend(clock: clock)
        for index in 0..<500 { _ = try itemCount(backend, user: "reader-\(index)") }
        #expect(backend.carts.bookCounts.shoppers == 0)
    }

    @Test func aFullBookForgetsTheLeastRecentlyActiveOfTheHeaviestAddress() throws {
        let backend = try makeBackend(clock: clock) { $0.cartCapacity = 20; $0.newCartsPerAddressBurst = 1_000 }
        #expect(add(backend, user: "ana", address: "192.0.2.1").status == 200)
        #expect(add(backend, user: "old", address: "198.51.100.0").status == 200)
        #expect(add(backend, user: "active", address: "198.51.100.0").status == 200)
        // Many addresses, each pushing new names: the book fills, and what is forgotten comes
        // from whoever holds the most, never the one shopper of 192.0.2.1.
        for index in 0..<3_000 {
            _ = add(backend, user: "fake-\(index)", address: "198.51.100.\(index % 6)")
            if index % 2 == 0 { _ = try itemCount(backend, user: "active") }
        }
        #expect(try itemCount(backend, user: "ana") == 1)
        // At the flood's own address, the shopper who keeps reading their cart stays.
        #expect(try itemCount(backend, user: "active") == 1)
        #expect(try itemCount(backend, user: "old") == 0)
        #expect(backend.carts.bookCounts.shoppers == 20)
    }

    @Test func theBookIsBoundedInShoppersAndKeys() throws {
        let backend = try makeBackend(clock: clock) { $0.cartCapacity = 50; $0.idempotencyKeysPerUser = 4 }
        for index in 0..<500 {
            var request = post("/v1/cart/items", json: #"{"product_id":"p-1001"}"#,
                               headers: ["x-vitrine-user": "u-\(index % 100)", "idempotency-key": "k-\(index)"])
            request.clientAddress = "203.0.113.\(index % 7)"
            _ = backend.respond(to: request)
        }
        let counts = backend.carts.bookCounts
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
