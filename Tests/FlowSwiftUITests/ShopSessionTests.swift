import FlowRuntime
import Foundation
import Observation
import Synchronization
import RetailKit
import Testing
@testable import VitrineShopExample

/// The example app's composition root: which addresses open a shop, and what the user is told.
@MainActor
@Suite struct ShopSessionTests {
    let defaults: UserDefaults
    let storage: URL

    init() throws {
        let suite = "vitrine-shop-\(UUID().uuidString)"
        defaults = try #require(UserDefaults(suiteName: suite))
        storage = FileManager.default.temporaryDirectory.appendingPathComponent(suite)
    }

    @Test(arguments: ["http://localhost:8080", " https://shop.example ", "http://192.168.1.20:8080/", "HTTP://Mac.local:8080"])
    func anOriginIsABackend(address: String) throws {
        let url = try #require(ShopSession.backendURL(address))
        #expect(url.path.isEmpty)
        #expect(url.scheme == "http" || url.scheme == "https")
    }

    @Test func anIPv6OriginKeepsItsBrackets() throws {
        #expect(try #require(ShopSession.backendURL("http://[::1]:8080")).absoluteString == "http://[::1]:8080")
    }

    @Test(arguments: ["", "localhost:8080", "ftp://x", "file:///etc", "http://", "http://user:pw@host", "http://host/v1/home", "http://host?x=1", "javascript:alert(1)"])
    func anythingElseIsNot(address: String) {
        #expect(ShopSession.backendURL(address) == nil)
    }

    @Test func aBadAddressIsExplainedAndKeepsTheConnectionScreen() async {
        let session = ShopSession(defaults: defaults, storage: storage)
        #expect(session.backendAddress == ShopSession.defaultAddress)
        await session.connect(to: "localhost")
        #expect(session.composition == nil)
        #expect(session.problem?.contains("is not an http(s) address") == true)
    }

    @Test func aGoodAddressOpensTheShopAndIsKeptForTheNextLaunch() async {
        defer { try? FileManager.default.removeItem(at: storage) }
        let session = ShopSession(defaults: defaults, storage: storage)
        await session.connect(to: "http://127.0.0.1:9")
        #expect(session.composition?.configuration.backendURL.absoluteString == "http://127.0.0.1:9")
        #expect(session.problem == nil)
        #expect(ShopSession(defaults: defaults, storage: storage).backendAddress == "http://127.0.0.1:9")
        let composition = session.composition
        session.disconnect()
        #expect(session.composition == nil)
        await composition?.shutdown()
    }

    /// A reconnect starts from what the last shop saved: "Open the shop" right after leaving it
    /// builds the new composition only once the old one has saved, so the cart keeps its last add.
    @Test func aReconnectStartsFromWhatTheLastShopSaved() async throws {
        defer { try? FileManager.default.removeItem(at: storage) }
        let session = ShopSession(defaults: defaults, storage: storage)
        await session.connect(to: "http://127.0.0.1:9")
        let first = try #require(session.composition)
        first.cart.add(productID: "p-1002", quantity: 2)
        // Counted impressions are written at shutdown: a shop built before it reads none.
        first.impressions.restore([CountedImpressions(requestID: "r1", counts: [(widgetID: "hero", count: 1)])])
        session.disconnect()
        await session.connect(to: "http://127.0.0.1:9")
        let second = try #require(session.composition)
        #expect(second !== first)
        #expect(second.cart.operations.count == 1, "the add made offline is still pending")
        #expect(second.cart.operations.first?.change.productID == "p-1002")
        #expect(second.impressions.impressionCount(of: "hero", requestID: "r1") == 1, "a limit: 1 widget is not sent again")
        session.disconnect()
        await session.connect(to: "http://127.0.0.1:9")
        session.disconnect()
    }

    // MARK: - The demo shop inside the app

