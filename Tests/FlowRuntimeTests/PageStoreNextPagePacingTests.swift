import FlowCore
import FlowRuntime
import Foundation
import Testing
import TestSupport

/// A backend that answers `has_more: true` with nothing new must not turn an open page into a
/// poller: after a next page that adds nothing the store asks again only after a back-off that
/// doubles, and after `maxEmptyPages` in a row it stops and the end of the list says so.
@Suite("PageStore: next pages that add nothing", .timeLimit(.minutes(1)))
@MainActor
struct PageStoreNextPagePacingTests {
    let clock = TestClock()
    let source = ControlledSource()
    let store: PageStore

    init() {
        store = PageStore(pageID: "home", source: source, decoder: Fixtures.decoder, clock: clock)
    }

    private func loadFirstPage() async {
        store.loadInitial()
        source.last?.respond(Fixtures.simplePage(requestID: "r1", ids: ["a"], hasMore: true, postback: ["cursor": 2]))
        await waitUntil { store.state == .loaded && !store.isLoadingPage }
    }

    /// An empty next page (no sections), still promising more.
    private var emptyNextPage: Data {
        Fixtures.page(requestID: "r1", sections: [], hasMore: true, postback: ["cursor": 2])
    }

    // Waits are on the store's observed state (`waitUntil` wakes on observation), never on
    // the source's call count, which nothing observes.

    /// Answers the next page in flight with nothing new and waits until it is merged.
    private func answerEmpty() async {
        let calls = source.calls.count
        source.last?.respond(emptyNextPage)
        await waitUntil { store.nextPageState != .loading }
        #expect(source.calls.count == calls)
    }

    @Test func anEmptyNextPageIsAskedAgainOnlyAfterADoublingBackOffThenTheEndSaysSo() async {
        await loadFirstPage()
        store.loadNextPage()
        await answerEmpty()
        #expect(store.nextPageState == .idle)

        // The renderer asks again at once, as the end is still near: nothing is sent yet.
        store.loadNextPage()
        store.loadNextPage()
        #expect(source.calls.count == 2)
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(999))
        #expect(source.calls.count == 2)
        clock.advance(by: .milliseconds(1))
        await waitUntil { store.nextPageState == .loading }
        #expect(source.calls.count == 3)
        await answerEmpty()

