import FlowCore
import FlowRuntime
import Foundation
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
}
