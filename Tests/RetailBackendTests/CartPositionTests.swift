import FlowCore
import Foundation
import Testing
@testable import HTTPServer
@testable import RetailBackend

/// `POST /v1/cart/items` with a `position`: a line the add makes goes there among the cart's
/// lines (an undone removal puts its line back where it was); a line that exists keeps its
/// place; the position is part of what a key means; a position that is not one is refused.
@Suite struct CartPositionTests {
    let clock = TestClock()
    let backend: HomeBackend
    let shoppers: Shoppers

    init() throws {
        backend = try makeBackend(clock: clock)
        shoppers = Shoppers(backend)
    }

    func add(_ json: String, key: String? = nil) -> HTTPResponse {
        var headers = shoppers.headers("ana")
        if let key { headers["idempotency-key"] = key }
        return backend.respond(to: post("/v1/cart/items", json: json, headers: headers))
    }

    func order() throws -> [String] {
        let cart = try parse(backend.respond(to: get("/v1/cart", headers: shoppers.headers("ana"))))
        return (cart["items"]?.arrayValue ?? []).compactMap { $0["product_id"]?.stringValue }
    }

    @Test func aNewLineGoesAtItsPositionAndAnExistingOneKeepsItsPlace() throws {
        let ids = backend.catalogue.products.filter { $0.availability != .unavailable }.prefix(6).map(\.id)
        try #require(ids.count == 6)
        for product in ids[0..<3] {
            #expect(add(#"{"product_id":"\#(product)"}"#).status == 200)
        }
        #expect(add(#"{"product_id":"\#(ids[3])","position":1}"#).status == 200)
        #expect(try order() == [ids[0], ids[3], ids[1], ids[2]])
        #expect(add(#"{"product_id":"\#(ids[4])","position":0}"#).status == 200)
        #expect(add(#"{"product_id":"\#(ids[5])","position":65535}"#).status == 200, "past the last: at the end")
        let expected = [ids[4], ids[0], ids[3], ids[1], ids[2], ids[5]]
        #expect(try order() == expected)
        let more = add(#"{"product_id":"\#(ids[2])","quantity":2,"position":0}"#)
        #expect(more.status == 200)
        #expect(try order() == expected, "an existing line keeps its place")
        #expect(try parse(more)[path: "items", 4, "quantity"] == 3)
    }

    @Test(arguments: [#""position":-1"#, #""position":65536"#, #""position":1.5"#, #""position":"0""#, #""position":1e300"#])
    func aPositionThatIsNoneIsRefusedAndChangesNothing(member: String) throws {
        #expect(add(#"{"product_id":"p-1001"}"#).status == 200)
        let refused = add(#"{"product_id":"p-1002",\#(member)}"#)
        #expect(refused.status == 400)
        #expect(try parse(refused)[path: "error", "code"] == "invalid_body")
        #expect(try order() == ["p-1001"])
    }

    @Test func thePositionIsPartOfWhatAKeyMeans() throws {
        #expect(add(#"{"product_id":"p-1001"}"#).status == 200)
        #expect(add(#"{"product_id":"p-1002","position":0}"#, key: "k-1").status == 200)
        let replay = add(#"{"position":0, "product_id":"p-1002"}"#, key: "k-1")
        #expect(replay.status == 200, "the same meaning, members reordered")
        #expect(try order() == ["p-1002", "p-1001"])
        let other = add(#"{"product_id":"p-1002","position":1}"#, key: "k-1")
        #expect(other.status == 422)
        #expect(try parse(other)[path: "error", "code"] == "idempotency_key_reused")
    }
}
