import FlowCore
@testable import FlowRuntime
import Foundation
import TestSupport
import Testing

/// Regressions from the second outside review of issue 11: each test was the reproducer of a
/// finding, and asserts what the contract or the issue promises.
@Suite("Runtime: second review's regressions", .timeLimit(.minutes(1)))
@MainActor
struct SecondReviewRuntimeRegressions {
    let harness = StoreHarness()
    var store: PageStore { harness.store }
    var source: ControlledSource { harness.source }

    func text(_ id: String) -> String? { store.page?.widget(id: id)?.content(as: LabelContent.self)?.text }

    // R1. Issue 11 item 13: a tap on the cached copy whose answer arrives after the fresh page
    // of the same request. The fresh request was sent before the tap, so the fresh page may
    // not hold the action's effect; the promise is "apply the mutations ... onto the fresh
    // page, or refetch". Here the answer is dropped (page generation changed) and nothing
    // asks again: the action's effect is lost.
    @Test func R1_answerToATapOnTheCachedCopyArrivingAfterTheFreshPageIsNotLost() async {
        let transport = ControlledTransport()
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        store.loadInitial()
        let call = source.last
        call?.send(Fixtures.simplePage(requestID: "cached", ids: ["a"]), origin: .cached)
        await waitUntil { store.origin == .cached }
        dispatcher.dispatch(ActionData(type: "api", ["endpoint": "/v1/actions/fav"]), from: ActionOrigin(store: store, widgetID: "a"))
        let pending = await transport.nextCall()
        // The fresh page, composed before the server saw the tap.
        call?.respond(Fixtures.simplePage(requestID: "fresh", ids: ["a"], text: "not favourite"), origin: .fresh)
        await waitUntil { store.page?.requestID == "fresh" && !store.isLoadingPage }
        let callsBefore = source.calls.count
        pending.continuation.resume(returning: Fixtures.response(mutations: [Fixtures.replaceWidget("a", with: Fixtures.label("a", "favourite"))]))
        await dispatcher.settle()
        let laidOn = text("a") == "favourite"
        let askedAgain = source.calls.count > callsBefore
        #expect(laidOn || askedAgain, "effect lost: text=\(text("a") ?? "nil"), dropped=\(store.droppedResponseCount)")
    }

    // R2. Same with a refresh in flight: the tap happens after the refresh was sent, the
    // refresh lands first, then the tap's answer: dropped, not laid on, not asked again.
    @Test func R2_answerToATapMadeDuringARefreshIsNotLost() async {
        let transport = ControlledTransport()
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        store.refresh()
        let refresh = source.last
        dispatcher.dispatch(ActionData(type: "api", ["endpoint": "/v1/actions/fav"]), from: ActionOrigin(store: store, widgetID: "a"))
        let pending = await transport.nextCall()
        refresh?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a"], text: "not favourite"))
        await waitUntil { store.page?.requestID == "r2" && !store.isLoadingPage }
        let callsBefore = source.calls.count
        pending.continuation.resume(returning: Fixtures.response(mutations: [Fixtures.replaceWidget("a", with: Fixtures.label("a", "favourite"))]))
        await dispatcher.settle()
        #expect(text("a") == "favourite" || source.calls.count > callsBefore,
                "effect lost: text=\(text("a") ?? "nil"), dropped=\(store.droppedResponseCount)")
    }

    // R3. CONTRACT Decisions: "An action type with no check is unknown: reported, never run."
    // The dispatcher only consults the policy when it *knows* the type, so a host handler
    // for a type without a check runs unchecked, while `vitrine lint` (policy.refusal)
    // reports the same action as refused_action. With the default policy (`.builtIn`) every
    // host action (deeplink included) runs unchecked.
    @Test func R3_anActionTypeWithoutACheckIsNeverRun() {
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: nil)
        var opened: [String] = []
        dispatcher.register(ClosureActionHandler(name: "host deeplink", types: ["deeplink"]) { action, _ in
            opened.append(action["url"]?.stringValue ?? "")
        })
        let action = ActionData(type: "deeplink", ["url": "javascript:alert(1)"])
        let lintSays = dispatcher.policy.refusal(for: action, decoder: Fixtures.decoder)
        dispatcher.dispatch(action, from: ActionOrigin(store: nil))
        #expect(lintSays != nil)  // lint: refused_action "unknown action type"
        #expect(opened.isEmpty, "the runtime ran what lint reports as refused: \(opened)")
    }

    // R4. WidgetStateStore.retainUnchanged keeps the state of a *nested* widget (an
    // accordion item) whenever its id is still on the page, even when the widget behind the
    // id is a different one (another type, another range): "a count is never shown against
    // new content" does not hold for nested widgets.
    @Test func R4_nestedWidgetStateIsNotKeptForADifferentWidget() async throws {
        var catalog = Fixtures.catalog
        catalog.register(NestingContent.self)
        let local = PageStore(pageID: "home", source: source, decoder: PageDecoder(catalog: catalog, makeRequestID: { "g" }))
        func page(_ request: String, inner: JSONValue) -> Data {
            Fixtures.page(requestID: request, sections: [Fixtures.section("s", [
                ["type": "nest", "id": "acc", "data": ["items": [inner]]],
            ])])
        }
        local.loadInitial()
        source.last?.respond(page("r1", inner: ["type": "counter", "id": "qty", "data": ["start": 0]]))
        await waitUntil { local.page?.requestID == "r1" }
        local.widgetState["qty"] = 8
        local.refresh()
        // Same id, another widget: a label now.
        source.last?.respond(page("r2", inner: Fixtures.label("qty", "now a label")))
        await waitUntil { local.page?.requestID == "r2" }
        #expect(local.widgetState["qty"] == nil, "nested state inherited by a different widget: \(String(describing: local.widgetState["qty"]))")
    }
}

