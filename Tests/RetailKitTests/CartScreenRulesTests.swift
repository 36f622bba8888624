import FlowCore
import Foundation
import RetailContract
import Testing
@testable import RetailKit
import TestSupport

/// The cart's rules every cart screen relies on (the terminal's sheet and the SwiftUI one):
/// stepping a quantity, when a removal can be undone and what undoing does, and where a line
/// put back goes.
@MainActor
@Suite struct CartScreenRulesTests {
    let transport = ScriptedCartTransport()

    func makeStore() -> CartStore {
        CartStore(client: CartClient(transport: transport, clock: TestClock(), random: .seeded(3)))
    }

    @Test func aQuantityStepsWithinALinesBounds() {
        #expect(RetailLimits.quantity(1, steppedBy: 1) == 2)
        #expect(RetailLimits.quantity(2, steppedBy: -1) == 1)
        #expect(RetailLimits.quantity(1, steppedBy: -1) == nil, "never below one: removing is its own action")
        #expect(RetailLimits.quantity(99, steppedBy: 1) == nil)
        #expect(RetailLimits.quantity(250, steppedBy: -1) == 99, "a server's larger line comes down to the largest")
        #expect(RetailLimits.quantity(250, steppedBy: 1) == nil)
        #expect(RetailLimits.quantity(Int.max, steppedBy: 1) == nil, "no overflow")
        #expect(RetailLimits.quantity(Int.min, steppedBy: -1) == nil)
    }

    @Test func aRemovalCanBeUndoneOnceTheLineIsGoneAndUndoingPutsItBackAsItWas() async throws {
        let store = makeStore()
        store.refresh()
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: 1, [("p-1", 3), ("p-2", 1)])))
        await store.waitUntilIdle()
        let shownAt = try #require(store.shownLines.firstIndex { $0.line.productID == "p-1" })
        let removal = CartRemoval(store.shownLines[shownAt].line, shownAt: shownAt, beingRemoved: store.shownLines.map { $0.pending == .removing })
        store.remove(productID: "p-1")
        #expect(!removal.isDone(amid: store.shownLines.map(\.line.productID)), "pending: the line itself says so")
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: 2, [("p-2", 1)])))
        await store.waitUntilIdle()
        #expect(removal.isDone(amid: store.shownLines.map(\.line.productID)))
        #expect(store.restore(removal))
        #expect(store.shownLines.first.map { ($0.line.productID, $0.line.quantity, $0.line.title, $0.pending) } ?? ("", 0, nil, nil)
            == ("p-1", 3, "T", .adding), "its place, quantity and title, shown until the server answers")
        #expect(store.lines.map(\.productID) == ["p-1", "p-2"])
        #expect(await transport.nextCall().change == .add(productID: "p-1", quantity: 3, position: 0), "asked back where it was")
        #expect(!store.restore(removal), "in the cart again already: nothing is added twice")
    }

    @Test func aRemovalOfMoreThanALineHoldsIsPutBackWithinTheBounds() async {
        let store = makeStore()
        #expect(store.restore(CartRemoval(productID: "p-9", title: nil, quantity: 500, unitPrice: nil)))
        #expect(await transport.nextCall().change == .add(productID: "p-9", quantity: 99))
    }

    func answered(_ store: CartStore, with lines: [(String, Int)], revision: Int) async {
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: revision, lines)))
    }

    /// A line's place counts the lines that stay, as the server counts it once the removals
    /// before it are done: removing A (pending) then C of [A, B, C, D] and undoing C puts C
    /// back between B and D, not after D.
    @Test func aRemovedLinesPlaceCountsOnlyTheLinesThatStay() async throws {
        let store = makeStore()
        store.refresh()
        await answered(store, with: [("A", 1), ("B", 1), ("C", 1), ("D", 1)], revision: 1)
        await store.waitUntilIdle()
        store.remove(productID: "A")
        let shown = store.shownLines
        let c = try #require(shown.firstIndex { $0.line.productID == "C" })
        let removal = CartRemoval(shown[c].line, shownAt: c, beingRemoved: shown.map { $0.pending == .removing })
        #expect(removal.position == 1, "B is the only line before C that stays")
        store.remove(productID: "C")
        #expect(store.restore(removal))
        #expect(store.lines.map(\.productID) == ["B", "C", "D"])
        #expect(store.shownLines.map(\.line.productID) == ["A", "B", "C", "D"])
        #expect(store.shownLines.map(\.pending) == [.removing, nil, .adding, nil])
    }

    /// While removals are pending, a line put at a place shows where the server will put it:
    /// the lines being removed stay where they were and count for nothing, so without them the
    /// screen is `lines` exactly, and nothing moves when the answers land.
    @Test func aLinePutAtAPlaceShowsWhereTheServerPutsItWhileRemovalsPend() async throws {
        let store = makeStore()
        store.refresh()
        await answered(store, with: [("A", 1), ("B", 1), ("C", 1)], revision: 1)
        await store.waitUntilIdle()
        store.remove(productID: "A")
        store.add(productID: "X", position: 1)
        #expect(store.lines.map(\.productID) == ["B", "X", "C"])
        #expect(store.shownLines.map(\.line.productID) == ["A", "B", "X", "C"])
        // B removed and put back at once (the terminal's u works while a removal pends).
        store.remove(productID: "B")
        store.add(productID: "B", position: 0)
        let shown = store.shownLines
        #expect(shown.filter { $0.pending != .removing }.map(\.line.productID) == store.lines.map(\.productID))
        #expect(shown.map(\.line.productID) == ["A", "B", "X", "C"], "one row for B, where it goes")
        #expect(shown.map(\.pending) == [.removing, .adding, .adding, nil])
    }
}
