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
        let local = BundledCart(shop: fixture.shop, locale: "de-DE", file: nil)
        let unavailable = try #require(try Self.unavailableProduct(fixture))
        let changes: [CartChange] = [
            .add(productID: "p-1002", quantity: 2), .add(productID: "p-1001", quantity: 1, position: 0), .add(productID: "p-1002", quantity: 98),
            .add(productID: "p-1002", quantity: 97), .add(productID: "p-9999", quantity: 1), .add(productID: unavailable, quantity: 1),
            .add(productID: "p-1003", quantity: 0), .add(productID: "p-1003", quantity: 100), .setQuantity(productID: "p-1001", quantity: 5),
            .setQuantity(productID: "p-1001", quantity: 5), .setQuantity(productID: "p-1004", quantity: 3), .setQuantity(productID: unavailable, quantity: 1),
            .remove(productID: "p-1004"), .remove(productID: "p-1005"), .remove(productID: "p-9999"), .remove(productID: "p-1002"),
        ]
        for (number, change) in changes.enumerated() {
            let key = "key-\(number)"
            let served = fixture.backend.respond(to: Self.request(change, key: key, token: token))
            do {
                let snapshot = try await local.apply(change, idempotencyKey: key)
                #expect(served.status == 200, "\(change): the backend answered \(served.status)")
                let expected = try CartSnapshot(data: served.body)
                #expect(snapshot.lines == expected.lines && snapshot.itemCount == expected.itemCount && snapshot.subtotal == expected.subtotal, "\(change)")
            } catch let error as HomeAPIError {
                let code = try JSONParser.parse(served.body)["error"]?["code"]?.stringValue
                #expect(error.status == served.status && error.code == code, "\(change): \(error) against \(served.status) \(code ?? "")")
            }
        }
        // A key answered again is not applied again.
        let before = try await local.fetchCart()
        let again = try await local.apply(.add(productID: "p-1001", quantity: 1), idempotencyKey: "key-1")
        #expect(again.lines == before.lines && again.revision == before.revision)
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
