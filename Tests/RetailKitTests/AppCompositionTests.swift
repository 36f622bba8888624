import FlowCore
import FlowRuntime
import Foundation
import ImagePipeline
import PrivateFiles
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// The composition root against the real backend: one configuration builds every piece, and
/// taps, carts, navigation, impressions and contract problems flow where they should.
@MainActor
@Suite struct AppCompositionTests {
    let live: LiveBackend
    let directory: TemporaryDirectory
    let clock = TestClock()
    let date = ManualDate()

    init() throws {
        live = try LiveBackend()
        directory = try TemporaryDirectory()
    }

    func makeComposition(user: String = "app-1") throws -> AppComposition {
        var configuration = AppConfiguration(backendURL: live.baseURL, user: UserID(user)!, storageDirectory: directory.url)
        configuration.clock = clock
        configuration.now = date.function
        configuration.random = .seeded(11)
        configuration.images = .memoryOnly
        return try AppComposition(configuration: configuration)
    }

    /// The first product card with an `add_to_cart` action, and its section.
    func productCard(in page: PageModel) throws -> (widget: WidgetModel, section: SectionModel) {
        for section in page.sections {
            if let widget = section.widgets.first(where: { $0.type == "product_card" && $0.actions["add_to_cart"] != nil }) {
                return (widget, section)
            }
        }
        throw HomeAPIError.refused("no product card")
    }

    /// A guest is `new` until they have a history (a product page opened or a product added);
    /// the launch after it is `returning`; a segment named is kept whatever was kept.
    @Test func aGuestIsNewUntilTheyHaveAHistory() async throws {
        defer { directory.remove() }
        let first = try makeComposition()
        #expect(first.configuration.profile.segment == "new")
        first.start()
        await waitUntilSettled(first.home)
        await first.shutdown()
        #expect(try makeComposition().configuration.profile.segment == "new", "seeing the home page is no history")
        let viewing = try makeComposition()
        let product = viewing.pageStore(for: "product:p-1001")
        await waitUntilSettled(product)
        #expect(viewing.configuration.profile.segment == "new", "a launch keeps its audience")
        await viewing.shutdown()
        #expect(try makeComposition().configuration.profile.segment == "returning")
        let adding = try makeComposition(user: "app-3")
        adding.cart.add(productID: "p-1001")
        await adding.cart.waitUntilIdle()
        await adding.shutdown()
        #expect(try makeComposition(user: "app-3").configuration.profile.segment == "returning")
        var named = AppConfiguration(backendURL: live.baseURL, user: UserID("app-2")!, storageDirectory: directory.url)
        named.images = .memoryOnly
        named.segment = "vip"
        #expect(try AppComposition(configuration: named).configuration.profile.segment == "vip")
    }

    /// The launch after the first history is `returning`, with no page saved under it: the
    /// home saved on the first visit shows, and stays when the backend cannot be reached.
    @Test func theFirstReturningLaunchShowsTheHomeSavedOnTheFirstVisit() async throws {
        defer { directory.remove() }
        let first = try makeComposition()
        first.start()
        await waitUntilSettled(first.home)
        let saved = try #require(first.home.page?.requestID)
        await waitUntilSettled(first.pageStore(for: "product:p-1001"))
        await first.shutdown()
        live.fail("/v1/home", status: 503)
        let second = try makeComposition()
        #expect(second.configuration.profile.segment == "returning")
        second.start()
        await waitUntilSettled(second.home)
        #expect(second.home.page?.requestID == saved, "the first visit's home, offline")
        #expect(second.home.origin != .fresh)
        await second.shutdown()
    }

    /// A renderer's first frame waits for `savedPageShown()`: the saved page is shown by then,
    /// with every request to the backend held; with nothing saved it returns at once, while
    /// the page is still loading from the backend.
    @Test func theSavedPageIsShownBeforeTheFirstFrameWithoutTheBackend() async throws {
        defer { directory.remove() }
        let first = try makeComposition()
        first.start()
        await waitUntilSettled(first.home)
        let saved = try #require(first.home.page?.requestID)
        await first.shutdown()

        live.recorder.closeGate(for: "/v1/")
        defer { live.recorder.openGate() }
        let warm = try makeComposition()
        warm.start()
        await warm.savedPageShown()
        #expect(warm.home.state == .loaded)
        #expect(warm.home.origin == .cached)
        #expect(warm.home.page?.requestID == saved)
        let cold = try makeComposition(user: "app-2")
        cold.start()
        await cold.savedPageShown()
        #expect(cold.home.state == .loading, "nothing saved: no wait, and none for the backend")
        live.recorder.openGate()
        await waitUntilSettled(cold.home)
        #expect(cold.home.state == .loaded)
        await warm.shutdown()
        await cold.shutdown()
    }

