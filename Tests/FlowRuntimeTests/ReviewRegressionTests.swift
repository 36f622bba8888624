import FlowCore
@testable import FlowRuntime
import Foundation
import TestSupport
import Testing

/// Runtime ordering and state defects found by an outside review (issue 11, items 13 to 20),
/// each with the probe that reproduced it.
@Suite("Runtime: review regressions", .timeLimit(.minutes(1)))
@MainActor
struct ReviewRegressionTests {
    let harness = StoreHarness()
    var store: PageStore { harness.store }
    var source: ControlledSource { harness.source }

    func text(_ id: String) -> String? { store.page?.widget(id: id)?.content(as: LabelContent.self)?.text }

    // MARK: 13. Mutations that overtake a request

    @Test func aMutationOnTheCachedCopyIsLaidOntoTheFreshPage() async {
        store.loadInitial()
        source.last?.send(Fixtures.simplePage(requestID: "cached", ids: ["a"]), origin: .cached)
        await waitUntil { store.origin == .cached }
        store.apply([.replaceWidget("a", with: Fixtures.label("a", "favourite"))], mode: .partial)
        source.last?.respond(Fixtures.simplePage(requestID: "fresh", ids: ["a", "b"]), origin: .fresh)
        await waitUntil { !store.isLoadingPage }
        #expect(store.page?.requestID == "fresh")
        #expect(text("a") == "favourite")
        #expect(Fixtures.widgetIDs(store.page) == ["a", "b"])
    }

    @Test func aLaidMutationThatFindsNoTargetIsDroppedAndReported() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a", "gone"]))
        store.refresh()
        store.apply([.replaceWidget("gone", with: Fixtures.label("gone", "x")), .replaceWidget("a", with: Fixtures.label("a", "new"))], mode: .partial)
        source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a"]))
        await waitUntil { !store.isLoadingPage }
        #expect(store.page?.requestID == "r2")
        #expect(text("a") == "new")
        #expect(store.diagnostics(forRequest: "r2").map(\.kind) == [.mutationFailed])
    }

    @Test func aRefreshOvertakenBySectionsAddedIsAskedAgainOnce() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        store.refresh()
        let append = PageMutation(kind: .appendSections, payload: [Fixtures.section("added", [Fixtures.label("n")])])
        store.apply([append], mode: .partial)
        let calls = source.calls.count
        source.last?.respond(Fixtures.simplePage(requestID: "r2-composed-before", ids: ["a"]))
        await waitUntil { store.droppedResponseCount == 1 }
        #expect(source.calls.count == calls + 1)
        #expect(source.last?.request.kind == .refresh)
        #expect(store.page?.requestID == "r1")
        #expect(Fixtures.widgetIDs(store.page) == ["a", "n"])
        // Overtaken again: the page shown is kept, and nobody asks a third time.
        store.apply([append], mode: .partial)
        source.last?.respond(Fixtures.simplePage(requestID: "r3", ids: ["a"]))
        await waitUntil { !store.isLoadingPage }
        #expect(source.calls.count == calls + 1)
        #expect(store.page?.requestID == "r1")
        #expect(store.droppedResponseCount == 2)
    }

    @Test func theAskedAgainAnswerIsShown() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        store.refresh()
        store.apply([PageMutation(kind: .prependSections, payload: [Fixtures.section("top", [Fixtures.label("t")])])], mode: .partial)
        let calls = source.calls.count
        source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a"]))
        await waitUntil { store.droppedResponseCount == 1 }
        #expect(source.calls.count == calls + 1)
        source.last?.respond(Fixtures.simplePage(requestID: "r3", ids: ["t", "a"]))
        await waitUntil { !store.isLoadingPage }
        #expect(store.page?.requestID == "r3")
    }

    // MARK: 14. replace_page and next-page state

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

    // MARK: 15. Diagnostics of a stale api answer

    @Test func aStaleAnswersDiagnosticsBelongToTheRequestItCameFrom() async {
        let transport = ControlledTransport()
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        dispatcher.dispatch(ActionData(type: "api", ["endpoint": "/v1/x"]), from: ActionOrigin(store: store, widgetID: "a"))
        let pending = await transport.nextCall()
        store.refresh()
        source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a"]))
        await waitUntil { store.page?.requestID == "r2" }
        pending.continuation.resume(returning: Data(#"{"mode": "sideways", "mutations": []}"#.utf8))
        await dispatcher.settle()
        #expect(store.diagnostics(forRequest: "r1").map(\.kind) == [.malformedPayload])
        #expect(store.diagnostics(forRequest: "r2").isEmpty)
    }

    // MARK: 16. State of a widget off the page

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

    // MARK: 18. A cached update after a fresh one

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

    // MARK: 19. Tasks never keep their owners alive

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

    @Test func droppingTheLastReferenceToADispatcherCancelsItsWork() async {
        let transport = EndlessTransport()
        var dispatcher: ActionDispatcher? = ActionDispatcher(
            sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        await harness.loadInitial(Fixtures.simplePage(ids: ["a"]))
        dispatcher?.dispatch(ActionData(type: "api", ["endpoint": "/v1/x"]), from: ActionOrigin(store: store, widgetID: "a"))
        await transport.started()
        weak let weakDispatcher = dispatcher
        dispatcher = nil
        #expect(weakDispatcher == nil)
        await transport.cancelled()
    }

    // MARK: 20. Bounds

    @Test func negativeLimitsKeepNothingAndNeverTrap() async {
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: nil)
        dispatcher.logLimit = -1
        dispatcher.dispatch(ActionData(type: "dismiss"), from: ActionOrigin(store: nil))
        #expect(dispatcher.log.isEmpty)
        store.diagnosticReportLimit = -5
        await harness.loadInitial(Fixtures.page(sections: [Fixtures.section("s", [["type": "mystery"]])]))
        #expect(store.diagnosticReports.isEmpty)
        #expect(harness.reports.count == 1)
    }
}

/// A source whose streams never answer, and that says when one starts and when it ends.
final class EndlessSource: PageSource, Sendable {
    private let events = AsyncStream<String>.makeStream()

    func updates(for request: PageRequest) -> AsyncThrowingStream<PageUpdate, any Error> {
        let (stream, continuation) = AsyncThrowingStream<PageUpdate, any Error>.makeStream()
        let events = events.continuation
        continuation.onTermination = { _ in events.yield("terminated") }
        events.yield("started")
        return stream
    }

    func started() async { await next("started") }
    func terminated() async { await next("terminated") }

    private func next(_ event: String) async {
        for await seen in events.stream where seen == event { return }
    }
}

/// A transport that never answers, and that says when a call starts and is cancelled.
final class EndlessTransport: ActionTransport, Sendable {
    private let events = AsyncStream<String>.makeStream()

    func send(_ call: ActionCall) async throws -> Data {
        let events = events.continuation
        events.yield("started")
        let (never, _) = AsyncStream<Never>.makeStream()
        await withTaskCancellationHandler {
            for await _ in never {}
        } onCancel: {
            events.yield("cancelled")
        }
        throw CancellationError()
    }

    func started() async { await next("started") }
    func cancelled() async { await next("cancelled") }

    private func next(_ event: String) async {
        for await seen in events.stream where seen == event { return }
    }
}
