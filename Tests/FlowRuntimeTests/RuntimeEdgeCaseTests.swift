import FlowCore
@testable import FlowRuntime
import Foundation
import TestSupport
import Testing

@Suite("Runtime edge cases found in review", .timeLimit(.minutes(1)))
@MainActor
struct RuntimeEdgeCaseTests {
    let harness = StoreHarness()
    var store: PageStore { harness.store }
    var source: ControlledSource { harness.source }

    /// 29 of 50 rows is 0.58; 0.58 * 100 is 57.999… in binary: it must meet a threshold of 58.
    @Test func aVisibleFractionExactlyAtTheThresholdCounts() async throws {
        let clock = TestClock()
        let recorder = ImpressionRecorder()
        let tracker = ImpressionTracker(clock: clock) { recorder.events.append($0) }
        let data = Fixtures.page(sections: [Fixtures.section("s1", [Fixtures.label("w", impression: ["min_visible_percent": 58, "min_duration_ms": 0])])])
        let page = try Fixtures.decoder.decodePage(data).page
        let section = page.sections[0]
        tracker.update(page: page, visible: [VisibleWidget(widget: section.widgets[0], section: section, position: 0, visibleFraction: 29.0 / 50.0)])
        #expect(recorder.events.count == 1)
    }

    /// Was: cancelAll() is not honoured: a response arriving after cancellation is applied.
    @Test func aCancelledAPIActionChangesNothingWhenItsAnswerArrives() async {
        let transport = ControlledTransport()
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        await harness.loadInitial(Fixtures.simplePage(ids: ["a", "b"]))
        dispatcher.dispatch(ActionData(type: "api", ["endpoint": "/v1/x"]), from: ActionOrigin(store: store, widgetID: "a"))
        let pending = await transport.nextCall()
        dispatcher.cancelAll()
        pending.continuation.resume(returning: Fixtures.response(mutations: [["kind": "remove_widget", "id": "b"]], toast: "Done"))
        await dispatcher.settle()
        #expect(Fixtures.widgetIDs(store.page) == ["a", "b"])
        #expect(dispatcher.toasts.current == nil)
    }

    /// Was: a mutation on the cached page makes the fresh page be dropped; the cached page stays for good.
    @Test func aMutationOnTheCachedCopyDoesNotKeepTheFreshPageOut() async {
        store.loadInitial()
        source.last?.send(Fixtures.simplePage(requestID: "cached", ids: ["a"]), origin: .cached)
        await waitUntil { store.origin == .cached }
        store.apply([.replaceWidget("a", with: Fixtures.label("a", "fav"))], mode: .partial)
        source.last?.respond(Fixtures.simplePage(requestID: "fresh", ids: ["a", "b"]), origin: .fresh)
        await waitUntil { !store.isLoadingPage }
        #expect(store.origin == .fresh)
        #expect(store.page?.requestID == "fresh")
    }

    /// Was: an unreadable cached copy fails the whole request although the fresh page follows.
    @Test func anUnreadableCachedCopyIsSkippedForTheFreshPage() async {
        store.loadInitial()
        let call = source.last
        call?.send(Data("garbage".utf8), origin: .cached)
        call?.respond(Fixtures.simplePage(requestID: "fresh"), origin: .fresh)
        await waitUntil { store.state != .loading }
        #expect(store.state == .loaded)
        #expect(store.page?.requestID == "fresh")
    }

    /// Was: state of a widget in a sheet (its actions use this page's store) is wiped by any mutation.
    @Test func stateOfWidgetsOffThePageSurvivesMutations() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a", "b"]))
        store.widgetState["sheet_qty"] = 2
        store.apply([.replaceWidget("b", with: Fixtures.label("b", "new"))], mode: .partial)
        #expect(store.widgetState["sheet_qty"] == 2)
    }

    /// Was: dark_hex unreadable falls to the fallback colour, not to hex.
    @Test func anUnreadableDarkHexFallsBackToHex() {
        let color = ColorData(hex: "#112233", darkHex: "nonsense")
        #expect(DefaultTheme().color(color, scheme: .dark) == RGBAColor(red: 0x11, green: 0x22, blue: 0x33))
    }

    /// Was: a refresh failure is forgotten by loadNextPage, so retry() does nothing.
    @Test func aFailedRefreshStaysRetryableAfterANextPage() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a"], hasMore: true, postback: "p"))
        await waitUntil { !store.isLoadingPage }
        store.refresh()
        source.last?.fail()
        await waitUntil { store.lastError != nil }
        store.loadNextPage()
        source.last?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("s2", [Fixtures.label("c")])]))
        await waitUntil { store.nextPageState == .idle }
        let before = source.calls.count
        store.retry()
        #expect(source.calls.count == before + 1)
    }

    @Test func anAbsurdToastDurationFromTheServerIsCapped() {
        let toasts = ToastQueue(clock: TestClock())
        toasts.show("x", duration: 1e20)
        #expect(toasts.current != nil)
        #expect(toasts.current?.duration == .seconds(ToastQueue.maximumSeconds))
    }
}