        // The second back-off is twice as long.
        store.loadNextPage()
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(1_999))
        #expect(source.calls.count == 3)
        clock.advance(by: .milliseconds(1))
        await waitUntil { store.nextPageState == .loading }
        #expect(source.calls.count == 4)
        await answerEmpty()

        // The third empty page in a row ends it: no more asks, and the end says so.
        #expect(store.nextPageState == .ended)
        #expect(!store.hasMorePages)
        store.loadNextPage()
        clock.advance(by: .seconds(3_600))
        #expect(source.calls.count == 4)
        #expect(clock.sleeperCount == 0)
    }

    @Test func retryAtTheEndAsksOnceMore() async {
        await loadFirstPage()
        store.nextPagePacing.maxEmptyPages = 1
        store.loadNextPage()
        await answerEmpty()
        #expect(store.nextPageState == .ended)

        store.retry()
        #expect(source.calls.count == 3)
        source.last?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("s2", [Fixtures.label("b")])], hasMore: false))
        await waitUntil { store.nextPageState == .idle }
        #expect(Fixtures.widgetIDs(store.page) == ["a", "b"])
    }

    @Test func aNextPageThatAddsSomethingStartsThePacingOver() async {
        await loadFirstPage()
        store.nextPagePacing.maxEmptyPages = 2
        store.loadNextPage()
        await answerEmpty()
        store.loadNextPage()
        await clock.waitForSleepers()
        clock.advance(by: .seconds(1))
        await waitUntil { store.nextPageState == .loading }
        #expect(source.calls.count == 3)
        source.last?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("s2", [Fixtures.label("b")])], hasMore: true, postback: ["cursor": 3]))
        await waitUntil { store.nextPageState == .idle }

        // Counted from zero again: one empty page does not end it, and its back-off is 1 s.
        store.loadNextPage()
        #expect(source.calls.count == 4)
        await answerEmpty()
        #expect(store.nextPageState == .idle)
        store.loadNextPage()
        await clock.waitForSleepers()
        clock.advance(by: .seconds(1))
        await waitUntil { store.nextPageState == .loading }
        #expect(source.calls.count == 5)
    }

    @Test func sectionsWithoutWidgetsAddNothing() async {
        await loadFirstPage()
        store.nextPagePacing.maxEmptyPages = 1
        store.loadNextPage()
        source.last?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("hollow", [])], hasMore: true, postback: ["cursor": 3]))
        await waitUntil { store.nextPageState != .loading }
        #expect(store.nextPageState == .ended)
    }

    @Test func aRefreshStartsThePacingOver() async {
        await loadFirstPage()
        store.loadNextPage()
        await answerEmpty()
        store.loadNextPage()
        await clock.waitForSleepers()
        store.refresh()
        source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["x"], hasMore: true, postback: ["cursor": 2]))
        await waitUntil { store.page?.requestID == "r2" && !store.isLoadingPage }
        #expect(clock.sleeperCount == 0, "the back-off is cancelled")
        store.loadNextPage()
        #expect(source.calls.count == 4, "asked at once")
    }

    /// With the client's context, "adds nothing" means nothing shown: sections of unknown,
    /// expired or incompatible widgets were asked for about 50 times a second.
    @Test(arguments: [
        #"{"type": "hologram", "id": "u"}"#,
        #"{"type": "label", "id": "e", "data": {"text": "x"}, "expires_at": "2000-01-01T00:00:00Z"}"#,
        #"{"type": "label", "id": "i", "data": {"text": "x"}, "requires": {"min_app_version": "99"}}"#,
        #"{"type": "label", "id": "m", "data": {}}"#,
    ])
    func sectionsWhoseWidgetsAreNotShownAddNothing(widget: String) async throws {
        await loadFirstPage()
        store.nextPagePacing.maxEmptyPages = 1
        store.nextPagePacing.context = { EvaluationContext(client: ClientContext(appVersion: AppVersion(major: 2)), now: Date()) }
        store.loadNextPage()
        let page = #"{"page": {"id": "home", "request_id": "r1", "sections": [{"id": "hollow", "widgets": [\#(widget)]}], "pagination": {"has_more": true, "postback": {"cursor": 3}}}}"#
        source.last?.respond(Data(page.utf8))
        await waitUntil { store.nextPageState != .loading }
        #expect(store.nextPageState == .ended)
    }

    /// Whatever next pages hold (titles that draw nothing, sections that expire at once), those
    /// nobody asked for stop adding: past `maxUnaskedPages` in a row each counts as nothing,
    /// so the back-off and the end follow; the shopper's own ask counts from zero again.
    @Test func nextPagesNobodyAskedForArePacedWhateverTheyHold() async {
        await loadFirstPage()
        store.nextPagePacing.maxUnaskedPages = 2
        store.nextPagePacing.maxEmptyPages = 1
        for cursor in 3...4 {
            store.loadNextPage(askedByShopper: false)
            source.last?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("s\(cursor)", [Fixtures.label("w\(cursor)")])], hasMore: true, postback: ["cursor": .number(Double(cursor))]))
            await waitUntil { store.nextPageState != .loading }
            #expect(store.nextPageState == .idle, "the first two are free")
        }
        store.loadNextPage(askedByShopper: false)
        source.last?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("s5", [Fixtures.label("w5")])], hasMore: true, postback: ["cursor": 5]))
        await waitUntil { store.nextPageState != .loading }
        #expect(store.nextPageState == .ended, "the third in a row counts as nothing, whatever it holds")
        #expect(Fixtures.widgetIDs(store.page) == ["a", "w3", "w4", "w5"], "what it held is still shown")
        #expect(source.calls.count == 4)
    }

    @Test func theShoppersAskStartsTheUnaskedCountOver() async {
        await loadFirstPage()
        store.nextPagePacing.maxUnaskedPages = 1
        store.nextPagePacing.maxEmptyPages = 1
        for (cursor, asked) in [(3, false), (4, true), (5, false)] {
            store.loadNextPage(askedByShopper: asked)
            source.last?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("s\(cursor)", [Fixtures.label("w\(cursor)")])], hasMore: true, postback: ["cursor": .number(Double(cursor))]))
            await waitUntil { store.nextPageState != .loading }
            #expect(store.nextPageState == .idle)
        }
        #expect(source.calls.count == 4)
    }

    @Test func aShownWidgetAddsSomethingWithTheContextToo() async {
        await loadFirstPage()
        store.nextPagePacing.maxEmptyPages = 1
        store.nextPagePacing.context = { EvaluationContext(client: ClientContext(appVersion: AppVersion(major: 2)), now: Date()) }
        store.loadNextPage()
        source.last?.respond(Fixtures.page(requestID: "r1", sections: [Fixtures.section("s2", [Fixtures.label("b")])], hasMore: true, postback: ["cursor": 3]))
        await waitUntil { store.nextPageState != .loading }
        #expect(store.nextPageState == .idle)
    }
}
