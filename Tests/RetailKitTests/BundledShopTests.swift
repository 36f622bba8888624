import FlowCore
import FlowRuntime
import Foundation
import HTTPServer
import ImagePipeline
import RetailBackend
import RetailContract
import Testing
import TestSupport
@testable import RetailKit

/// The bundled demo shop answers as the backend it was exported from: the same pages, search
/// suggestions and results pages, cart answers and refusals, and "notify me".
@Suite(SharedBundledShop()) struct BundledShopTests {
    static let instant = RFC3339.date(from: "2026-12-01T10:00:00Z")!

    /// The page without its request id, which names one answer and not its content.
    static func content(_ data: Data) throws -> JSONValue {
        var document = try JSONParser.parse(data)
        guard case .object(var root) = document, case .object(var page)? = root["page"] else { return document }
        page["request_id"] = nil
        root["page"] = .object(page)
        document = .object(root)
        return document
    }

    @Test func homeIsTheBackendsPageForEachLocaleAndSegment() throws {
        let fixture = try BundledShopFixture.current()
        for locale in ["en-US", "de-DE", "fr-FR"] {
            for segment in ["new", "returning", "vip"] {
                let bundled = try Self.content(fixture.shop.page("home", locale: locale, segment: segment))
                let served = try JSONParser.parse(fixture.get("/v1/home", locale: locale, segment: segment).body)
                // The backend pages the home page; the bundle holds it whole: its first sections are the served first page's.
                let bundledSections = try #require(bundled["page"]?["sections"]?.arrayValue)
                let servedSections = try #require(served["page"]?["sections"]?.arrayValue)
                #expect(!servedSections.isEmpty)
                #expect(Array(bundledSections.prefix(servedSections.count)) == servedSections, "home \(locale) \(segment)")
                #expect(bundled["page"]?["pagination"]?["has_more"] == .bool(false))
            }
        }
    }

    @Test func everyPageABundledPageOpensAndEveryPictureItShowsIsInTheBundle() throws {
        let fixture = try BundledShopFixture.current()
        let manifest = try JSONParser.parse(Data(contentsOf: fixture.directory.url.appendingPathComponent("shop.json")))
        var checkedLinks = 0, checkedImages = 0
        for entry in try #require(manifest["pages"]?.arrayValue) {
            let locale = try #require(entry["locale"]?.stringValue)
            let text = String(decoding: try Data(contentsOf: fixture.directory.url.appendingPathComponent(try #require(entry["file"]?.stringValue))), as: UTF8.self)
            for pageID in Self.values(after: #""type":"open_page","page_id":""#, in: text) where PageID(pageID).kind != .search {
                #expect(throws: Never.self, "\(pageID) in \(locale)") { _ = try fixture.shop.page(pageID, locale: locale, segment: entry["segment"]?.stringValue ?? "returning") }
                checkedLinks += 1
            }
            for path in Self.values(after: #""url":""#, in: text) where path.hasPrefix("/v1/images/") {
                #expect(fixture.shop.image(path: path) != nil, "\(path)")
                checkedImages += 1
            }
        }
        #expect(checkedLinks > 100 && checkedImages > 100)
    }

    @Test(arguments: ["en-US", "de-DE", "fr-FR"])
    func searchPagesAndSuggestionsAreTheBackends(locale: String) throws {
        let fixture = try BundledShopFixture.current()
        let queries = ["le", "leder", "coat", "mantel", "manteau", "schuh", "trail", "wool coat", "xyzzy", "a", "Winter", "robe", "Bags", "sac", "%@"]
        for query in queries {
            let served = fixture.get("/v1/pages/" + URLEncoding.pathSegment("search:\(query)"), locale: locale)
            #expect(served.status == 200)
            let bundled = try fixture.shop.page("search:\(query)", locale: locale, segment: "returning")
            #expect(try Self.content(bundled) == Self.content(served.body), "search:\(query) in \(locale)")

            for segment in ["new", "vip"] {
                let suggested = fixture.get("/v1/search/suggestions", locale: locale, segment: segment, extra: [("q", query)])
                let expected = try #require(JSONParser.parse(suggested.body)["suggestions"]?.arrayValue).map {
                    [$0["text"]?.stringValue ?? "", $0["kind"]?.stringValue ?? "", $0["target"]?.stringValue ?? "", $0["price"]?["amount"]?.doubleValue.map { "\($0)" } ?? ""]
                }
                let local = try fixture.shop.suggestions(for: query, locale: locale, segment: segment).map {
                    [$0.text, "\($0.kind)", $0.target, $0.price.map { "\($0.amount)" } ?? ""]
                }
                #expect(local == expected, "suggestions for \(query) in \(locale) for \(segment)")
            }
        }
    }

    @Test func theCartAnswersAndRefusesAsTheBackendDoes() async throws {
        let fixture = try BundledShopFixture.current()
        let token = try sessionToken(of: fixture.backend)
        // On the backend's clock: a new cart's revision and every change's are the backend's too.
        let local = BundledCart(shop: fixture.shop, locale: "de-DE", file: nil, now: { Self.instant })
        let unavailable = try #require(try Self.unavailableProduct(fixture))
        let changes: [CartChange] = [
            .add(productID: "p-1002", quantity: 2), .add(productID: "p-1001", quantity: 1, position: 0), .add(productID: "p-1002", quantity: 98),
            .add(productID: "p-1002", quantity: 97), .add(productID: "p-9999", quantity: 1), .add(productID: unavailable, quantity: 1),
            .add(productID: "p-1003", quantity: 0), .add(productID: "p-1003", quantity: 100), .setQuantity(productID: "p-1001", quantity: 5),
            .setQuantity(productID: "p-1001", quantity: 5), .setQuantity(productID: "p-1004", quantity: 3), .setQuantity(productID: unavailable, quantity: 1),
            .remove(productID: "p-1004"), .remove(productID: "p-1005"), .remove(productID: "p-9999"), .remove(productID: "p-1002"),
        ]
        var answered: [CartSnapshot?] = []
        for (number, change) in changes.enumerated() {
            let key = "key-\(number)"
            let served = fixture.backend.respond(to: Self.request(change, key: key, token: token))
            do {
                let snapshot = try await local.apply(change, idempotencyKey: key)
                answered.append(snapshot)
                #expect(served.status == 200, "\(change): the backend answered \(served.status)")
                let expected = try CartSnapshot(data: served.body)
                #expect(snapshot.lines == expected.lines && snapshot.itemCount == expected.itemCount && snapshot.subtotal == expected.subtotal, "\(change)")
                #expect(snapshot.revision == expected.revision, "\(change): revision \(snapshot.revision), the backend's \(expected.revision)")
            } catch let error as HomeAPIError {
                answered.append(nil)
                let code = try JSONParser.parse(served.body)["error"]?["code"]?.stringValue
                #expect(error.status == served.status && error.code == code, "\(change): \(error) against \(served.status) \(code ?? "")")
            }
        }
        // A key answered again is not applied again: it answers what it answered then.
        let before = try await local.fetchCart()
        let again = try await local.apply(changes[1], idempotencyKey: "key-1")
        #expect(again.lines == answered[1]?.lines && again.revision == answered[1]?.revision)
        #expect(try await local.fetchCart() == before)
    }

    @Test func theCartIsKeptAcrossLaunches() async throws {
        let fixture = try BundledShopFixture.current()
        let file = fixture.directory.url.appendingPathComponent("cart.json")
        _ = try await BundledCart(shop: fixture.shop, locale: "en-US", file: file).apply(.add(productID: "p-1001", quantity: 3), idempotencyKey: "k1")
        let reopened = BundledCart(shop: fixture.shop, locale: "en-US", file: file)
        #expect(try await reopened.fetchCart().lines.map(\.quantity) == [3])
        // The change sent again after a crash, with its key, is not applied twice.
        #expect(try await reopened.apply(.add(productID: "p-1001", quantity: 3), idempotencyKey: "k1").lines.map(\.quantity) == [3])
    }

    // MARK: - The cart's revision

    /// The cart's revision is the backend's clock (`CartRevision`): a new cart answers the
    /// clock, a change goes one past the revision before or past the clock, and a cart whose
    /// file was lost or unreadable starts again above every revision it answered, so the app's
    /// journal does not drop its answers as stale.
    @Test func theCartsRevisionIsAClockSoACartStartedAgainIsNewer() async throws {
        let fixture = try BundledShopFixture.current()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("bundled-cart.json")
        let clock = Locked(Self.instant)
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        let first = BundledCart(shop: fixture.shop, locale: "en-US", file: file, now: now)
        let started = CartRevision.clock(Self.instant)
        #expect(try await first.fetchCart().revision == started)
        var revisions: [Int] = []
        for (number, product) in ["p-1001", "p-1002", "p-1003"].enumerated() {
            revisions.append(try await first.apply(.add(productID: product, quantity: 1), idempotencyKey: "k\(number)").revision)
        }
        // The clock stood still: each change is one past the one before.
        #expect(revisions == [started + 1, started + 2, started + 3])
        // A change that changes nothing keeps the revision.
        #expect(try await first.apply(.remove(productID: "p-1004"), idempotencyKey: "k3").revision == started + 3)

        // A second later the file is unreadable, then gone: the cart starts again from the clock.
        for lose in ["unreadable", "gone"] {
            if lose == "gone" { try FileManager.default.removeItem(at: file) } else { try Data("{".utf8).write(to: file) }
            clock.withLock { $0 = $0.addingTimeInterval(1) }
            let newest = revisions.last ?? started
            let again = BundledCart(shop: fixture.shop, locale: "en-US", file: file, now: now)
            let fetched = try await again.fetchCart()
            #expect(fetched.lines.isEmpty && fetched.revision == CartRevision.clock(clock.withLock { $0 }), "\(lose)")
            #expect(fetched.revision > newest, "\(lose): \(fetched.revision) after \(newest)")
            let added = try await again.apply(.add(productID: "p-1005", quantity: 1), idempotencyKey: "k-\(lose)")
            #expect(added.revision == fetched.revision + 1, "\(lose)")
            revisions.append(added.revision)
        }
    }

    /// The app on a bundle whose cart file was lost shows the cart started again: the answers
    /// of the new cart are newer than the one its journal kept, so none is dropped as stale.
    @Test @MainActor func theAppShowsABundledCartStartedAgain() async throws {
        let fixture = try BundledShopFixture.current()
        let storage = try TemporaryDirectory()
        defer { storage.remove() }
        let clock = Locked(Self.instant)
        var configuration = AppConfiguration(bundledShop: fixture.shop, user: UserID("shopper")!, storageDirectory: storage.url)
        configuration.locale = "en-US"
        configuration.now = { clock.withLock { $0 } }
        let first = try AppComposition(configuration: configuration)
        first.start()
        first.cart.add(productID: "p-1001", quantity: 2)
        first.cart.add(productID: "p-1002", quantity: 2)
        await waitUntil { first.cart.canonical?.itemCount == 4 && first.cart.operations.isEmpty }
        let kept = try #require(first.cart.canonical?.revision)
        _ = await first.shutdown()

        // The kept cart is unreadable (a torn copy restored from a backup, another build's format …).
        try Data("{".utf8).write(to: configuration.userDataDirectory.appendingPathComponent("bundled-cart.json"))
        clock.withLock { $0 = $0.addingTimeInterval(60) }
        let again = try AppComposition(configuration: configuration)
        again.start()
        again.cart.add(productID: "p-1005", quantity: 1)
        await waitUntil { again.cart.operations.isEmpty }
        let shown = again.cart.canonical?.lines.map(\.productID) ?? []
        #expect(shown == ["p-1005"], "the app shows \(shown) (revision \(again.cart.canonical?.revision ?? -1) after \(kept)); the bundled cart holds p-1005 alone")
        #expect((again.cart.canonical?.revision ?? 0) > kept)
        _ = await again.shutdown()
    }

    // MARK: - The cart kept on disk

    /// A change the cart cannot keep (a full disk) is answered 503 `storage_unavailable` and
    /// changes nothing, as the backend applies a change and its key in one transaction: not the
    /// cart, nor its revision, nor the key, so its retry is tried again (not answered 200 from
    /// memory), and applied once the cart can be kept.
    @Test func aChangeThatCannotBeKeptChangesNothing() async throws {
        let fixture = try BundledShopFixture.current()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The file's directory is a regular file: every write fails.
        let blocker = directory.url.appendingPathComponent("blocked")
        try Data("x".utf8).write(to: blocker)
        let file = blocker.appendingPathComponent("bundled-cart.json")
        let cart = BundledCart(shop: fixture.shop, locale: "en-US", file: file, now: { Self.instant })
        let before = try await cart.fetchCart()
        for attempt in ["the change", "its retry"] {
            do {
                let answered = try await cart.apply(.add(productID: "p-1001", quantity: 1), idempotencyKey: "k1")
                Issue.record("\(attempt) was answered 200 with \(answered.lines.map(\.productID)) though it was not kept")
            } catch let error as HomeAPIError {
                #expect(error.status == 503 && error.code == RetailErrorCode.storageUnavailable.rawValue, "\(attempt): \(error)")
            }
            let after = try await cart.fetchCart()
            #expect(after.lines.isEmpty && after.revision == before.revision, "\(attempt): \(after.lines.map(\.productID)) at \(after.revision)")
        }
        // The disk has room again: the retry is applied, once.
        try FileManager.default.removeItem(at: blocker)
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        let applied = try await cart.apply(.add(productID: "p-1001", quantity: 1), idempotencyKey: "k1")
        #expect(applied.lines.map(\.quantity) == [1] && applied.revision == before.revision + 1)
        #expect(try await BundledCart(shop: fixture.shop, locale: "en-US", file: file).fetchCart().lines.map(\.quantity) == [1])
    }

    /// A kept revision the app cannot read (negative, past 2^53 − 1, not a whole number) is
    /// refused and the cart counts on from the clock, as one whose file was lost; the lines are
    /// kept, and the cart answers and changes.
    @Test(arguments: ["-1", "9007199254740992", "1e300", "1.5", #""7""#])
    func aKeptRevisionTheAppCannotReadIsRefused(revision: String) async throws {
        let fixture = try BundledShopFixture.current()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("bundled-cart.json")
        try Data(#"{"revision":\#(revision),"lines":[{"product_id":"p-1001","quantity":2}],"keys":[]}"#.utf8).write(to: file)
        let cart = BundledCart(shop: fixture.shop, locale: "en-US", file: file, now: { Self.instant })
        let fetched = try await cart.fetchCart()
        #expect(fetched.revision == CartRevision.clock(Self.instant) && fetched.lines.map(\.quantity) == [2])
        let added = try await cart.apply(.add(productID: "p-1002", quantity: 1), idempotencyKey: "k")
        #expect(added.revision == fetched.revision + 1 && added.lines.map(\.productID) == ["p-1001", "p-1002"])
    }

    /// The largest revision the app reads is kept, and a change answers no larger one: the cart
    /// stays readable (the app takes an answer of the revision it has).
    @Test func aKeptRevisionAtTheLargestTheAppReadsStaysReadable() async throws {
        let fixture = try BundledShopFixture.current()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("bundled-cart.json")
        try Data(#"{"revision":\#(CartSnapshot.maxRevision),"lines":[],"keys":[]}"#.utf8).write(to: file)
        let cart = BundledCart(shop: fixture.shop, locale: "en-US", file: file, now: { Self.instant })
        #expect(try await cart.fetchCart().revision == CartSnapshot.maxRevision)
        let added = try await cart.apply(.add(productID: "p-1001", quantity: 1), idempotencyKey: "k")
        #expect(added.revision == CartSnapshot.maxRevision && added.lines.map(\.quantity) == [1])
    }

    /// Kept lines are read as the cart's rule could have made them: lines of one product are
    /// one line, in the first one's place, of at most 99; a line without a product id or a
    /// quantity of 1–99 is dropped; keys that cannot be read are forgotten; the rest is kept.
    @Test func aKeptCartHoldsOneLineOfAProduct() async throws {
        let fixture = try BundledShopFixture.current()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("bundled-cart.json")
        let lines = #"[{"product_id":"p-1001","quantity":99},{"product_id":"p-1002","quantity":1},{"product_id":"p-1001","quantity":99},"#
            + #"{"product_id":"p-1002","quantity":3},{"product_id":5,"quantity":1},{"product_id":"p-1003","quantity":0},"#
            + #"{"product_id":"p-1003","quantity":100},{"product_id":"","quantity":1},{"quantity":1},"oops"]"#
        try Data(#"{"revision":3,"lines":\#(lines),"keys":["k-old",{"key":7},{"key":"k","request":"?","revision":-4,"lines":[]}]}"#.utf8).write(to: file)
        let cart = BundledCart(shop: fixture.shop, locale: "en-US", file: file, now: { Self.instant })
        let snapshot = try await cart.fetchCart()
        #expect(snapshot.lines.map(\.productID) == ["p-1001", "p-1002"] && snapshot.lines.map(\.quantity) == [99, 4], "\(snapshot.lines.map { "\($0.productID) × \($0.quantity)" })")
        #expect(snapshot.revision == 3)
        // The line holds the most a line may: one more is refused as by the rule.
        await #expect(throws: HomeAPIError.self) { _ = try await cart.apply(.add(productID: "p-1001", quantity: 1), idempotencyKey: "k") }
        #expect(try await cart.apply(.setQuantity(productID: "p-1001", quantity: 98), idempotencyKey: "k").lines.map(\.quantity) == [98, 4])
    }

    /// A kept cart holds no more lines than an answer may (`CartSnapshot.maxLines`): the first
    /// ones are kept, the cart answers and changes.
    @Test func aKeptCartHoldsNoMoreLinesThanAnAnswerMay() async throws {
        let fixture = try BundledShopFixture.current()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("bundled-cart.json")
        let lines = (0..<(CartSnapshot.maxLines + 5)).map { #"{"product_id":"gone-\#($0)","quantity":1}"# }.joined(separator: ",")
        try Data(#"{"revision":3,"lines":[\#(lines)],"keys":[]}"#.utf8).write(to: file)
        let cart = BundledCart(shop: fixture.shop, locale: "en-US", file: file, now: { Self.instant })
        let snapshot = try await cart.fetchCart()
        #expect(snapshot.lines.count == CartSnapshot.maxLines)
        #expect(snapshot.lines.first?.productID == "gone-0" && snapshot.lines.last?.productID == "gone-\(CartSnapshot.maxLines - 1)")
        #expect(try await cart.apply(.remove(productID: "gone-0"), idempotencyKey: "k").lines.count == CartSnapshot.maxLines - 1)
    }

    // MARK: - Idempotency keys

    /// A key is one request (CONTRACT §10): sent again with another (another product, quantity,
    /// position or kind of change) it is a 422 `idempotency_key_reused`, as from the backend,
    /// also for a request that would be refused on its own (the key is looked up first), and
    /// changes nothing.
    @Test func aKeyUsedForAnotherRequestIsRefusedAsByTheBackend() async throws {
        let fixture = try BundledShopFixture.current()
        let token = try sessionToken(of: fixture.backend)
        let local = BundledCart(shop: fixture.shop, locale: "de-DE", file: nil, now: { Self.instant })
        let first = CartChange.add(productID: "p-1001", quantity: 1)
        #expect(fixture.backend.respond(to: Self.request(first, key: "k", token: token)).status == 200)
        _ = try await local.apply(first, idempotencyKey: "k")
        let others: [CartChange] = [
            .add(productID: "p-1002", quantity: 1), .add(productID: "p-1001", quantity: 2), .add(productID: "p-1001", quantity: 1, position: 0),
            .setQuantity(productID: "p-1001", quantity: 1), .remove(productID: "p-1001"), .add(productID: "p-9999", quantity: 1),
            .add(productID: "p-1001", quantity: 1, position: -5), .add(productID: "p-1001", quantity: 100),
        ]
        for other in others {
            let served = fixture.backend.respond(to: Self.request(other, key: "k", token: token))
            let servedCode = try JSONParser.parse(served.body)["error"]?["code"]?.stringValue
            #expect(served.status == 422 && servedCode == RetailErrorCode.idempotencyKeyReused.rawValue, "the backend, \(other)")
            do {
                let answered = try await local.apply(other, idempotencyKey: "k")
                Issue.record("\(other): the bundle answered 200 (\(answered.lines.map(\.productID))), the backend \(served.status) \(servedCode ?? "")")
            } catch let error as HomeAPIError {
                #expect(error.status == served.status && error.code == servedCode, "\(other): \(error)")
            }
        }
        #expect(try await local.fetchCart().lines.map(\.quantity) == [1])
    }

    /// A key sent again with its request answers the cart it answered then (its lines and
    /// revision), not the cart of now, as the backend does; the next launch too (the answers
    /// are kept with their keys).
    @Test func aKeySentAgainAnswersTheCartItAnsweredThen() async throws {
        let fixture = try BundledShopFixture.current()
        let token = try sessionToken(of: fixture.backend)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("bundled-cart.json")
        let local = BundledCart(shop: fixture.shop, locale: "de-DE", file: file, now: { Self.instant })
        let changes: [(CartChange, String)] = [
            (.add(productID: "p-1001", quantity: 1), "a"), (.add(productID: "p-1002", quantity: 2), "b"), (.remove(productID: "p-1001"), "c"),
        ]
        var answered: [CartSnapshot] = []
        for (change, key) in changes {
            #expect(fixture.backend.respond(to: Self.request(change, key: key, token: token)).status == 200)
            answered.append(try await local.apply(change, idempotencyKey: key))
        }
        let reopened = BundledCart(shop: fixture.shop, locale: "de-DE", file: file, now: { Self.instant })
        for ((change, key), then) in zip(changes, answered) {
            let served = try CartSnapshot(data: fixture.backend.respond(to: Self.request(change, key: key, token: token)).body)
            for (name, cart) in [("this launch", local), ("the next", reopened)] {
                let replayed = try await cart.apply(change, idempotencyKey: key)
                #expect(replayed.lines == then.lines && replayed.revision == then.revision, "\(key) in \(name)")
                #expect(replayed.lines == served.lines && replayed.revision == served.revision, "\(key) in \(name), against the backend")
            }
        }
        #expect(try await local.fetchCart().lines.map(\.productID) == ["p-1002"])
        #expect(try await reopened.fetchCart().lines.map(\.productID) == ["p-1002"])
    }

    // MARK: - A request's body

    /// An add's body is refused as the backend's endpoint refuses it (CONTRACT §10): a
    /// `position` outside 0–65535 or a `product_id` over 128 bytes is 400 `invalid_body`, not
    /// clamped nor looked up, and changes nothing; the bounds themselves are taken.
    @Test(arguments: [
        CartChange.add(productID: "p-1001", quantity: 1, position: -5), .add(productID: "p-1001", quantity: 1, position: -1),
        .add(productID: "p-1001", quantity: 1, position: 65_536), .add(productID: "p-1001", quantity: 1, position: 70_000),
        .add(productID: String(repeating: "p", count: 129), quantity: 1), .add(productID: "p-1001", quantity: 1, position: 0),
        .add(productID: "p-1001", quantity: 1, position: 65_535), .add(productID: String(repeating: "p", count: 128), quantity: 1),
    ])
    func anAddsBodyIsRefusedAsByTheBackend(change: CartChange) async throws {
        let fixture = try BundledShopFixture.current()
        let token = try sessionToken(of: fixture.backend)
        let local = BundledCart(shop: fixture.shop, locale: "de-DE", file: nil, now: { Self.instant })
        _ = try await local.apply(.add(productID: "p-1002", quantity: 1), idempotencyKey: "first")
        #expect(fixture.backend.respond(to: Self.request(.add(productID: "p-1002", quantity: 1), key: "first", token: token)).status == 200)
        let served = fixture.backend.respond(to: Self.request(change, key: "k", token: token))
        let servedCode = try JSONParser.parse(served.body)["error"]?["code"]?.stringValue
        do {
            let answered = try await local.apply(change, idempotencyKey: "k")
            #expect(served.status == 200, "the bundle answered 200, the backend \(served.status) \(servedCode ?? "")")
            #expect(answered.lines == (try? CartSnapshot(data: served.body))?.lines)
        } catch let error as HomeAPIError {
            #expect(error.status == served.status && error.code == servedCode, "\(error) against \(served.status) \(servedCode ?? "")")
            #expect(try await local.fetchCart().lines.map(\.productID) == ["p-1002"])
        }
        if case .add(let productID, _, let position) = change, productID.utf8.count > 128 || position.map({ !(0...65_535).contains($0) }) == true {
            #expect(served.status == 400 && servedCode == RetailErrorCode.invalidBody.rawValue)
        }
    }

    // MARK: - Notify me

    @Test func notifyMeAnswersAsTheBackendDoes() async throws {
        let fixture = try BundledShopFixture.current()
        let unavailable = try #require(try Self.unavailableProduct(fixture))
        let action = try #require(ActionData(object: JSONObject([
            (key: "type", value: "api"), (key: "endpoint", value: .string(RetailRoutes.member(.actions, RetailAPIAction.notifyMe))),
            (key: "product_id", value: .string(unavailable)),
        ])))
        let context = ActionCallContext(pageID: "home", requestID: "r-1", widgetID: "rail.\(unavailable)", value: .null)
        let endpoint = try #require(APIEndpoint(RetailRoutes.member(.actions, RetailAPIAction.notifyMe)))
        let call = ActionCall(action: action, endpoint: endpoint, method: .post, context: context)
        let served = fixture.backend.respond(to: HTTPRequest(
            method: "POST", path: RetailRoutes.member(.actions, RetailAPIAction.notifyMe), query: [("locale", "fr-FR")],
            headers: ["content-type": "application/json"], body: call.body))
        #expect(served.status == 200)
        let local = try await BundledActions(shop: fixture.shop, locale: "fr-FR").send(call)
        #expect(try JSONParser.parse(local) == JSONParser.parse(served.body))
        let unknown = try #require(APIEndpoint("/v1/actions/favourite"))
        await #expect(throws: HomeAPIError.self) {
            _ = try await BundledActions(shop: fixture.shop, locale: "fr-FR").send(ActionCall(action: action, endpoint: unknown, method: .post, context: context))
        }
    }

    /// "Notify me" is refused as the backend refuses it, in its order (`ActionEndpoints`): a
    /// body without the card's `widget_id` (or one over 200 bytes) or the action's `product_id`
    /// (or one over 128 bytes) is 400 `invalid_body`; then a product the feed does not list is
    /// 404 `unknown_product`; then one that can be bought is 409 `product_available`.
    @Test func notifyMeIsRefusedAsByTheBackendInItsOrder() async throws {
        let fixture = try BundledShopFixture.current()
        let unavailable = try #require(try Self.unavailableProduct(fixture))
        let path = RetailRoutes.member(.actions, RetailAPIAction.notifyMe)
        let cases: [(productID: String?, widgetID: String?, status: Int)] = [
            ("p-9999", "rail.p-9999", 404), (unavailable, nil, 400), ("p-9999", nil, 400), (unavailable, "", 400),
            (unavailable, String(repeating: "w", count: 201), 400), (nil, "rail.x", 400), ("", "rail.x", 400),
            (String(repeating: "p", count: 129), "rail.x", 400), (String(repeating: "p", count: 128), "rail.x", 404),
            ("p-1001", "rail.p-1001", 409), ("p-1001", nil, 400), (unavailable, String(repeating: "w", count: 200), 200),
        ]
        for (productID, widgetID, status) in cases {
            var members: [JSONObject.Member] = [(key: "type", value: "api"), (key: "endpoint", value: .string(path))]
            if let productID { members.append((key: "product_id", value: .string(productID))) }
            let action = try #require(ActionData(object: JSONObject(members)))
            let context = ActionCallContext(pageID: "home", requestID: "r-1", widgetID: widgetID, value: .null)
            let call = ActionCall(action: action, endpoint: try #require(APIEndpoint(path)), method: .post, context: context)
            let served = fixture.backend.respond(to: HTTPRequest(
                method: "POST", path: path, query: [("locale", "en-US")], headers: ["content-type": "application/json"], body: call.body))
            let servedCode = try? JSONParser.parse(served.body)["error"]?["code"]?.stringValue
            let name = "\(productID?.prefix(12) ?? "no product") on \(widgetID?.prefix(12) ?? "no widget")"
            #expect(served.status == status, "the backend, \(name)")
            do {
                let local = try await BundledActions(shop: fixture.shop, locale: "en-US").send(call)
                #expect(served.status == 200, "\(name): the bundle answered 200, the backend \(served.status) \(servedCode ?? "")")
                #expect(try JSONParser.parse(local) == JSONParser.parse(served.body), "\(name)")
            } catch let error as HomeAPIError {
                #expect(error.status == served.status && error.code == servedCode, "\(name): \(error) against \(served.status) \(servedCode ?? "")")
            }
        }
    }

    // MARK: - Images, the manifest, the app

    @Test func imagesComeOnlyFromTheBundlesOriginAndPaths() async throws {
        let fixture = try BundledShopFixture.current()
        let loader = BundledImageLoader(shop: fixture.shop)
        let good = BundledShop.origin.appendingPathComponent("v1/images/p-1001.jpg")
        #expect(try await loader.data(for: good, maxBytes: 1 << 20).starts(with: [0xFF, 0xD8]))
        for url in ["http://example.com/v1/images/p-1001.jpg", "http://bundled-shop.invalid:8080/v1/images/p-1001.jpg",
                    "http://bundled-shop.invalid/v1/images/../shop.json", "http://bundled-shop.invalid/shop.json"] {
            await #expect(throws: ImagePipeline.Error.self, "\(url)") { _ = try await loader.data(for: URL(string: url)!, maxBytes: 1 << 20) }
        }
        await #expect(throws: ImagePipeline.Error.self) { _ = try await loader.data(for: good, maxBytes: 10) }
    }

    @Test func aManifestNamingAPathOutsideTheBundleIsRefused() throws {
        let directory = try TemporaryDirectory()
        for file in ["../secret.json", "/etc/passwd", "pages/.hidden.json", "pages//x.json", "pages/a b.json"] {
            let manifest = #"{"format":1,"instant":"2026-12-01T10:00:00Z","pages":[{"id":"home","locale":"en-US","file":"\#(file)"}],"catalogues":{"en-US":"c.json"}}"#
            try Data(manifest.utf8).write(to: directory.url.appendingPathComponent("shop.json"))
            #expect(throws: BundledShop.Unusable.self, "\(file)") { _ = try BundledShop(directory: directory.url) }
        }
        try Data(#"{"format":2}"#.utf8).write(to: directory.url.appendingPathComponent("shop.json"))
        #expect(throws: BundledShop.Unusable.self) { _ = try BundledShop(directory: directory.url) }
    }

    @Test @MainActor func theAppRunsOnTheBundledShopWithNoBackend() async throws {
        let fixture = try BundledShopFixture.current()
        let storage = try TemporaryDirectory()
        var configuration = AppConfiguration(bundledShop: fixture.shop, user: UserID("shopper")!, storageDirectory: storage.url)
        configuration.locale = "de-DE"
        let start = Date()
        configuration.now = { start }
        let composition = try AppComposition(configuration: configuration)
        composition.start()
        await waitUntil { composition.home.page != nil }
        #expect(composition.home.page?.id == "home")
        // The shop's time is the bundle's.
        #expect(composition.serverClock.now() == Self.instant)
        composition.cart.add(productID: "p-1001", quantity: 2)
        await waitUntil { composition.cart.canonical?.itemCount == 2 }
        composition.search.update(query: "schuh")
        await waitUntil { composition.search.suggestions.contains { $0.kind == .product } }
        let product = composition.pageStore(for: "product:p-1001")
        await waitUntil { product.page != nil }
        #expect(product.page?.id == "product:p-1001")
        _ = await composition.shutdown()

        // The next launch has the cart.
        let again = try AppComposition(configuration: configuration)
        again.start()
        await waitUntil { again.cart.canonical?.itemCount == 2 }
        _ = await again.shutdown()
    }

    /// The example app's bundled shop (`make example-shop`) is what the demo catalogue composes
    /// for this release of the app at the bundle's instant, file for file.
    @Test func theExampleAppsBundledShopIsCurrent() throws {
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/VitrineShop.swiftpm/App/Resources/DemoShop")
        let manifest = try JSONParser.parse(Data(contentsOf: bundled.appendingPathComponent("shop.json")))
        let instant = try #require(manifest["instant"]?.stringValue.flatMap(RFC3339.date(from:)))
        var configuration = HomeBackend.Configuration()
        configuration.now = { instant }
        configuration.anchor = instant
        let bundle = try HomeBackend(configuration: configuration).shopBundle(at: instant, appVersion: VitrineApp.version, capabilities: VitrineApp.capabilities)
        let remake = "the example's bundled shop is not what the demo catalogue composes now: run `make example-shop` and commit it"
        var stale: [String] = []
        for file in bundle.files where (try? Data(contentsOf: bundled.appendingPathComponent(file.path))) != file.bytes {
            stale.append(file.path)
        }
        #expect(stale.isEmpty, "\(remake) (\(stale.count) files differ, first \(stale.prefix(3)))")
        let expected = Set(bundle.files.map(\.path))
        let present = try Self.files(under: bundled)
        #expect(present.subtracting(expected).isEmpty, "\(remake) (files it no longer makes: \(present.subtracting(expected).sorted().prefix(3)))")
    }

    // MARK: - Helpers

    static func files(under directory: URL) throws -> Set<String> {
        var found: Set<String> = []
        let root = directory.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return found }
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            found.insert(String(url.standardizedFileURL.path.dropFirst(root.count)))
        }
        return found
    }

    static func unavailableProduct(_ fixture: BundledShopFixture) throws -> String? {
        let catalogue = try JSONParser.parse(Data(contentsOf: fixture.directory.url.appendingPathComponent("catalogues/de-DE.json")))
        return catalogue["products"]?.arrayValue?.first { $0["buyable"] == .bool(false) }?["id"]?.stringValue
    }

    static func values(after marker: String, in text: String) -> [String] {
        text.components(separatedBy: marker).dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    static func request(_ change: CartChange, key: String, token: String) -> HTTPRequest {
        var headers = ["authorization": "Bearer \(token)", "idempotency-key": key, "content-type": "application/json"]
        let query = [(name: "locale", value: "de-DE")]
        switch change {
        case .add(let productID, let quantity, let position):
            var body: [JSONObject.Member] = [(key: "product_id", value: .string(productID)), (key: "quantity", value: .number(Double(quantity)))]
            if let position { body.append((key: "position", value: .number(Double(position)))) }
            return HTTPRequest(method: "POST", path: RetailRoutes.cartItems, query: query, headers: headers, body: JSONWriter.data(for: .object(JSONObject(body))))
        case .setQuantity(let productID, let quantity):
            return HTTPRequest(method: "PUT", path: RetailRoutes.cartItem(productID), query: query, headers: headers,
                               body: JSONWriter.data(for: .object(JSONObject([(key: "quantity", value: .number(Double(quantity)))]))))
        case .remove(let productID):
            headers["content-type"] = nil
            return HTTPRequest(method: "DELETE", path: RetailRoutes.cartItem(productID), query: query, headers: headers)
        }
    }
}

/// One fixture for the suite (an export takes seconds), its directory removed after it.
struct SharedBundledShop: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let fixture = try BundledShopFixture()
        defer { fixture.directory.remove() }
        try await BundledShopFixture.$shared.withValue(fixture) { try await function() }
    }
}

/// A backend whose clock stands at `instant`, its bundle written to a directory, and the
/// bundled shop read from there.
struct BundledShopFixture: Sendable {
    @TaskLocal static var shared: BundledShopFixture?

    static func current() throws -> BundledShopFixture {
        try #require(shared, "the suite's trait makes the fixture")
    }

    let backend: HomeBackend
    let shop: BundledShop
    let directory: TemporaryDirectory

    init() throws {
        var configuration = HomeBackend.Configuration()
        configuration.now = { BundledShopTests.instant }
        configuration.anchor = BundledShopTests.instant
        backend = try HomeBackend(configuration: configuration)
        directory = try TemporaryDirectory()
        let bundle = backend.shopBundle(at: BundledShopTests.instant, appVersion: VitrineApp.version, capabilities: VitrineApp.capabilities)
        for file in bundle.files {
            let url = directory.url.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.bytes.write(to: url)
        }
        shop = try BundledShop(directory: directory.url)
    }

    /// `GET path` of the backend for the app's client in `locale` and `segment`.
    func get(_ path: String, locale: String, segment: String = "returning", extra: [(name: String, value: String)] = []) -> HTTPResponse {
        backend.respond(to: HTTPRequest(method: "GET", path: path, query: [
            ("locale", locale), ("appVersion", VitrineApp.version.description), ("userSegment", segment),
            ("capabilities", VitrineApp.capabilities.sorted().joined(separator: ",")),
        ] + extra))
    }
}