    @Test func theFirstLaunchOpensTheDemoShopInsideTheAppInTheDevicesLanguage() async throws {
        defer { try? FileManager.default.removeItem(at: storage) }
        let demo = try #require(ShopSession.bundledDemoShop, "the example's resources hold the demo shop")
        let session = ShopSession(defaults: defaults, storage: storage, demoShop: demo, locale: "de-DE")
        #expect(session.source == .demo)
        await session.resume()
        let composition = try #require(session.composition)
        #expect(composition.configuration.bundledShop != nil)
        #expect(composition.configuration.locale == "de-DE")
        composition.start()
        await observed { composition.home.page != nil || !composition.home.isLoadingPage && composition.home.state != .idle && composition.home.state != .loading }
        let page = try #require(composition.home.page)
        #expect(page.id == "home")
        #expect(page.sections.count > 3)
        session.disconnect()
    }

    @Test func aChosenBackendIsReopenedAtTheNextLaunchAndTheDemoShopTooOnceChosenAgain() async throws {
        defer { try? FileManager.default.removeItem(at: storage) }
        let session = ShopSession(defaults: defaults, storage: storage)
        await session.connect(to: "http://127.0.0.1:9")
        session.disconnect()
        let next = ShopSession(defaults: defaults, storage: storage)
        #expect(next.source == .backend(URL(string: "http://127.0.0.1:9")!))
        await next.resume()
        #expect(next.composition?.configuration.bundledShop == nil)
        #expect(next.composition?.configuration.backendURL.absoluteString == "http://127.0.0.1:9")
        next.disconnect()
        await next.openDemo()
        #expect(next.composition?.configuration.bundledShop != nil)
        next.disconnect()
        #expect(ShopSession(defaults: defaults, storage: storage).source == .demo)
    }

    @Test func aChoiceMadeWhileAShopIsOpenLeavesItAndIsNotRecorded() async throws {
        defer { try? FileManager.default.removeItem(at: storage) }
        let session = ShopSession(defaults: defaults, storage: storage, locale: "en-US")
        await session.openDemo()
        await session.connect(to: "http://127.0.0.1:9")
        #expect(session.composition?.configuration.bundledShop != nil, "still the demo shop")
        #expect(session.source == .demo)
        #expect(defaults.string(forKey: ShopSession.sourceKey) == "demo")
        session.disconnect()
    }

    /// Two choices while the last shop saves: one opens, and the source said and kept is the
    /// one that opened, whichever it was.
    @Test func ofTwoChoicesInFlightTheOneThatOpenedIsTheSource() async throws {
        defer { try? FileManager.default.removeItem(at: storage) }
        let session = ShopSession(defaults: defaults, storage: storage, locale: "en-US")
        await session.connect(to: "http://127.0.0.1:9")
        session.disconnect()
        async let demoTap: Void = session.openDemo()
        async let backendTap: Void = session.connect(to: "http://127.0.0.1:7")
        _ = await (demoTap, backendTap)
        let composition = try #require(session.composition)
        let shown: ShopSession.Source = composition.configuration.bundledShop != nil ? .demo : .backend(composition.configuration.backendURL)
        #expect(session.source == shown)
        #expect(ShopSession(defaults: defaults, storage: storage).source == shown, "the next launch opens the shop shown")
        session.disconnect()
    }

    @Test func anAppBuiltWithoutTheDemoShopSaysHowToMakeIt() async {
        let session = ShopSession(defaults: defaults, storage: storage, demoShop: nil)
        await session.resume()
        #expect(session.composition == nil)
        #expect(session.problem?.contains("make example-shop") == true)
    }

    /// Suspends until `condition` holds, woken by the observed state it reads (no polling).
    private func observed(_ condition: @escaping @MainActor () -> Bool) async {
        while !condition() {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumed = Mutex(false)
                let resumeOnce: @Sendable () -> Void = {
                    if resumed.withLock({ was in defer { was = true }; return !was }) { continuation.resume() }
                }
                if withObservationTracking({ condition() }, onChange: { resumeOnce() }) { resumeOnce() }
            }
        }
    }
}
