import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal
import TestSupport

@MainActor
@Suite struct ShopperAppTests {
    static let home = #"{"page": {"id": "home", "request_id": "req-home", "nav": {"title": "Vitrine"}, "sections": [{"id": "hero", "tracking": {"campaign_id": "c1"}, "widgets": [{"type": "title_block", "id": "welcome", "data": {"title": "Welcome"}, "actions": {"tap": {"type": "open_page", "page_id": "campaign:c1"}}, "impression": {"min_visible_percent": 50, "min_duration_ms": 500}}]}]}}"#
    static let campaign = #"{"page": {"id": "campaign:c1", "request_id": "req-c1", "nav": {"title": "Boots week"}, "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "boots", "data": {"title": "All the boots"}}]}]}}"#

    let clock = TestClock()
    let services: FakeShopperServices
    let app: ShopperApp

    init() {
        services = FakeShopperServices(pages: ["home": Self.home, "campaign:c1": Self.campaign], clock: clock)
        let environment = RenderEnvironment(
            isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
        app = ShopperApp(services: services, host: nil, environment: environment, isDebug: true, clock: clock)
    }

    /// Suspends until the app's state satisfies `condition`, woken by each batch of messages.
    func waitFor(_ condition: @escaping (ShopperState) -> Bool) async {
        while !condition(app.loop.state) {
            await withCheckedContinuation { continuation in
                app.afterUpdate = {
                    app.afterUpdate = nil
                    continuation.resume()
                }
            }
        }
    }

    func screen() -> [String] {
        app.draw(width: 60, height: 16).frame.buffer.plainLines
    }

    @Test func theHomePageLoadsIsDrawnAndCountsAsFirstContentOnce() async {
        var firsts = 0
        app.onFirstContent = { firsts += 1 }
        await app.run()
        #expect(services.started)
        await waitFor { $0.pages["home"]?.loadState == .loaded }
        #expect(screen().contains { $0.contains("Welcome") })
        _ = screen()
        #expect(firsts == 1)
        app.stop()
    }

    /// Each content change the app follows reads the page on screen again (its content is
    /// installed anew), without the "Updated" an `r` is confirmed with.
    @Test(.timeLimit(.minutes(1))) func aFollowedContentChangeReadsThePageAgainUnasked() async throws {
        let (changes, changed) = AsyncStream<Void>.makeStream()
        defer { changed.finish() }
        app.follow(contentChanges: changes)
        await app.run()
        await waitFor { $0.pages["home"]?.loadState == .loaded }
        let first = try #require(app.loop.state.pages["home"]?.contentGeneration)
        changed.yield()
        await waitFor { ($0.pages["home"]?.contentGeneration ?? 0) > first && $0.pages["home"]?.isRefreshing == false }
        #expect(app.loop.state.toast == nil, "unasked: no Updated")
        #expect(services.dispatcher.toasts.current == nil)
        app.stop()
    }

    @Test func theStatusLineNamesAPageByItsTitleOrItsKindNeverItsRawID() {
        let english = Words(.enUS), german = Words(.deDE)
        #expect(ShopperView.statusTitle(pageID: "home", navTitle: "Vitrine", words: english) == "Home")
        #expect(ShopperView.statusTitle(pageID: "home", navTitle: "Vitrine", words: german) == "Startseite")
        #expect(ShopperView.statusTitle(pageID: "campaign:c1", navTitle: "Boots week", words: english) == "Boots week")
        #expect(ShopperView.statusTitle(pageID: "campaign:cmp-live", navTitle: nil, words: english) == "Campaign")
        #expect(ShopperView.statusTitle(pageID: "campaign:cmp-live", navTitle: nil, words: german) == "Aktion")
        #expect(ShopperView.statusTitle(pageID: "category:coats", navTitle: " ", words: english) == "Category")
        #expect(ShopperView.statusTitle(pageID: "product:p-1", navTitle: nil, words: english) == "Product")
        #expect(ShopperView.statusTitle(pageID: .search("coat"), navTitle: nil, words: english) == "Search results")
        #expect(ShopperView.statusTitle(pageID: "campaign\u{301}:x", navTitle: nil, words: english) == "Page", "by bytes")
    }

    @Test func enterOpensTheFocusedWidgetsPageAndBackReturns() async {
        await app.run()
        await waitFor { $0.pages["home"]?.loadState == .loaded }
        _ = screen()
        app.loop.send(.input(.key(.enter)))
        #expect(services.performed.first?.type == "open_page")
        #expect(services.performed.first?.widgetID == "welcome")
        await waitFor { $0.pages["campaign:c1"]?.loadState == .loaded && $0.shownPageID == "campaign:c1" }
        #expect(screen().contains { $0.contains("All the boots") })
        app.loop.send(.input(.key(.escape)))
        await waitFor { $0.shownPageID == "home" }
        let lines = screen()
        #expect(lines.contains { $0.contains("Welcome") }, "\(lines.joined(separator: "\n"))")
        app.stop()
    }

    @Test func aPresentedFrameFeedsImpressionsOnTheInjectedClock() async {
        await app.run()
        await waitFor { $0.pages["home"]?.loadState == .loaded }
        _ = screen()
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(499))
        #expect(services.impressionLog.events.isEmpty, "not before its duration")
        clock.advance(by: .milliseconds(1))
        await waitUntilImpressions(1)
        let event = services.impressionLog.events[0]
        #expect(event.itemID == "welcome")
        #expect(event.requestID == "req-home")
        #expect(event.campaignID == "c1")
        app.stop()
    }