    /// An add from a product page spends the quantity picked: the cart holds it, and the
    /// picker shows the call's own again.
    @Test func anAddFromAProductPageSpendsTheQuantityPicked() async throws {
        defer { directory.remove() }
        let app = try makeComposition()
        let product = app.pageStore(for: "product:p-1001")
        await waitUntilSettled(product)
        let page = try #require(product.page)
        let detail = try #require(page.sections.flatMap(\.widgets).first { $0.type == "product_detail" })
        let call = try #require(detail.content(as: ProductDetailContent.self)?.cta?.action)
        product.widgetState[detail.id] = .number(3)
        app.perform(call, widgetID: detail.id, sectionID: page.sections[0].id, on: product)
        await app.cart.waitUntilIdle()
        #expect(app.cart.lines.first { $0.productID == "p-1001" }?.quantity == 3)
        #expect(product.widgetState[detail.id] == nil, "the picker starts again")
        await app.shutdown()
    }

    /// Opening another variant of the product keeps the quantity picked: the variant's page
    /// offers it too.
    @Test func openingAVariantKeepsTheQuantityPicked() async throws {
        defer { directory.remove() }
        let app = try makeComposition()
        let product = app.pageStore(for: "product:p-1002")
        await waitUntilSettled(product)
        let page = try #require(product.page)
        let detail = try #require(page.sections.flatMap(\.widgets).first { $0.type == "product_detail" })
        let content = try #require(detail.content(as: ProductDetailContent.self))
        let option = try #require(content.variants.flatMap(\.options).first { !$0.isSelected && $0.isAvailable && $0.action != nil })
        let open = try #require(option.action)
        product.widgetState[detail.id] = .number(4)
        app.perform(open, widgetID: detail.id, sectionID: page.sections[0].id, on: product)
        let variantID = try #require(app.navigator.current.pageID)
        #expect(variantID != "product:p-1002")
        let variant = app.pageStore(for: variantID)
        await waitUntilSettled(variant)
        let shown = try #require(variant.page?.sections.flatMap(\.widgets).first { $0.type == "product_detail" })
        #expect(variant.widgetState[shown.id]?.intValue == 4)
        await app.shutdown()
    }

