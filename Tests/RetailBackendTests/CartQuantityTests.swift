import FlowCore
import Foundation
import Testing
@testable import HTTPServer
@testable import RetailBackend

/// `PUT /v1/cart/items/{product_id}` sets a line's quantity: within 1…99, idempotent under its
/// key as an add is, revisions only growing, refused as unavailable only when it would raise.
@Suite struct CartQuantityTests {
    let clock = TestClock()
    let backend: HomeBackend
    let shoppers: Shoppers

    init() throws {
        backend = try makeBackend(clock: clock)
        shoppers = Shoppers(backend)
    }

    func set(_ product: String, _ json: String, key: String? = nil, user: String = "ana", headers: [String: String] = [:]) -> HTTPResponse {
        var all = shoppers.headers(user, ["content-type": "application/json"]).merging(headers) { $1 }
        if let key { all["idempotency-key"] = key }
        return backend.respond(to: HTTPRequest(method: "PUT", path: "/v1/cart/items/\(product)", headers: all, body: Data(json.utf8)))
    }

    func add(_ product: String, quantity: Int = 1, user: String = "ana") -> HTTPResponse {
        backend.respond(to: post("/v1/cart/items", json: #"{"product_id":"\#(product)","quantity":\#(quantity)}"#, headers: shoppers.headers(user)))
    }

    func cart(user: String = "ana") throws -> JSONValue {
        try parse(backend.respond(to: get("/v1/cart", headers: shoppers.headers(user))))
    }

    @Test func aQuantityIsSetMadeWhenAbsentAndTheRevisionGrowsOnlyOnAChange() throws {
        let made = set("p-1001", #"{"quantity":3}"#)
        #expect(made.status == 200)
        #expect(try parse(made)[path: "items", 0, "quantity"] == 3)
        let first = try #require(try parse(made)["revision"]?.intValue)
        clock.advance(seconds: 1)
        let lower = try parse(set("p-1001", #"{"quantity":1}"#))
        #expect(lower[path: "items", 0, "quantity"] == 1)
        let second = try #require(lower["revision"]?.intValue)
        #expect(second > first)
        clock.advance(seconds: 1)
        let same = try parse(set("p-1001", #"{"quantity":1}"#))
        #expect(same["revision"]?.intValue == second, "setting what the line holds changes nothing")
        #expect(try cart()["item_count"] == 1)
    }

    @Test(arguments: [(#"{"quantity":0}"#, 422), (#"{"quantity":100}"#, 422), (#"{"quantity":"2"}"#, 400), ("{}", 400), ("nope", 400)])
    func aQuantityOutsideOneToNinetyNineOrUnreadableChangesNothing(body: String, status: Int) throws {
        #expect(add("p-1001", quantity: 2).status == 200)
        #expect(set("p-1001", body).status == status)
        #expect(try cart()[path: "items", 0, "quantity"] == 2)
    }

    @Test func anUnknownProductIsNotFound() throws {
        #expect(set("p-0", #"{"quantity":1}"#).status == 404)
        #expect(set("caf\u{E9}", #"{"quantity":1}"#).status == 404)
    }

    @Test func theSameKeySetsOnceAndAnotherMeaningUnderItIsRefused() throws {
        #expect(set("p-1001", #"{"quantity":2}"#, key: "k").status == 200)
        #expect(add("p-1001").status == 200)
        let retry = set("p-1001", #"{ "quantity" : 2.0 }"#, key: "k")
        #expect(retry.status == 200)
        #expect(try parse(retry)[path: "items", 0, "quantity"] == 2, "the first answer, replayed")
        #expect(try cart()[path: "items", 0, "quantity"] == 3, "not applied again")
        #expect(set("p-1001", #"{"quantity":5}"#, key: "k").status == 422)
        #expect(set("p-1002", #"{"quantity":2}"#, key: "k").status == 422, "another product is another request")
    }

    @Test func soldOutRefusesARiseButNeverLoweringWhatTheShopperHas() throws {
        let backend = try makeBackend(clock: clock)
        let ana = Shoppers(backend).headers("ana", ["content-type": "application/json"])
        let lowStock = try #require(backend.catalogue.products.first { $0.availability == .lowStock })
        func set(_ quantity: Int, soldOut: Bool) -> HTTPResponse {
            var headers = ana
            if soldOut { headers["x-vitrine-fault"] = "sold_out" }
            return backend.respond(to: HTTPRequest(method: "PUT", path: "/v1/cart/items/\(lowStock.id)", headers: headers,
                                                   body: Data(#"{"quantity":\#(quantity)}"#.utf8)))
        }
        #expect(set(3, soldOut: false).status == 200)
        let rise = set(4, soldOut: true)
        #expect(rise.status == 409)
        #expect(try parse(rise)[path: "error", "code"] == "product_unavailable")
        #expect(set(1, soldOut: true).status == 200, "a shopper can keep fewer of what sold out")
        let unavailable = try #require(backend.catalogue.products.first { $0.availability == .unavailable })
        #expect(self.set(unavailable.id, #"{"quantity":1}"#).status == 409)
    }

    @Test func putIsAnsweredOnTheItemRouteOnly() {
        let onList = backend.respond(to: HTTPRequest(method: "PUT", path: "/v1/cart/items", headers: ["content-type": "application/json"], body: Data("{}".utf8)))
        #expect(onList.status == 405)
        let patch = backend.respond(to: HTTPRequest(method: "PATCH", path: "/v1/cart/items/p-1001"))
        #expect(patch.status == 405)
        #expect(patch.headers.contains { $0.name == "Allow" && $0.value.contains("PUT") && $0.value.contains("DELETE") })
    }

    @Test func theBackendsFaultsCanChangeWhileItRuns() throws {
        #expect(add("p-1001").status == 200)
        try backend.changeFaults(to: "error=503")
        #expect(add("p-1001").status == 503)
        #expect(throws: (any Error).self) { try backend.changeFaults(to: "error=42") }
        #expect(add("p-1001").status == 503, "an invalid profile changes nothing")
        try backend.changeFaults(to: "none")
        #expect(add("p-1001").status == 200)
    }
}
