import FlowCore
import Foundation
import Testing
import TestSupport
@testable import HTTPServer
@testable import RetailBackend

@Suite struct CartServiceTests {
    let clock = TestClock()
    let backend: HomeBackend
    let shoppers: Shoppers

    init() throws {
        backend = try makeBackend(clock: clock)
        shoppers = Shoppers(backend)
    }

    func add(_ product: String, quantity: Int = 1, key: String? = nil, user: String = "ana") -> HTTPResponse {
        var headers = shoppers.headers(user)
        if let key { headers["idempotency-key"] = key }
        return backend.respond(to: post("/v1/cart/items", json: #"{"product_id":"\#(product)","quantity":\#(quantity)}"#, headers: headers))
    }

    func cart(user: String = "ana") throws -> JSONValue {
        try parse(backend.respond(to: get("/v1/cart", headers: shoppers.headers(user))))
    }

    @Test func aForgottenCartNeverGoesBackInRevision() throws {
        let small = try makeBackend(clock: clock) { $0.cartCapacity = 2 }
        let people = Shoppers(small)
        func add(_ user: String) throws -> JSONValue {
            try parse(small.respond(to: post("/v1/cart/items", json: #"{"product_id":"p-1001","quantity":1}"#, headers: people.headers(user))))
        }
        var last = 0
        for _ in 0..<4 { last = try #require(add("ana")["revision"]?.intValue) }
        _ = try add("bob")
        _ = try add("cy")  // ana's cart is now the least recently written: forgotten
        clock.advance(seconds: 0.001)  // revisions are clock-derived: time moves between requests
        #expect(try #require(parse(small.respond(to: get("/v1/cart", headers: people.headers("ana"))))["revision"]?.intValue) > last)
        let again = try add("ana")
        #expect(try #require(again["revision"]?.intValue) > last)
        #expect(again["item_count"] == 1)
    }

    @Test func anActiveCartOutlivesAnIdleOne() throws {
        let small = try makeBackend(clock: clock) { $0.cartCapacity = 2 }
        let people = Shoppers(small)
        func add(_ user: String) {
            _ = small.respond(to: post("/v1/cart/items", json: #"{"product_id":"p-1001","quantity":1}"#, headers: people.headers(user)))
        }
        add("ana")
        add("bob")
        add("ana")
        add("cy")  // bob wrote least recently
        let ana = try parse(small.respond(to: get("/v1/cart", headers: people.headers("ana"))))
        let bob = try parse(small.respond(to: get("/v1/cart", headers: people.headers("bob"))))
        #expect(ana["item_count"] == 2)
        #expect(bob["item_count"] == 0)
    }

    /// The revision an untouched cart answers: the test clock in microseconds.
    var base: Int { Cart.clock(clock.now) }

    func revision(user: String = "ana") throws -> Int {
        try #require(try cart(user: user)["revision"]?.intValue)
    }

    @Test func addingAnswersTheCanonicalCartAndRevisionGrows() throws {
        #expect(try revision() == base)
        let first = try parse(add("p-1001", quantity: 2))
        #expect(first["revision"] == .integer(base + 1))
        #expect(first[path: "items", 0, "product_id"] == "p-1001")
        #expect(first[path: "items", 0, "quantity"] == 2)
        #expect(first[path: "items", 0, "unit_price", "currency"] == "USD")
        #expect(first["item_count"] == 2)
        let second = try parse(add("p-1002"))
        #expect(second["revision"] == .integer(base + 2))
        #expect(second["item_count"] == 3)
        let removed = try parse(backend.respond(to: HTTPRequest(method: "DELETE", path: "/v1/cart/items/p-1001", headers: shoppers.headers("ana"))))
        #expect(removed["revision"] == .integer(base + 3))
        #expect(removed["item_count"] == 1)
        #expect(try cart(user: "bob")["item_count"] == 0)  // carts are per user
    }

    @Test func subtotalIsExactInCents() throws {
        let product = try #require(backend.catalogue.product("p-1002"))
        let body = try parse(add("p-1002", quantity: 3))
        #expect(body[path: "subtotal", "amount"] == .number(Double(product.price(in: .enUS).cents * 3) / 100))
    }

    /// A line of a product on sale carries its price before, so the cart can say what it saves;
    /// one at its only price carries none.
    @Test func aLineOnSaleCarriesItsPriceBefore() throws {
        let products = backend.catalogue.products
        let onSale = try #require(products.first { $0.compareAtPrice(in: .enUS) != nil && $0.availability != .unavailable })
        let full = try #require(products.first { $0.compareAtPrice(in: .enUS) == nil && $0.availability != .unavailable })
        _ = add(onSale.id)
        let body = try parse(add(full.id))
        let compareAt = try #require(onSale.compareAtPrice(in: .enUS))
        #expect(body[path: "items", 0, "compare_at_price", "amount"] == .number(Double(compareAt.cents) / 100))
        #expect(body[path: "items", 0, "compare_at_price", "currency"] == "USD")
        #expect(body[path: "items", 1, "compare_at_price"] == nil)
    }

    /// A shop that sells in one locale prices a cart asked for in another as its pages are:
    /// in its own locale, never at 0 in a currency the feed does not list; a remembered
    /// answer too.
    @Test func aCartAskedInALocaleTheShopDoesNotSellInIsPricedInItsOwn() throws {
        let scratch = try ScratchDirectory("cart-locale")
        defer { scratch.remove() }
        let directory = scratch.file("catalogue")
        try FileManager.default.copyItem(at: DemoCatalogueTests.repository, to: directory)
        let settings = directory.appendingPathComponent("catalogue.json")
        var text = try String(contentsOf: settings, encoding: .utf8)
        let locales = try #require(text.range(of: #""locales"\s*:\s*\[[^\]]*\]"#, options: .regularExpression))
        text.replaceSubrange(locales, with: #""locales": ["en-US"]"#)
        try Data(text.utf8).write(to: settings)
        let backend = try makeBackend(clock: clock) { configuration in
            configuration.catalogue = .directory(directory)
            configuration.catalogue.pollInterval = nil
        }
        let shoppers = Shoppers(backend)
        var headers = shoppers.headers("ana")
        headers["idempotency-key"] = "k-de"
        let added = try parse(backend.respond(to: post("/v1/cart/items", json: #"{"product_id":"p-1001","quantity":2}"#, query: [("locale", "de-DE")], headers: headers)))
        let price = try #require(backend.catalogue.product("p-1001")?.price(in: .enUS))
        for body in [added, try parse(backend.respond(to: get("/v1/cart", [("locale", "de-DE")], headers: shoppers.headers("ana")))),
                     try parse(backend.respond(to: post("/v1/cart/items", json: #"{"product_id":"p-1001","quantity":2}"#, query: [("locale", "de-DE")], headers: headers)))] {
            #expect(body[path: "items", 0, "unit_price", "currency"] == "USD")
            #expect(body[path: "items", 0, "unit_price", "amount"] == .number(Double(price.cents) / 100))
            #expect(body[path: "subtotal", "amount"] == .number(Double(price.cents * 2) / 100))
        }
    }

    @Test func repeatedIdempotencyKeyChangesNothingAndAnswersTheSame() throws {
        let first = add("p-1001", key: "k-1")
        let second = add("p-1001", key: "k-1")
        #expect(first.status == 200)
        #expect(second.body == first.body)
        #expect(try revision() == base + 1)
        #expect(try cart()[path: "items", 0, "quantity"] == 1)
        // The same key for another request is refused.
        let reused = add("p-1002", key: "k-1")
        #expect(reused.status == 422)
        #expect(try parse(reused)[path: "error", "code"] == "idempotency_key_reused")
        // Keys are per user.
        #expect(add("p-1001", key: "k-1", user: "bob").status == 200)
    }

    @Test func idempotencyKeysExpireOnTheInjectedClock() throws {
        _ = add("p-1001", key: "k-exp")
        clock.advance(seconds: 86_400 + 1)
        _ = add("p-1001", key: "k-exp")
        #expect(try cart()[path: "items", 0, "quantity"] == 2)
    }

    @Test func idempotencyMemoryIsBoundedPerUser() throws {
        let small = try makeBackend(clock: clock) { $0.idempotencyKeysPerUser = 2 }
        let people = Shoppers(small)
        func add(_ key: String) -> HTTPResponse {
            small.respond(to: post("/v1/cart/items", json: #"{"product_id":"p-1001"}"#, headers: people.headers("ana", ["idempotency-key": key])))
        }
        _ = add("a"); _ = add("b"); _ = add("c")
        _ = add("a")  // forgotten: applies again
        _ = add("c")  // remembered: no change
        #expect(try parse(small.respond(to: get("/v1/cart", headers: people.headers("ana"))))[path: "items", 0, "quantity"] == 4)
    }

    @Test func domainErrors() throws {
        let unavailable = try #require(backend.catalogue.products.first { $0.availability == .unavailable })
        #expect(add("p-0").status == 404)
        #expect(try parse(add("p-0"))[path: "error", "code"] == "unknown_product")
        #expect(add(unavailable.id).status == 409)
        #expect(add("p-1001", quantity: 0).status == 422)
        #expect(add("p-1001", quantity: 100).status == 422)
        #expect(add("p-1001", quantity: 99).status == 200)
        #expect(add("p-1001", quantity: 1).status == 422)  // the line would hold 100
        #expect(try revision() == base + 1)
        #expect(backend.respond(to: HTTPRequest(method: "DELETE", path: "/v1/cart/items/p-0", headers: shoppers.headers("ana"))).status == 404)
    }

    @Test(arguments: [
        ("{", "invalid_json"), ("", "invalid_json"), ("[1]", "invalid_body"), (#"{"quantity":1}"#, "invalid_body"),
        (#"{"product_id":7}"#, "invalid_body"), (#"{"product_id":"p-1001","quantity":"2"}"#, "invalid_body"),
        (#"{"product_id":"p-1001","quantity":1.5}"#, "invalid_body"), (#"{"product_id":"p-1001","quantity":true}"#, "invalid_body"),
    ])
    func malformedBodiesAre400(body: String, code: String) throws {
        let response = backend.respond(to: post("/v1/cart/items", json: body, headers: shoppers.headers("ana")))
        #expect(response.status == 400)
        #expect(try parse(response)[path: "error", "code"] == .string(code))
        #expect(try revision(user: "ana") == base)
    }

    @Test func hostileNestingIs400NotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let response = backend.respond(to: post("/v1/cart/items", json: deep, headers: shoppers.headers("ana")))
        #expect(response.status == 400)
        #expect(try parse(response)[path: "error", "code"] == "invalid_json")
    }

    /// What a client would contain, a server refuses: two readers of one request must agree.
    @Test(arguments: [
        #"{"product_id": "p-1001", "product_id": "p-1002"}"#, #"{"product_id": "p-1001", "quantity": 1e400}"#,
    ])
    func aBodyWithARepeatedKeyOrAnOutOfRangeNumberIs400(json: String) throws {
        let response = backend.respond(to: post("/v1/cart/items", json: json, headers: shoppers.headers("ana")))
        #expect(response.status == 400)
        #expect(try parse(response)[path: "error", "code"] == "invalid_json")
    }

    @Test func nonJSONBodiesAre415() throws {
        let request = HTTPRequest(method: "POST", path: "/v1/cart/items", headers: shoppers.headers("ana", ["content-type": "text/plain"]), body: Data("x".utf8))
        #expect(backend.respond(to: request).status == 415)
        let unlabelled = HTTPRequest(method: "POST", path: "/v1/cart/items", headers: shoppers.headers("ana"), body: Data(#"{"product_id":"p-1001"}"#.utf8))
        #expect(backend.respond(to: unlabelled).status == 415)
    }

    @Test func badIdempotencyKeyIs400() {
        #expect(add("p-1001", key: "").status == 400)
        #expect(add("p-1001", key: String(repeating: "k", count: 256)).status == 400)
    }

    @Test func concurrentAddsAllApplyAndRevisionsAreDistinct() async throws {
        let backend = self.backend
        let crowd = shoppers.headers("crowd")
        let revisions = await withTaskGroup(of: Int?.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let response = backend.respond(to: post(
                        "/v1/cart/items", json: #"{"product_id":"p-1001"}"#,
                        headers: crowd.merging(["idempotency-key": "k-\(index)"]) { $1 }))
                    return (try? parse(response))?["revision"]?.intValue
                }
            }
            var all: [Int] = []
            for await revision in group { all += revision.map { [$0] } ?? [] }
            return all
        }
        #expect(Set(revisions) == Set(base + 1...base + 64))
        #expect(try cart(user: "crowd")[path: "items", 0, "quantity"] == 64)
    }

    @Test func concurrentRetriesOfOneKeyApplyOnce() async throws {
        let backend = self.backend
        let retry = shoppers.headers("retry", ["idempotency-key": "same"])
        let bodies = await withTaskGroup(of: Data.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    backend.respond(to: post("/v1/cart/items", json: #"{"product_id":"p-1001"}"#,
                                             headers: retry)).body
                }
            }
            var all: Set<Data> = []
            for await body in group { all.insert(body) }
            return all
        }
        #expect(bodies.count == 1)
        #expect(try revision(user: "retry") == base + 1)
    }
}