    @Test func aSessionFlowsFromTheTapsToTheBackend() async throws {
        defer { directory.remove() }
        let app = try makeComposition()
        app.start()
        await waitUntilSettled(app.home)
        #expect(app.home.state == .loaded)
        await app.cart.waitUntilIdle()
        // Products are further down: next pages until one shows.
        while (try? productCard(in: try #require(app.home.page))) == nil, app.home.hasMorePages {
            app.home.loadNextPage()
            await waitUntil { app.home.nextPageState != .loading }
            try #require(app.home.nextPageState == .idle)
        }
        let page = try #require(app.home.page)
        let (card, section) = try productCard(in: page)

        // add_to_cart: the badge at once, the server after.
        app.perform(try #require(card.actions["add_to_cart"]), widgetID: card.id, sectionID: section.id, event: "add_to_cart", on: app.home)
        #expect(app.cart.badgeCount == 1)
        await app.cart.waitUntilIdle()
        #expect(try await live.cart(of: app.client).itemCount == 1)

        // A tap opens the product page: its own store, through the same repository.
        app.perform(try #require(card.actions["tap"]), widgetID: card.id, sectionID: section.id, on: app.home)
        let productID = try #require(card.actions["tap"]?["page_id"]?.stringValue)
        #expect(app.navigator.current == .page(PageID(productID)))
        let product = try #require(app.currentPageStore)
        await waitUntilSettled(product)
        #expect(product.state == .loaded)
        #expect(Set(app.openPageIDs) == ["home", productID])

        // A deeplink off the allow-list is refused and reported; nothing opens.
        app.perform(ActionData(type: "deeplink", ["url": "https://evil.example/x"]), widgetID: card.id, sectionID: section.id, on: app.home)
        #expect(app.navigator.current == .page(PageID(productID)))

        // Back releases the page's store.
        app.navigator.back()
        #expect(app.openPageIDs == ["home"])

        // An impression: half the card on screen for its duration.
        app.impressions.update(page: page, visible: [VisibleWidget(widget: card, section: section, position: 0, visibleFraction: 1)])
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(card.impression.minDurationMilliseconds))
        await app.analytics.waitUntilDurable()
        await app.shutdown()

        let counts = try live.eventStats()["counts"]
        #expect(counts?["add_to_cart"]?.intValue == 1)
        #expect(counts?["tap"]?.intValue == 1, "the open_page tap; the refused deeplink never reached a handler")
        #expect(counts?["impression"]?.intValue == 1)
        #expect((counts?["contract_problem"]?.intValue ?? 0) >= 1, "the refused deeplink")
        // One session, made once, kept in the profile's directory (0600); the profile's name is
        // never sent.
        let token = try #require(await app.client.guestSession.current?.token)
        #expect(live.count("/v1/sessions") == 1)
        let file = app.configuration.userDirectory.appendingPathComponent("session.json")
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
        for request in live.requests {
            #expect(request.header("x-vitrine-user") == nil, "\(request.path)")
            if request.path.hasPrefix("/v1/cart") || request.path == "/v1/events" {
                #expect(request.header("authorization") == "Bearer \(token)", "\(request.path)")
            }
        }
    }

    @Test func theNextLaunchStartsFromTheCacheAndKeepsThePendingCart() async throws {
        defer { directory.remove() }
        do {
            let app = try makeComposition()
            app.start()
            await waitUntilSettled(app.home)
            #expect(app.home.state == .loaded)
            await app.shutdown()
        }
        let requestsBefore = live.count("/v1/home")
        let app = try makeComposition()
        app.start()
        await waitUntilSettled(app.home)
        #expect(app.home.state == .loaded)
        #expect(app.home.origin == .cached, "fresh for its ttl: no request")
        #expect(live.count("/v1/home") == requestsBefore)
        await app.logout()
        #expect(await app.cache.count == 0)
        await app.shutdown()
    }

    @Test func imagesCarryNothingOfTheShopper() async throws {
        defer { directory.remove() }
        let app = try makeComposition(user: "img-1")
        app.start()
        await waitUntilSettled(app.home)
        #expect(app.home.state == .loaded)
        let url = try #require(URL(string: "/v1/images/p-1001.jpg", relativeTo: live.baseURL)?.absoluteURL)
        _ = try await app.images.image(for: ImageRequest(url: url, targetSize: PixelSize(width: 40, height: 30)))
        let request = try #require(live.requests.last { $0.path.hasPrefix("/v1/images/") })
        #expect(request.header("x-vitrine-user") == nil)
        #expect(request.header("authorization") == nil)
        await app.shutdown()
    }

    /// Each shopper's images are kept in their own tree: the next shopper on the same account
    /// asks for theirs, never shown the first one's from disk (and neither request carries
    /// anything of the shopper).
    @Test func aShoppersImagesOnDiskAreNotTheNextShoppers() async throws {
        defer { directory.remove() }
        let url = try #require(URL(string: "/v1/images/p-1001.jpg", relativeTo: live.baseURL)?.absoluteURL)
        for user in ["img-a", "img-b"] {
            var configuration = AppConfiguration(backendURL: live.baseURL, user: UserID(user)!, storageDirectory: directory.url)
            configuration.clock = clock
            configuration.now = date.function
            let app = try AppComposition(configuration: configuration)
            _ = try await app.images.image(for: ImageRequest(url: url, targetSize: PixelSize(width: 40, height: 30)))
            await app.shutdown()
            #expect(FileSystem.exists(configuration.userDirectory.appendingPathComponent("images").path), "kept in the shopper's own tree")
        }
        let asked = live.requests.filter { $0.path.hasPrefix("/v1/images/p-1001") }
        #expect(asked.count == 2, "each shopper asked for their own")
        #expect(asked.allSatisfy { $0.header("x-vitrine-user") == nil && $0.header("authorization") == nil })
        #expect(!FileSystem.exists(directory.url.appendingPathComponent("images").path), "no image cache shared between shoppers")
    }

    @Test func storageNeverUsesTheUserIDAsAName() throws {
        let configuration = AppConfiguration(backendURL: live.baseURL, user: UserID("..")!, storageDirectory: directory.url)
        // users/u-../b-<hash of the backend>: the id is prefixed, the backend hashed.
        let user = configuration.userDirectory.deletingLastPathComponent()
        #expect(user.lastPathComponent == "u-..")
        #expect(user.deletingLastPathComponent().lastPathComponent == "users")
        #expect(configuration.userDirectory.lastPathComponent == configuration.backend.directoryName)
        #expect(configuration.userDirectory.lastPathComponent.hasPrefix("b-"))
        directory.remove()
    }
}
