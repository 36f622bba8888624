import FlowCore
import Foundation
import Testing
@testable import RetailKit
import TestSupport

/// Setting a quantity and removing through `CartStore`: optimistic, rolled back when refused,
/// told in the shopper's terms; the lines a cart screen lists keep a line being removed.
@MainActor
@Suite struct CartQuantityStoreTests {
    let transport = ScriptedCartTransport()
    let clock = TestClock()
    let date = ManualDate()

    func makeStore(journal: URL? = nil, attempts: Int = 6) -> CartStore {
        var policy = CartRetryPolicy()
        policy.maxAttempts = attempts
        return CartStore(client: CartClient(transport: transport, policy: policy, clock: clock, random: .seeded(7), now: date.function),
                         journalURL: journal)
    }

    /// A store whose canonical cart holds `lines`.
    func storeHolding(_ lines: [(String, Int)], attempts: Int = 6) async -> CartStore {
        let store = makeStore(attempts: attempts)
        store.start()
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: 1, lines)))
        await store.waitUntilIdle()
        return store
    }

    @Test func aQuantitySetShowsAtOnceAndARefusalRollsItBackSayingSoldOut() async {
        let store = await storeHolding([("a", 2), ("b", 1)])
        var notices: [CartStore.Notice] = []
        store.onNotice = { notices.append($0) }
        store.setQuantity(productID: "a", quantity: 5)
        #expect(store.badgeCount == 6)
        #expect(store.shownLines.first { $0.line.productID == "a" }?.pending == .updating)
        let call = await transport.nextCall()
        #expect(call.change == .setQuantity(productID: "a", quantity: 5))
        transport.answer(.failure(HomeAPIError.status(409, code: "product_unavailable", message: "'a' is unavailable", retryAfter: nil)))
        await store.waitUntilIdle()
        #expect(store.badgeCount == 3, "rolled back to the server's 2")
        #expect(store.shownLines.allSatisfy { $0.pending == nil })
        #expect(notices.map(\.reason) == [.soldOut])
        #expect(notices.first?.title == "T", "named by the title the shopper saw")
        #expect(store.soldOutProducts.contains(ExactString("a")))
    }

    @Test func aLineBeingRemovedStaysShownUntilTheServerAnswers() async {
        let store = await storeHolding([("a", 2), ("b", 1)])
        store.remove(productID: "a")
        #expect(store.badgeCount == 1, "the badge counts what will be left")
        #expect(store.lines.map(\.productID) == ["b"])
        #expect(store.shownLines.map(\.line.productID) == ["a", "b"], "the sheet keeps it, marked")
        #expect(store.shownLines.first?.pending == .removing)
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: 2, [("b", 1)])))
        await store.waitUntilIdle()
        #expect(store.shownLines.map(\.line.productID) == ["b"])
    }

    @Test func undoWhileTheRemovalIsInFlightEndsWithTheLineBack() async {
        let store = await storeHolding([("a", 2)])
        store.remove(productID: "a")
        store.add(productID: "a", quantity: 2, item: CartItem(title: "Scarf", unitPrice: Price(amount: 9, currency: "EUR")))
        #expect(store.shownLines.map(\.line.quantity) == [2])
        #expect(store.shownLines.first?.pending == .adding)
        #expect(store.shownLines.first?.line.title == "Scarf")
        #expect(store.badgeCount == 2)
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: 2, [])))
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: 3, [("a", 2)])))
        await store.waitUntilIdle()
        #expect(store.lines.map(\.quantity) == [2])
    }

    @Test func aNewLineShowsWhatTheShopperSawNeverTheProductsID() async {
        let store = await storeHolding([])
        store.add(productID: "p-1002", quantity: 1, item: CartItem(title: "Wool coat Cora", unitPrice: Price(amount: 91.99, currency: "USD")))
        let line = store.shownLines.first?.line
        #expect(line?.title == "Wool coat Cora")
        #expect(line?.unitPrice == Price(amount: 91.99, currency: "USD"))
    }

    @Test func aChangeWithoutAnAnswerIsToldAsNoConnectionNotAsCodes() async {
        let store = await storeHolding([("a", 1)], attempts: 1)
        var notices: [CartStore.Notice] = []
        store.onNotice = { notices.append($0) }
        store.setQuantity(productID: "a", quantity: 2)
        _ = await transport.nextCall()
        transport.answer(.failure(HomeAPIError.status(503, code: "injected_fault", message: "fault profile: error=503", retryAfter: nil)))
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: 2, [("a", 1)])))
        await store.waitUntilIdle()
        #expect(notices.map(\.reason) == [.unconfirmed])
        #expect(notices[0].message.contains("503"), "the server's words stay for the log")
    }

    @Test func quantitiesOutsideTheLimitsAreRefusedBeforeSending() async {
        let store = await storeHolding([("a", 1)])
        var notices: [CartStore.Notice] = []
        store.onNotice = { notices.append($0) }
        store.setQuantity(productID: "a", quantity: 0)
        store.setQuantity(productID: "a", quantity: 100)
        store.setQuantity(productID: "a", quantity: .max)
        #expect(store.operations.isEmpty)
        #expect(notices.map(\.reason) == [.quantityLimit, .quantityLimit, .quantityLimit])
    }

    @Test func theJournalKeepsQuantitySetsAndWhatTheShopperSaw() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = directory.url.appendingPathComponent("cart.json")
        let store = makeStore(journal: journal)
        store.add(productID: "a", quantity: 1, item: CartItem(title: "Scarf", unitPrice: Price(amount: 9, currency: "EUR")))
        store.setQuantity(productID: "a", quantity: 4)
        _ = await transport.nextCall()
        store.stop()
        transport.answer(.failure(CancellationError()))
        await store.waitUntilSaved()
        let reopened = makeStore(journal: journal)
        #expect(reopened.operations.map(\.change) == [.add(productID: "a", quantity: 1), .setQuantity(productID: "a", quantity: 4)])
        #expect(reopened.operations.first?.item == CartItem(title: "Scarf", unitPrice: Price(amount: 9, currency: "EUR")))
        #expect(reopened.shownLines.first?.line.quantity == 4)
        #expect(reopened.shownLines.first?.line.title == "Scarf")
    }
}
