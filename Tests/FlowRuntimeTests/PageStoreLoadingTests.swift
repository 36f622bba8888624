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
}
