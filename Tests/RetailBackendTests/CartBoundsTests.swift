import FlowCore
import Foundation
import Testing
@testable import RetailBackend

/// A flood of new user names cannot push out the carts of shoppers at other addresses
/// (issue 12, item 6; `CartBook`).
@Suite struct CartBoundsTests {
    func add(_ backend: HomeBackend, user: String, address: String) -> Int {
        var request = post("/v1/cart/items", json: #"{"product_id":"p-1001"}"#, headers: ["x-vitrine-user": user])
        request.clientAddress = address
        return backend.respond(to: request).status
    }

    func itemCount(_ backend: HomeBackend, user: String) throws -> JSONValue? {
        try parse(backend.respond(to: get("/v1/cart", headers: ["x-vitrine-user": user])))["item_count"]
    }

    @Test func aFloodFromOneAddressOnlyChurnsThatAddress() throws {
        let backend = try makeBackend { $0.cartCapacity = 100; $0.cartsPerAddress = 10 }
        #expect(add(backend, user: "ana", address: "192.0.2.1") == 200)
        #expect(add(backend, user: "bob", address: "192.0.2.2") == 200)
        for index in 0..<5_000 { _ = add(backend, user: "fake-\(index)", address: "198.51.100.7") }
        #expect(try itemCount(backend, user: "ana") == 1)
        #expect(try itemCount(backend, user: "bob") == 1)
        // The flooding address keeps only its newest ten.
        #expect(try itemCount(backend, user: "fake-4999") == 1)
        #expect(try itemCount(backend, user: "fake-4989") == 0)
    }

    @Test func aFullBookForgetsFromTheHeaviestAddressFirst() throws {
        let backend = try makeBackend { $0.cartCapacity = 20; $0.cartsPerAddress = 8 }
        #expect(add(backend, user: "ana", address: "192.0.2.1") == 200)
        // Many addresses, each pushing new names: the book fills, and what is forgotten
        // comes from whoever holds the most, never the one shopper of 192.0.2.1.
        for index in 0..<3_000 { _ = add(backend, user: "fake-\(index)", address: "198.51.100.\(index % 6)") }
        #expect(try itemCount(backend, user: "ana") == 1)
    }

    @Test func theBookIsBoundedInShoppersAndKeys() throws {
        let backend = try makeBackend { $0.cartCapacity = 50; $0.cartsPerAddress = 50; $0.idempotencyKeysPerUser = 4 }
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
}