    func waitUntilImpressions(_ count: Int) async {
        // The tracker's timer task runs on the main actor after the clock moved.
        for _ in 0..<100 where services.impressionLog.events.count < count { await Task.yield() }
    }

    @Test func theCartSheetsRemovalAndTheSearchFieldReachTheServices() async {
        await app.run()
        await waitFor { $0.pages["home"]?.loadState == .loaded }
        services.cartSummary = CartSummary(lines: [.init(productID: "p-1", title: "Scarf", quantity: 1)], badgeCount: 1, isKnown: true)
        await waitFor { $0.cart.badgeCount == 1 }
        app.loop.send(.input(.text("c")))
        await waitFor { $0.top.destination == .cart }
        app.loop.send(.input(.key(.enter)))
        #expect(services.removed.isEmpty, "Enter never removes anything")
        app.loop.send(.input(.key(.escape)))
        await waitFor { $0.top.destination == .cart }
        app.loop.send(.input(.text("x")))
        #expect(services.removed == ["p-1"])
        // The cart shows the line as being removed until the server answers.
        services.cartSummary = CartSummary(
            lines: [.init(productID: "p-1", title: "Scarf", quantity: 1, pending: .removing)], badgeCount: 0,
            pendingProducts: [ExactString("p-1")], isKnown: true)
        await waitFor { $0.cart.lines.first?.pending == .removing }
        #expect(app.loop.state.cartSheet.lastRemoval?.productID == "p-1")
        app.loop.send(.input(.text("u")))
        #expect(services.restored.map(\.productID) == ["p-1"], "u puts the removed line back")
        app.loop.send(.input(.key(.escape)))
        #expect(app.loop.state.top.destination == .page("home"), "keys after Esc find the screen below at once")
        app.loop.send(.input(.text("/")))
        await waitFor { $0.top.destination == .search(query: nil) }
        app.loop.send(.input(.text("b")))
        #expect(services.searched == ["", "b"])
        app.stop()
    }

    @Test func theDebugPanelLogsAFailedRefresh() async {
        await app.run()
        await waitFor { $0.pages["home"]?.loadState == .loaded }
        services.loader.isOffline.isOn.withLock { $0 = true }
        app.loop.send(.input(.text("r")))
        await waitFor { $0.debugLog.contains { $0.kind == .problem && $0.text == "home: refresh failed: the page could not be loaded: offline" } }
        #expect(app.loop.state.debugLog.filter { $0.kind == .problem }.count == 1)
        app.stop()
    }

    @Test func theDebugPanelLogsActionsAndTrackedEvents() async {
        await app.run()
        await waitFor { $0.pages["home"]?.loadState == .loaded }
        services.track("impression", JSONObject([(key: "item_id", value: .string("welcome")), (key: "position", value: .number(0))]))
        await waitFor { $0.debugLog.contains { $0.text == "impression item_id=welcome position=0" } }
        services.dispatcher.dispatch(ActionData(type: "toast", ["message": .string("Hi")]), from: ActionOrigin(store: nil))
        await waitFor { $0.debugLog.contains { $0.kind == .action && $0.text.hasPrefix("toast") } }
        await waitFor { $0.toast == "Hi" }
        #expect(screen().contains { $0.contains("Hi") })
        app.stop()
    }
}