/// `nest {items: [Widget]}`: a widget with nested widgets, like an accordion.
struct NestingContent: WidgetContent {
    static let widgetType = "nest"
    var items: [WidgetModel]

    init(from data: JSONNode) throws(DecodingFailure) {
        items = try data.widgets("items")
    }

    var nestedWidgets: [WidgetModel] { items }
}

@Suite("Impressions: second review's regressions", .timeLimit(.minutes(1)))
@MainActor
struct SecondReviewImpressionRegressions {
    let clock = TestClock()
    let recorder = ImpressionRecorder()
    let tracker: ImpressionTracker

    init() {
        let recorder = recorder
        tracker = ImpressionTracker(clock: clock) { recorder.events.append($0) }
    }

    // R5. Counts are bounded by compositions: a page on screen keeps a count for each of its
    // widgets (its own size bounds them), and older compositions go first.
    @Test func R5_countsOfOlderCompositionsGoFirst() async throws {
        tracker.maximumCountedWidgets = 10
        let ids = (0..<50).map { "w\($0)" }
        func page(_ request: String) throws -> PageModel {
            try Fixtures.decoder.decodePage(Fixtures.page(requestID: request, sections: [
                Fixtures.section("s", ids.map { Fixtures.label($0, impression: ["min_duration_ms": 0]) }),
            ])).page
        }
        func show(_ page: PageModel) {
            let section = page.sections[0]
            tracker.update(page: page, visible: section.widgets.enumerated().map {
                VisibleWidget(widget: $1, section: section, position: $0, visibleFraction: 1)
            })
        }
        let first = try page("r1"), second = try page("r2")
        show(first)
        #expect(ids.filter { tracker.impressionCount(of: $0) > 0 }.count == 50)
        show(second)
        #expect(ids.filter { tracker.impressionCount(of: $0, requestID: "r1") > 0 }.isEmpty)
        #expect(ids.filter { tracker.impressionCount(of: $0) > 0 }.count == 50)
        #expect(recorder.events.count == 100)
    }
}

@Suite("Next pages: second review's regressions", .timeLimit(.minutes(1)))
@MainActor
struct SecondReviewNextPageRegressions {
    let harness = StoreHarness()
    var store: PageStore { harness.store }
    var source: ControlledSource { harness.source }

