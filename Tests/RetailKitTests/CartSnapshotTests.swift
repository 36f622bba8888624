import FlowCore
import Foundation
import Testing
@testable import RetailKit

/// What a cart answer may hold (CONTRACT §10): numbers are bounded where they are read, so no
/// sum over a cart, its overlay or its badge can overflow, whatever the server sends.
@Suite struct CartSnapshotTests {
    static func body(revision: String = "1", quantities: [String], itemCount: String? = nil) -> Data {
        let items = quantities.enumerated().map { #"{"product_id": "p-\#($0.offset)", "title": "T", "quantity": \#($0.element)}"# }
        let count = itemCount.map { #", "item_count": \#($0)"# } ?? ""
        return Data(#"{"cart_id": "c", "revision": \#(revision), "items": [\#(items.joined(separator: ","))]\#(count)}"#.utf8)
    }

    static func reason(_ data: Data) -> String? {
        do {
            _ = try CartSnapshot(data: data)
            return nil
        } catch {
            guard case .undecodable(let message) = error else { return "unexpected \(error)" }
            return message
        }
    }

    /// What every renderer's cart shows as its subtotal: a sum only when one currency can say it.
    @Test func theShownSubtotalSumsLinesOfOneCurrencyOnly() {
        let usd = { (amount: Double) in Price(amount: amount, currency: "USD") }
        let lines = [CartSnapshot.Line(productID: "a", quantity: 2, unitPrice: usd(10.5)), CartSnapshot.Line(productID: "b", quantity: 1, unitPrice: usd(4))]
        #expect(CartSnapshot.subtotal(of: lines) == usd(25))
        #expect(CartSnapshot.subtotal(of: []) == nil)
        #expect(CartSnapshot.subtotal(of: lines + [CartSnapshot.Line(productID: "c", quantity: 1, unitPrice: Price(amount: 1, currency: "EUR"))]) == nil)
        #expect(CartSnapshot.subtotal(of: lines + [CartSnapshot.Line(productID: "d", quantity: 1)]) == nil, "a line without a price")
        // A million of the most a line may cost, many times over, stays a finite sum.
        let big = Array(repeating: CartSnapshot.Line(productID: "e", quantity: 1_000_000, unitPrice: usd(1e9)), count: 1000)
        #expect(CartSnapshot.subtotal(of: big)?.amount.isFinite == true)
    }

    /// A product the shop no longer sells stays in the cart, counted in no total.
    @Test func aLineNoLongerSoldIsReadAndCountedInNoTotal() throws {
        let data = Data(#"""
            {"cart_id": "c", "revision": 3, "items": [
              {"product_id": "p-1001", "title": "Trail runner Alto", "quantity": 2, "unit_price": {"amount": 61, "currency": "USD"}},
              {"product_id": "p-1002", "quantity": 3, "available": false},
              {"product_id": "p-1003", "title": "X", "quantity": 1, "unit_price": {"amount": 5, "currency": "USD"}, "available": true}]}
            """#.utf8)
        let snapshot = try CartSnapshot(data: data)
        #expect(snapshot.lines.map(\.isAvailable) == [true, false, true])
        #expect(snapshot.itemCount == 3, "the server sent no item_count: what can be bought")
        #expect(CartSnapshot.subtotal(of: snapshot.lines) == Price(amount: 127, currency: "USD"))
        let gone = [CartSnapshot.Line(productID: "p-1002", quantity: 3, isAvailable: false)]
        #expect(CartSnapshot.subtotal(of: gone) == nil)
    }

    /// The title a line had before its product left the shop is kept, on disk too.
    /// A line's price before (on sale) is read; one that is not a price is left out, never
    /// the line.
    @Test func aLinesPriceBeforeIsReadAndABadOneIsLeftOut() throws {
        let snapshot = try CartSnapshot(data: Data(#"""
            {"revision": 1, "items": [
              {"product_id": "a", "title": "Coat", "quantity": 1, "unit_price": {"amount": 80, "currency": "USD"}, "compare_at_price": {"amount": 100, "currency": "USD"}},
              {"product_id": "b", "title": "Hat", "quantity": 1, "unit_price": {"amount": 10, "currency": "USD"}, "compare_at_price": "lots"}]}
            """#.utf8))
        #expect(snapshot.lines.map(\.compareAtPrice) == [Price(amount: 100, currency: "USD"), nil])
        #expect(snapshot.lines.count == 2)
    }

    @Test func aLineAnsweredWithoutItsTitleKeepsTheOneItHad() throws {
        let before = try CartSnapshot(data: Data(#"{"revision": 1, "items": [{"product_id": "p-1002", "title": "Trail runner Brio", "quantity": 3}]}"#.utf8))
        let after = try CartSnapshot(data: Data(#"{"revision": 2, "items": [{"product_id": "p-1002", "quantity": 3, "available": false}]}"#.utf8))
        let kept = after.keepingTitles(of: before)
        #expect(kept.lines.first?.title == "Trail runner Brio")
        #expect(kept.lines.first?.isAvailable == false)
        #expect(try CartSnapshot(json: kept.json).lines.first?.title == "Trail runner Brio")
        #expect(after.keepingTitles(of: nil).lines.first?.title == nil)
    }

    @Test func linesAtTheBoundAreReadAndSummedExactly() throws {
        let snapshot = try CartSnapshot(data: Self.body(quantities: ["1000000", "1000000", "3"]))
        #expect(snapshot.lines.map(\.quantity) == [1_000_000, 1_000_000, 3])
        #expect(snapshot.itemCount == 2_000_003)
    }

    /// Two lines of 2^62 summed to 2^63 and trapped (exit 132) before the bound.
    @Test(arguments: ["4611686018427387904", "9223372036854774784", "1000001", "0", "-1", "1.5", "1e300"])
    func aQuantityOutsideOneToAMillionMakesTheAnswerUndecodable(quantity: String) {
        let reason = Self.reason(Self.body(quantities: [quantity, quantity]))
        #expect(reason?.contains("quantity from 1 to 1000000") == true, "\(reason ?? "decoded")")
    }

    @Test(arguments: ["-1", "9007199254740992", "9223372036854774784", "1.5", "\"7\""])
    func aRevisionOutsideWhatJSONHoldsExactlyIsUndecodable(revision: String) {
        #expect(Self.reason(Self.body(revision: revision, quantities: ["1"]))?.contains("revision") == true)
    }

    @Test func moreThanAThousandLinesIsUndecodable() {
        #expect(Self.reason(Self.body(quantities: Array(repeating: "1", count: 1_001)))?.contains("more than 1000 lines") == true)
        #expect(Self.reason(Self.body(quantities: Array(repeating: "1", count: 1_000))) == nil)
    }

    @Test(arguments: ["-1", "1000000000001", "9223372036854774784", "2.5", "\"3\""])
    func anItemCountOutOfRangeIsUndecodable(itemCount: String) {
        #expect(Self.reason(Self.body(quantities: ["1"], itemCount: itemCount))?.contains("item_count") == true)
    }

    @Test func aNullItemCountIsTheSumOfTheLines() throws {
        #expect(try CartSnapshot(data: Self.body(quantities: ["2", "5"], itemCount: "null")).itemCount == 7)
    }

    @Test func anAddOverALineAtTheBoundStaysAtTheBound() throws {
        var lines = try CartSnapshot(data: Self.body(quantities: ["1000000"])).lines
        CartChange.add(productID: "p-0", quantity: 99).apply(to: &lines)
        #expect(lines.map(\.quantity) == [1_000_000])
        CartChange.add(productID: "p-0", quantity: Int.max).apply(to: &lines)
        #expect(lines.map(\.quantity) == [1_000_000], "an add beyond what an operation can hold changes nothing")
    }

    @MainActor
    @Test func theBadgeOfAThousandFullLinesWithPendingAddsDoesNotOverflow() async throws {
        let transport = ScriptedCartTransport()
        let store = CartStore(client: CartClient(transport: transport, policy: CartRetryPolicy(), clock: ContinuousClock()))
        store.refresh()
        _ = await transport.nextCall()
        transport.answer(.success(try CartSnapshot(data: Self.body(quantities: Array(repeating: "1000000", count: 1_000)))))
        await store.waitUntilIdle()
        store.add(productID: "p-new", quantity: 99)
        #expect(store.badgeCount == 1_000_000_099)
        store.stop()
    }
}
