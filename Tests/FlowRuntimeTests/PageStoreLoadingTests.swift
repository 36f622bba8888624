import FlowCore
import FlowRuntime
import Foundation
import Testing

@Suite("PageStore: initial load, refresh and the failure table", .timeLimit(.minutes(1)))
@MainActor
struct PageStoreLoadingTests {
    let harness = StoreHarness()
    var store: PageStore { harness.store }
    var source: ControlledSource { harness.source }

    func text(_ id: String) -> String? { store.page?.widget(id: id)?.content(as: LabelContent.self)?.text }

    @Test func initialLoadIsLoadingThenLoaded() async {
        #expect(store.state == .idle)
        store.loadInitial()
        #expect(store.state == .loading)
        #expect(source.requests == [PageRequest(pageID: "home", kind: .initial)])
        source.last?.respond(Fixtures.simplePage())
        await waitUntil { store.state == .loaded && !store.isLoadingPage }
        #expect(Fixtures.widgetIDs(store.page) == ["a", "b"])
        #expect(store.origin == .fresh)
    }

    @Test func initialLoadFailureWithNothingCachedIsAFailedStateThatRetries() async {
        store.loadInitial()
        source.last?.fail()
        await waitUntil { if case .failed = store.state { true } else { false } }
        #expect(store.state == .failed(message: "the page could not be loaded: offline"))
        #expect(store.page == nil)

        store.retry()
        #expect(store.state == .loading)
        #expect(source.calls.count == 2)
        #expect(source.last?.request.kind == .initial)
        source.last?.respond(Fixtures.simplePage())
        await waitUntil { store.state == .loaded }
    }

