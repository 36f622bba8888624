import FlowCore
import FlowRuntime
import Foundation
import Testing

@Suite("PageStore: mutations", .timeLimit(.minutes(1)))
@MainActor
struct PageStoreMutationTests {
    let harness = StoreHarness()
    var store: PageStore { harness.store }
    var source: ControlledSource { harness.source }

    func text(_ id: String) -> String? { store.page?.widget(id: id)?.content(as: LabelContent.self)?.text }

    @Test func aReplacedWidgetLosesItsStateAndOthersKeepTheirs() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a", "b"]))
        store.widgetState["a"] = 1
        store.widgetState["b"] = 2
        let generation = store.contentGeneration
        store.apply([.replaceWidget("a", with: Fixtures.label("a", "new"))], mode: .partial)
        #expect(store.page?.widget(id: "a")?.content(as: LabelContent.self)?.text == "new")
        #expect(store.widgetState["a"] == nil)
        #expect(store.widgetState["b"] == 2)
        #expect(store.contentGeneration == generation + 1)
    }

    @Test func aReplacementEqualToTheWidgetKeepsItsState() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a"]))
        store.widgetState["a"] = 1
        store.apply([.replaceWidget("a", with: Fixtures.label("a"))], mode: .partial)
        #expect(store.widgetState["a"] == 1)
    }

    @Test func aTransactionWithAMissingTargetChangesNothingAndIsReported() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a"]))
        let outcome = store.apply([.replaceWidget("a", with: Fixtures.label("a", "new")), .removeWidget("nope")], mode: .transactional)
        guard case .applied(let result) = outcome else {
            Issue.record("expected a result, got \(outcome)")
            return
        }
        #expect(result.isRolledBack)
        #expect(store.page?.widget(id: "a")?.content(as: LabelContent.self)?.text == "text")
        #expect(harness.reports.last?.source == .mutations)
        #expect(harness.reports.last?.diagnostics.allSatisfy { $0.kind == .mutationFailed } == true)
    }

    /// The answer describes the state after the action, which a page composed before it may
    /// not hold: addressed by id, it is laid onto the page that replaced its own.
    @Test func mutationsByIDForAReplacedPageAreLaidOntoTheNewPage() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a", "b"]))
        let generation = store.pageGeneration
        store.refresh()
        harness.source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a", "b"]))
        await waitUntil { store.page?.requestID == "r2" }
        let outcome = store.apply([.removeWidget("a")], mode: .partial, ifPageGeneration: generation)
        guard case .applied(let result) = outcome else {
            Issue.record("expected applied, got \(outcome)")
            return
        }
        #expect(result.appliedCount == 1)
        #expect(Fixtures.widgetIDs(store.page) == ["b"])
    }

    /// Sections added or a page replaced cannot be laid onto another composition: the store
    /// asks for the page again rather than lose the action's effect.
    @Test func otherMutationsForAReplacedPageAskForThePageAgain() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        let generation = store.pageGeneration
        store.refresh()
        harness.source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a"]))
        await waitUntil { store.page?.requestID == "r2" && !store.isLoadingPage }
        let calls = harness.source.calls.count
        let append = PageMutation(kind: .appendSections, payload: [Fixtures.section("s2", [Fixtures.label("n")])])
        guard case .refetched = store.apply([append], mode: .partial, ifPageGeneration: generation) else {
            Issue.record("expected the page asked for again")
            return
        }
        #expect(harness.source.calls.count == calls + 1)
        #expect(harness.source.last?.request.kind == .refresh)
        #expect(Fixtures.widgetIDs(store.page) == ["a"])
    }

    @Test func removingEveryWidgetAndSectionLeavesAnEmptyPage() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a"]))
        store.apply([PageMutation(kind: .removeSection, targetID: "s1")], mode: .partial)
        #expect(store.state == .empty)
    }

    @Test func withoutAPageNothingApplies() {
        guard case .noPage = store.apply([.removeWidget("a")], mode: .partial) else {
            Issue.record("expected noPage")
            return
        }
    }

    // MARK: Mutations that overtake a request

    /// A mutation made on the cached copy is laid onto the fresh page by id: the fresh page was
    /// composed before the mutation, so it may not hold it.
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

    /// A mutation on the cached copy never keeps the fresh page out: the fresh page still replaces
    /// the copy, rather than the copy staying for good.
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

    /// A mutation laid onto a newer page that no longer holds its target is dropped, reported
    /// under the newer page's request, and the others still apply.
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

    /// Sections added while a refresh is in flight cannot be laid onto its answer: the answer is
    /// dropped and the page asked again, once; overtaken again, the page shown is kept.
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

    /// The answer to the page asked again after an overtake is shown.
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

    /// The page asked again after an overtake may be answered cache-first: a cached copy older
    /// than the mutation that caused the asking never undoes it, even when the fresh answer fails.
    @Test func theAskedAgainRequestsCachedCopyDoesNotUndoTheOvertakingMutation() async {
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

    /// The state of a widget off the page (one in a sheet, whose actions use this page's store)
    /// survives the page's mutations: only a widget replaced or gone loses its state.
    @Test func stateOfWidgetsOffThePageSurvivesMutations() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a", "b"]))
        store.widgetState["sheet_qty"] = 2
        store.apply([.replaceWidget("b", with: Fixtures.label("b", "new"))], mode: .partial)
        #expect(store.widgetState["sheet_qty"] == 2)
    }
}
