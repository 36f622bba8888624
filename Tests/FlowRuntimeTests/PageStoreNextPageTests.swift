import FlowCore
import FlowRuntime
import Foundation
import TestSupport
import Testing

@Suite("PageStore: next pages", .timeLimit(.minutes(1)))
@MainActor
struct PageStoreNextPageTests {
    let harness = StoreHarness()
    var store: PageStore { harness.store }
    var source: ControlledSource { harness.source }

    private func loadFirstPage() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a", "b"], hasMore: true, postback: ["cursor": 2]))
        await waitUntil { !store.isLoadingPage }
    }

    private func nextPage(ids: [String], section: String = "s2", hasMore: Bool = false, postback: JSONValue? = nil) -> Data {
        Fixtures.page(requestID: "r1", sections: [Fixtures.section(section, ids.map { Fixtures.label($0) })], hasMore: hasMore, postback: postback)
    }

    @Test func theNextPageEchoesThePostbackAndAppendsWithUniqueIDs() async {
        await loadFirstPage()
        #expect(store.hasMorePages)
        store.loadNextPage()
        #expect(store.nextPageState == .loading)
        #expect(source.last?.request.kind == .nextPage(postback: ["cursor": 2]))

        source.last?.respond(nextPage(ids: ["c", "a"], section: "s1"))
        await waitUntil { store.nextPageState == .idle }
        #expect(store.page?.sections.map(\.id) == ["s1", "s1#2"])
        #expect(Fixtures.widgetIDs(store.page) == ["a", "b", "c", "a#2"])
        #expect(store.hasMorePages == false)
        #expect(store.diagnostics(forRequest: "r1").map(\.kind) == [.duplicateID, .duplicateID])
    }

    @Test func noNextPageIsAskedWithoutMoreOrTwiceAtOnce() async {
        await harness.loadInitial(Fixtures.simplePage(hasMore: false))
        store.loadNextPage()
        #expect(source.calls.count == 1)

        let second = StoreHarness()
        await second.loadInitial(Fixtures.simplePage(hasMore: true, postback: "p"))
        await waitUntil { !second.store.isLoadingPage }
        second.store.loadNextPage()
        second.store.loadNextPage()
        #expect(second.source.calls.count == 2)
    }

    @Test func aFailedNextPageKeepsThePageAndOffersRetry() async {
        await loadFirstPage()
        store.loadNextPage()
        source.last?.fail()
        await waitUntil { store.nextPageState != .loading }
        #expect(store.nextPageState == .failed(message: "offline"))
        #expect(harness.notices == [.nextPageFailed(message: "offline")])
        #expect(store.state == .loaded)
        #expect(Fixtures.widgetIDs(store.page) == ["a", "b"])
        #expect(store.hasMorePages)

        store.retry()
        #expect(source.last?.request.kind == .nextPage(postback: ["cursor": 2]))
        source.last?.respond(nextPage(ids: ["c"]))
        await waitUntil { store.nextPageState == .idle }
        #expect(Fixtures.widgetIDs(store.page) == ["a", "b", "c"])
    }

    @Test func aNextPageOvertakenByARefreshIsNeverMerged() async {
        await loadFirstPage()
        store.loadNextPage()
        let next = source.calls[1]
        store.refresh()
        #expect(store.nextPageState == .idle)
        let refresh = source.calls[2]

        // The next page may still answer (a loader that ignores cancellation); it is not merged.
        next.respond(nextPage(ids: ["stale"]))
        refresh.respond(Fixtures.simplePage(requestID: "r2", ids: ["x"], hasMore: true, postback: "p2"))
        await waitUntil { store.page?.requestID == "r2" && !store.isLoadingPage }
        #expect(Fixtures.widgetIDs(store.page) == ["x"])

        // And the next page after the refresh echoes the new postback.
        store.loadNextPage()
        #expect(source.last?.request.kind == .nextPage(postback: "p2"))
    }

    @Test func noNextPageIsAskedWhileARefreshIsInFlight() async {
        await loadFirstPage()
        store.refresh()
        store.loadNextPage()
        #expect(source.requests.map(\.kindName) == ["initial", "refresh"])
    }

    @Test func aNextPageWhosePageWasReplacedIsDropped() async throws {
        await loadFirstPage()
        store.loadNextPage()
        let replacement: JSONValue = [
            "kind": "replace_page",
            "page": ["id": "home", "request_id": "r9", "sections": [Fixtures.section("z", [Fixtures.label("z1")])],
                     "pagination": ["has_more": true, "postback": "other"]],
        ]
        let response = try Fixtures.decoder.decodeActionResponse(JSONWriter.data(for: ["mutations": [replacement]]))
        store.apply(response.mutations, mode: .partial)
        #expect(store.page?.requestID == "r9")

        source.last?.respond(nextPage(ids: ["c"]))
        await waitUntil { store.droppedResponseCount == 1 }
        #expect(Fixtures.widgetIDs(store.page) == ["z1"])
        #expect(store.nextPageState == .idle)
    }

    /// A failed refresh stays retryable after a next page: loading one does not forget the
    /// failure, so `retry()` asks for the page again.
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

    /// A next page keeps its own `request_id`, which names its composition (CONTRACT §1, §9): its
    /// diagnostics belong to the request they came from, and impressions of its widgets carry it,
    /// not the first page's.
    @Test func aNextPagesDiagnosticsAndImpressionsKeepItsOwnRequestID() async throws {
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

    // MARK: replace_page and the next page

    /// `replace_page` cancels the old page's next page: its late answer is never merged into the
    /// new page, and the next page asked is the new page's.
    @Test func replacePageCancelsTheOldPagesNextPage() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"], hasMore: true, postback: "p1"))
        await waitUntil { !store.isLoadingPage }
        store.loadNextPage()
        #expect(store.nextPageState == .loading)
        let oldNextPage = source.last
        let replacement = Fixtures.page(requestID: "r2", sections: [Fixtures.section("s", [Fixtures.label("z")])], hasMore: true, postback: "q1")
        let page = try? JSONParser.parse(replacement)["page"]
        store.apply([PageMutation(kind: .replacePage, payload: page)], mode: .partial)
        #expect(store.nextPageState == .idle)
        store.loadNextPage()
        #expect(source.last?.request.kind == .nextPage(postback: "q1"))
        oldNextPage?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("late", [Fixtures.label("late")])]))
        source.last?.respond(Fixtures.page(requestID: "r2", sections: [Fixtures.section("s2", [Fixtures.label("y")])]))
        await waitUntil { store.nextPageState == .idle && Fixtures.widgetIDs(store.page).count == 2 }
        #expect(Fixtures.widgetIDs(store.page) == ["z", "y"])
    }

    /// `replace_page` forgets the old page's failed next page: `retry()` asks nothing for it.
    @Test func replacePageForgetsTheOldPagesFailedNextPage() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"], hasMore: true, postback: "p1"))
        await waitUntil { !store.isLoadingPage }
        store.loadNextPage()
        source.last?.fail()
        await waitUntil { store.nextPageState != .loading }
        let page = try? JSONParser.parse(Fixtures.simplePage(requestID: "r2", ids: ["z"]))["page"]
        store.apply([PageMutation(kind: .replacePage, payload: page)], mode: .partial)
        #expect(store.nextPageState == .idle)
        let calls = source.calls.count
        store.retry()
        #expect(source.calls.count == calls)
    }

    /// A `replace_page` whose page cannot be read replaces nothing: the page, its generation and
    /// its next page in flight stay, and the other mutations still apply.
    @Test func aReplacePageThatFailedIsNoReplacement() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"], hasMore: true, postback: "p1"))
        await waitUntil { !store.isLoadingPage }
        store.loadNextPage()
        let generation = store.pageGeneration
        let unreadable: JSONValue = ["schema_version": 7, "sections": []]
        let outcome = store.apply([PageMutation(kind: .replacePage, payload: unreadable), .replaceWidget("a", with: Fixtures.label("a", "b"))], mode: .partial)
        if case .applied(let result) = outcome { #expect(!result.replacedPage) } else { Issue.record("\(outcome)") }
        #expect(store.pageGeneration == generation)
        #expect(store.nextPageState == .loading)
        source.last?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("s2", [Fixtures.label("c")])]))
        await waitUntil { store.nextPageState == .idle }
        #expect(Fixtures.widgetIDs(store.page) == ["a", "c"])
    }
}
