import FlowCore
import FlowRuntime
import Foundation
import Testing

@Suite("PageStore: mutations", .timeLimit(.minutes(1)))
@MainActor
struct PageStoreMutationTests {
    let harness = StoreHarness()
    var store: PageStore { harness.store }

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
}
