import FlowCore
import Foundation
import Testing
import TestSupport
@testable import VitrineCLI

/// A cart keeps its products when the assortment changes: products are named by the feed's own
/// ids, so a category or product gained at the top of the files, a product that leaves and a price
/// that changes are what they say, after a hot reload and after a restart, in the cart and in
/// every answer remembered for an idempotency key.
@Suite("the assortment changes under a cart", .serialized)
struct AssortmentChangeTests {
    /// The cart's three products: the one that stays as it was, the one that leaves the feed,
    /// and the one whose price changes.
    static let kept = "p-1001", leaving = "p-1002", repriced = "p-1003"

    struct Shopper {
        let client: LoopbackClient
        let token: String

        func add(_ product: String, quantity: Int, key: String) async throws -> LoopbackClient.Answer {
            try await client.send("POST", "/v1/cart/items?locale=en-US", headers: ["Authorization": "Bearer \(token)", "Idempotency-Key": key],
                                  body: #"{"product_id":"\#(product)","quantity":\#(quantity)}"#)
        }

        func cart() async throws -> JSONValue {
            try JSONParser.parse(try await client.send("GET", "/v1/cart?locale=en-US", headers: ["Authorization": "Bearer \(token)"]).body)
        }
    }

    /// `{product_id: (title, quantity, unit price in cents, available)}` of a cart answer.
    static func lines(_ cart: JSONValue) -> [String: (title: String?, quantity: Int, cents: Int?, available: Bool)] {
        var lines: [String: (String?, Int, Int?, Bool)] = [:]
        for item in cart["items"]?.arrayValue ?? [] {
            guard let id = item["product_id"]?.stringValue else { continue }
            let cents = item["unit_price"]?["amount"]?.doubleValue.map { Int(($0 * 100).rounded()) }
            lines[id] = (item["title"]?.stringValue, item["quantity"]?.intValue ?? 0, cents, item["available"]?.boolValue ?? true)
        }
        return lines
    }

    /// The feed gains a category and a product at the top, loses `leaving`, and `repriced`
    /// costs $12.34 more in every currency.
    static func changeTheAssortment(_ fixture: CatalogueFixture) throws {
        var categories = try JSONSerialization.jsonObject(with: Data(try fixture.text("categories.json").utf8)) as? [String: Any] ?? [:]
        let category: [String: Any] = [
            "id": "aaa-new", "name": ["en-US": "New in", "de-DE": "Neu", "fr-FR": "Nouveautés"], "icon": "sparkles",
        ]
        categories["categories"] = [category] + (categories["categories"] as? [Any] ?? [])
        try fixture.write("categories.json", String(decoding: try JSONSerialization.data(withJSONObject: categories), as: UTF8.self))

        var feed = try JSONSerialization.jsonObject(with: Data(try fixture.text("products.json").utf8)) as? [String: Any] ?? [:]
        var products = feed["products"] as? [[String: Any]] ?? []
        products.removeAll { ($0["id"] as? String) == leaving }
        for index in products.indices where (products[index]["id"] as? String) == repriced {
            var price = products[index]["price"] as? [String: Int] ?? [:]
            for currency in price.keys { price[currency, default: 0] += 1234 }
            products[index]["price"] = price
        }
        let newcomer: [String: Any] = [
            "id": "n-0001", "category": "aaa-new", "title": ["en-US": "Knit sweater Alto", "de-DE": "Strickpullover Alto", "fr-FR": "Pull Alto"],
            "price": ["USD": 4000, "EUR": 3700], "image": "n-0001.jpg",
        ]
        feed["products"] = [newcomer] + products
        try fixture.write("products.json", String(decoding: try JSONSerialization.data(withJSONObject: feed), as: UTF8.self))
    }

    @Test func aCartKeepsItsProductsThroughAReloadAndARestart() async throws {
        let fixture = try CatalogueFixture()
        let scratch = try ScratchDirectory("assortment")
        defer {
            fixture.remove()
            scratch.remove()
        }
        let arguments = ["--catalogue", fixture.path, "--now", CatalogueFixture.fileAnchor, "--data", scratch.file("data").path]
        let server = try await ServeProcess.start(arguments)
        let shopper = Shopper(client: server.client(), token: try await server.client().startSession())
        var remembered: [(key: String, product: String, quantity: Int)] = []
        for (index, product) in [Self.kept, Self.leaving, Self.repriced].enumerated() {
            let key = "add-\(product)"
            #expect(try await shopper.add(product, quantity: index + 2, key: key).status == 200)
            remembered.append((key, product, index + 2))
        }
        let before = Self.lines(try await shopper.cart())
        let keptTitle = try #require(before[Self.kept]?.title)
        let repricedCents = try #require(before[Self.repriced]?.cents)
        #expect(keptTitle == "Trail runner Alto")

        try Self.changeTheAssortment(fixture)
        // The two files are written one after the other, so the watcher may apply the new
        // category alone first: what says the feed's change is applied is its warning.
        let reloaded = try await ServeCatalogueTests.elapsed(until: {
            server.logText.contains("product 'p-1002' (Trail runner Brio) is no longer listed")
        }, limit: .seconds(60))
        #expect(reloaded != nil, "the edited feed was not applied: \(server.logText)")
        try await Self.expectTheChangedCart(shopper, keptTitle: keptTitle, repricedCents: repricedCents + 1234, remembered: remembered)
        #expect(await server.stop() == 0)

        let restarted = try await ServeProcess.start(arguments)
        let again = Shopper(client: restarted.client(), token: shopper.token)
        try await Self.expectTheChangedCart(again, keptTitle: keptTitle, repricedCents: repricedCents + 1234, remembered: remembered)
        #expect(await restarted.stop() == 0)
    }