    // R6. Item 15's rule ("diagnostics belong to the request they came from") and §1/§9
    // ("request_id names this composition; copied into every analytics event"): the backend
    // gives every next page its own request_id (`req-…-2`), but the merge drops it: the next
    // page's diagnostics are filed under the first page's request_id, and impressions of its
    // widgets carry the first page's request_id.
    @Test func R6_aNextPagesDiagnosticsAndImpressionsKeepItsOwnRequestID() async throws {
        await harness.loadInitial(Fixtures.simplePage(requestID: "req-1", ids: ["a"], hasMore: true, postback: "p1"))
        await waitUntil { !store.isLoadingPage }
        store.loadNextPage()
        #expect(store.nextPageState == .loading)
        source.last?.respond(Fixtures.page(requestID: "req-2", sections: [
            Fixtures.section("s2", [Fixtures.label("b", impression: ["min_duration_ms": 0]), ["type": "hologram", "id": "h"]]),
        ]))
        await waitUntil { store.nextPageState == .idle && Fixtures.widgetIDs(store.page).contains("b") }
        #expect(!store.diagnostics(forRequest: "req-2").isEmpty, "req-2's diagnostics filed under: \(store.diagnosticReports.map { $0.requestID ?? "nil" })")

        var events: [ImpressionEvent] = []
        let tracker = ImpressionTracker(clock: TestClock()) { events.append($0) }
        let page = try #require(store.page)
        let section = page.sections[1]
        tracker.update(page: page, visible: [VisibleWidget(widget: section.widgets[0], section: section, position: 0, visibleFraction: 1)])
        #expect(events.first?.requestID == "req-2", "impression of a next-page widget sent with request_id \(events.first?.requestID ?? "nil")")
    }
}

@Suite("Cached copies: second review's regressions", .timeLimit(.minutes(1)))
@MainActor
struct SecondReviewCachedCopyRegressions {
    let harness = StoreHarness()
    var store: PageStore { harness.store }
    var source: ControlledSource { harness.source }

    func text(_ id: String) -> String? { store.page?.widget(id: id)?.content(as: LabelContent.self)?.text }

    // R7. "An older response never overwrites newer state" / "A cached copy never replaces a
    // fresh page": a refresh answered cache-first (PageSource's documented shape) installs
    // the cached copy over a fresh page and the mutation the user made on it; when the fresh
    // answer then fails (offline), the stale copy stays.
    @Test func R7_aRefreshsCachedCopyNeverReplacesAFreshPageWithNewerState() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"], text: "fresh"))
        await waitUntil { !store.isLoadingPage }
        store.apply([.replaceWidget("a", with: Fixtures.label("a", "favourite"))], mode: .partial)
        store.refresh()
        source.last?.send(Fixtures.simplePage(requestID: "r0-cached", ids: ["a"], text: "stale"), origin: .cached)
        source.last?.fail()
        await waitUntil { !store.isLoadingPage }
        #expect(store.page?.requestID == "r1", "shown: \(store.page?.requestID ?? "nil") origin \(String(describing: store.origin))")
        #expect(text("a") == "favourite", "shown text: \(text("a") ?? "nil")")
    }

    // R8. The request asked again after an overtake: if its source answers cache-first, the
    // cached copy (older than the mutation that caused the re-ask) is installed.
    @Test func R8_theAskedAgainRequestsCachedCopyDoesNotUndoTheOvertakingMutation() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        await waitUntil { !store.isLoadingPage }
        store.refresh()
        store.apply([PageMutation(kind: .appendSections, payload: [Fixtures.section("added", [Fixtures.label("n")])])], mode: .partial)
        source.last?.respond(Fixtures.simplePage(requestID: "r2-before", ids: ["a"]))
        await waitUntil { store.droppedResponseCount == 1 }
        // The re-ask, answered cache-first with a copy older than the append.
        source.last?.send(Fixtures.simplePage(requestID: "r0-cached", ids: ["a"]), origin: .cached)
        source.last?.fail()
        await waitUntil { !store.isLoadingPage }
        #expect(Fixtures.widgetIDs(store.page).contains("n"), "the appended section is gone: \(Fixtures.widgetIDs(store.page)), page \(store.page?.requestID ?? "nil")")
    }
}