    @Test func aRefreshThatIsAwaitedEndsWhenItsAnswerIsInstalled() async {
        store.loadInitial()
        source.last?.respond(Fixtures.simplePage())
        await waitUntil { store.state == .loaded && !store.isLoadingPage }
        async let refreshed: Void = store.refreshAndWait()
        await waitUntil { store.isRefreshing }
        #expect(source.calls.count == 2)
        #expect(source.last?.request.kind == .refresh)
        source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["c"]))
        await refreshed
        #expect(store.page?.requestID == "r2", "the wait ends with the new page in place")
        #expect(!store.isRefreshing)
    }

    @Test func anUnreadablePageFailsWithItsReasonAndIsReported() async {
        store.loadInitial()
        source.last?.respond(Data("{\"page\": 3}".utf8))
        await waitUntil { store.state != .loading }
        #expect(store.state == .failed(message: "the page could not be read: no 'page' object at the top level"))
        #expect(harness.reports.count == 1)
        #expect(harness.reports.first?.source == .refusedDocument(kind: "initial"))
        #expect(harness.reports.first?.diagnostics.first?.kind == .malformedPayload)
    }

    @Test func aPageWithNothingToShowIsEmpty() async {
        store.loadInitial()
        source.last?.respond(Fixtures.page(sections: []))
        await waitUntil { store.state == .empty }
        #expect(store.page?.requestID == "r1")
    }

    @Test func aStreamWithoutAnyPageFails() async {
        store.loadInitial()
        source.last?.finish()
        await waitUntil { store.state != .loading }
        #expect(store.state == .failed(message: "the page could not be loaded: no page was returned"))
    }

    @Test func aCachedPageIsShownThenReplacedByTheFreshOne() async {
        store.loadInitial()
        source.last?.send(Fixtures.simplePage(requestID: "cached", ids: ["a"]), origin: .cached)
        await waitUntil { store.origin == .cached }
        #expect(store.state == .loaded)
        #expect(Fixtures.widgetIDs(store.page) == ["a"])
        #expect(store.isLoadingPage)

        source.last?.respond(Fixtures.simplePage(requestID: "fresh", ids: ["a", "b"]), origin: .fresh)
        await waitUntil { store.origin == .fresh }
        #expect(store.page?.requestID == "fresh")
        #expect(Fixtures.widgetIDs(store.page) == ["a", "b"])
        #expect(store.droppedResponseCount == 0)
    }

    @Test func aFreshPageThatFailsAfterTheCachedOneKeepsTheCachedPage() async {
        store.loadInitial()
        source.last?.send(Fixtures.simplePage(requestID: "cached"), origin: .cached)
        await waitUntil { store.origin == .cached }
        source.last?.fail()
        await waitUntil { !store.isLoadingPage }
        #expect(store.state == .loaded)
        #expect(store.page?.requestID == "cached")
        #expect(store.lastError == "the page could not be loaded: offline")
        #expect(harness.notices == [.refreshFailed(message: "the page could not be loaded: offline")])
    }

    @Test func refreshKeepsTheCurrentPageVisibleUntilTheNewOneArrives() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1"))
        store.refresh()
        #expect(store.state == .loaded)
        #expect(store.isRefreshing)
        #expect(store.page?.requestID == "r1")
        #expect(source.last?.request.kind == .refresh)

        source.last?.respond(Fixtures.simplePage(requestID: "r2"))
        await waitUntil { store.page?.requestID == "r2" && !store.isRefreshing }
        #expect(store.state == .loaded)
    }

    @Test func aFailedRefreshKeepsPageAndWidgetStateAndSaysSo() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1"))
        store.widgetState["a"] = 3
        store.refresh()
        source.last?.fail()
        await waitUntil { store.lastError != nil }
        #expect(store.state == .loaded)
        #expect(store.page?.requestID == "r1")
        #expect(store.isRefreshing == false)
        #expect(store.widgetState["a"] == 3)
        #expect(harness.notices == [.refreshFailed(message: "the page could not be loaded: offline")])

        store.retry()
        #expect(source.last?.request.kind == .refresh)
        source.last?.respond(Fixtures.simplePage(requestID: "r2"))
        await waitUntil { store.page?.requestID == "r2" }
        #expect(store.lastError == nil)
    }

    @Test func aSuccessfulRefreshResetsStateOnlyOfWidgetsGoneOrChanged() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["same", "changed", "gone"]))
        store.widgetState["same"] = 1
        store.widgetState["changed"] = 2
        store.widgetState["gone"] = 3
        store.refresh()
        let refreshed = Fixtures.page(requestID: "r2", sections: [
            Fixtures.section("s1", [Fixtures.label("same"), Fixtures.label("changed", "new text")]),
        ])
        source.last?.respond(refreshed)
        await waitUntil { store.page?.requestID == "r2" }
        #expect(store.widgetState["same"] == 1)
        #expect(store.widgetState["changed"] == nil)
        #expect(store.widgetState["gone"] == nil)
    }

    @Test(arguments: [true, false])
    func anInitialLoadCancelledByRefreshNeverShows(initialAnswersFirst: Bool) async {
        store.loadInitial()
        let initial = source.calls[0]
        store.refresh()
        #expect(store.state == .loading)
        let refresh = source.calls[1]
        #expect(refresh.request.kind == .initial)  // nothing shown yet: a new initial request

        if initialAnswersFirst {
            initial.respond(Fixtures.simplePage(requestID: "old"))
            refresh.respond(Fixtures.simplePage(requestID: "new"))
        } else {
            refresh.respond(Fixtures.simplePage(requestID: "new"))
            await waitUntil { store.page?.requestID == "new" }
            initial.respond(Fixtures.simplePage(requestID: "old"))
        }
        await waitUntil { store.page?.requestID == "new" && !store.isLoadingPage }
        #expect(store.state == .loaded)
        // The cancelled request's failure would not count either.
        initial.fail()
        #expect(store.state == .loaded)
    }

    /// The refresh was composed before the mutation: the mutation is laid onto it by id, so
    /// the answer is shown without losing the mutation (an older response never overwrites
    /// newer state).
    @Test func aSlowRefreshThatArrivesAfterAMutationKeepsTheMutation() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a", "b"]))
        store.refresh()
        let outcome = store.apply([.replaceWidget("a", with: Fixtures.label("a", "favourite"))], mode: .partial)
        guard case .applied(let result) = outcome else {
            Issue.record("mutation not applied: \(outcome)")
            return
        }
        #expect(result.appliedCount == 1)

        source.last?.respond(Fixtures.simplePage(requestID: "r2-slow"))
        await waitUntil { !store.isRefreshing }
        #expect(store.page?.requestID == "r2-slow")
        #expect(store.page?.widget(id: "a")?.content(as: LabelContent.self)?.text == "favourite")
        #expect(store.droppedResponseCount == 0)
    }

    @Test func diagnosticsAccumulatePerRequestAndReachTheSink() async {
        let withUnknown = Fixtures.page(requestID: "r1", sections: [
            Fixtures.section("s1", [Fixtures.label("a"), ["type": "mystery", "id": "m"]]),
        ])
        await harness.loadInitial(withUnknown)
        #expect(store.diagnostics(forRequest: "r1").map(\.kind) == [.unknownType])

        store.refresh()
        let alsoUnknown = Fixtures.page(requestID: "r2", sections: [
            Fixtures.section("s1", [["type": "enigma", "id": "e"]]),
        ])
        source.last?.respond(alsoUnknown)
        await waitUntil { store.page?.requestID == "r2" }
        #expect(store.diagnostics(forRequest: "r1").map(\.kind) == [.unknownType])
        #expect(store.diagnostics(forRequest: "r2").map(\.kind) == [.unknownType])
        #expect(harness.reports.map(\.requestID) == ["r1", "r2"])
        #expect(harness.reports.map(\.source) == [.page(kind: "initial", origin: .fresh), .page(kind: "refresh", origin: .fresh)])
    }

    // MARK: Cached copies

    /// An unreadable cached copy is skipped, not a failure of the request: the fresh page follows.
    @Test func anUnreadableCachedCopyIsSkippedForTheFreshPage() async {
        store.loadInitial()
        let call = source.last
        call?.send(Data("garbage".utf8), origin: .cached)
        call?.respond(Fixtures.simplePage(requestID: "fresh"), origin: .fresh)
        await waitUntil { store.state != .loading }
        #expect(store.state == .loaded)
        #expect(store.page?.requestID == "fresh")
    }

    /// A cached copy never replaces a fresh page: one that arrives after it is dropped.
    @Test func aCachedCopyAfterTheFreshPageIsNeverInstalled() async {
        store.loadInitial()
        source.last?.send(Fixtures.simplePage(requestID: "fresh", ids: ["a"]), origin: .fresh)
        await waitUntil { store.page?.requestID == "fresh" }
        source.last?.respond(Fixtures.simplePage(requestID: "cached-old", ids: ["old"]), origin: .cached)
        await waitUntil { !store.isLoadingPage }
        #expect(store.page?.requestID == "fresh")
        #expect(store.origin == .fresh)
        #expect(store.droppedResponseCount == 1)
    }

    /// An older response never overwrites newer state: a refresh answered cache-first (the shape
    /// `PageSource` documents) never installs its cached copy over the fresh page shown and the
    /// mutation made on it, and when the fresh answer then fails (offline) that page stays.
    @Test func aRefreshsCachedCopyNeverReplacesAFreshPageWithNewerState() async {
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

    // MARK: Widget state across a refresh

    /// A widget off the page (in a sheet) keeps its state through the page's mutations, but a page
    /// widget of the same id that a refresh brings starts without it: state belongs to one widget.
    @Test func aSheetWidgetsStateIsNotInheritedByAPageWidgetOfTheSameID() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        store.widgetState["qty"] = 3
        store.apply([.replaceWidget("a", with: Fixtures.label("a", "changed"))], mode: .partial)
        #expect(store.widgetState["qty"] == 3)
        store.refresh()
        source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a", "qty"]))
        await waitUntil { store.page?.requestID == "r2" }
        #expect(store.widgetState["qty"] == nil)
    }

    /// A nested widget's state (an accordion item's) is kept across a refresh only while the same
    /// widget is behind its id: another widget under that id (here a label where a counter was)
    /// starts without it, so a count is never shown against new content.
    @Test func nestedWidgetStateIsNotKeptForADifferentWidget() async throws {
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

    // MARK: Lifetime

    /// A store's tasks never keep it alive: dropping the last reference to it cancels its request.
    @Test func droppingTheLastReferenceToAStoreCancelsItsRequest() async {
        let source = EndlessSource()
        var store: PageStore? = PageStore(pageID: "home", source: source, decoder: Fixtures.decoder)
        store?.loadInitial()
        await source.started()
        weak let weakStore = store
        store = nil
        #expect(weakStore == nil)
        await source.terminated()
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