    /// The kept line as it was, the repriced one at its new price, the one that left kept but
    /// unavailable and out of the count and subtotal; each remembered key answers the cart with
    /// the products it named.
    static func expectTheChangedCart(_ shopper: Shopper, keptTitle: String, repricedCents: Int,
                                     remembered: [(key: String, product: String, quantity: Int)]) async throws {
        let cart = try await shopper.cart()
        let lines = Self.lines(cart)
        #expect(cart["items"]?.arrayValue?.compactMap { $0["product_id"]?.stringValue } == [kept, leaving, repriced], "order and products kept")
        #expect(lines[kept]?.title == keptTitle)
        #expect(lines[kept]?.quantity == 2)
        #expect(lines[leaving]?.available == false)
        #expect(lines[leaving]?.quantity == 3)
        #expect(lines[leaving]?.cents == nil, "no price for what is no longer sold")
        #expect(lines[repriced]?.cents == repricedCents)
        #expect(cart["item_count"]?.intValue == 2 + 4, "what left is not counted")
        let subtotal = (lines[kept]?.cents ?? 0) * 2 + repricedCents * 4
        #expect(cart["subtotal"]?["amount"]?.doubleValue.map { Int(($0 * 100).rounded()) } == subtotal)
        for entry in remembered {
            let replay = try await shopper.add(entry.product, quantity: entry.quantity, key: entry.key)
            #expect(replay.status == 200)
            let answer = try JSONParser.parse(replay.body)
            let named = answer["items"]?.arrayValue?.compactMap { $0["product_id"]?.stringValue } ?? []
            #expect(named.contains(entry.product), "the key \(entry.key) answers a cart without \(entry.product): \(named)")
            #expect(!named.contains("n-0001"), "a product the feed gained is in no remembered answer")
            #expect(Self.lines(answer)[kept]?.title == keptTitle)
        }
        #expect(Self.lines(try await shopper.cart()).count == 3, "a replay changes nothing")
    }

    /// What left the feed can be lowered and removed, never raised or added again.
    @Test func aLineWhoseProductLeftCanBeLoweredAndRemovedNotRaised() async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        let server = try await ServeProcess.start(["--catalogue", fixture.path, "--now", CatalogueFixture.fileAnchor, "--database", "memory"])
        let client = server.client()
        let shopper = Shopper(client: client, token: try await client.startSession())
        #expect(try await shopper.add(Self.leaving, quantity: 3, key: "k1").status == 200)
        try Self.changeTheAssortment(fixture)
        // The two files are written one after the other: the new category may be applied
        // alone first. What says the feed's change is applied is its warning.
        let reloaded = try await ServeCatalogueTests.elapsed(until: {
            server.logText.contains("product 'p-1002' (Trail runner Brio) is no longer listed")
        }, limit: .seconds(60))
        #expect(reloaded != nil, "the edited feed was not applied: \(server.logText)")
        let headers = ["Authorization": "Bearer \(shopper.token)", "Idempotency-Key": "k2"]
        let raise = try await client.send("PUT", "/v1/cart/items/\(Self.leaving)", headers: headers, body: #"{"quantity":5}"#)
        #expect(raise.status == 409)
        let addAgain = try await shopper.add(Self.leaving, quantity: 1, key: "k3")
        #expect(addAgain.status == 404)
        let lower = try await client.send("PUT", "/v1/cart/items/\(Self.leaving)", headers: ["Authorization": "Bearer \(shopper.token)", "Idempotency-Key": "k4"],
                                          body: #"{"quantity":1}"#)
        #expect(lower.status == 200)
        #expect(Self.lines(try JSONParser.parse(lower.body))[Self.leaving]?.quantity == 1)
        let removed = try await client.send("DELETE", "/v1/cart/items/\(Self.leaving)", headers: ["Authorization": "Bearer \(shopper.token)", "Idempotency-Key": "k5"])
        #expect(removed.status == 200)
        #expect(Self.lines(try await shopper.cart()).isEmpty)
        #expect(await server.stop() == 0)
    }
}
