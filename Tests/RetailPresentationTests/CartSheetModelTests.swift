import FlowCore
import Foundation
import RetailKit
@testable import RetailPresentation
import Testing

/// The cart sheet's rules beyond the five of the table (`CartSheet`): choosing, stepping within
/// bounds, what a product no longer sold allows, the limit said, the prices and savings shown.
@Suite struct CartSheetModelTests {
    let words = Words(.enUS)
    static func usd(_ amount: Double) -> Price { Price(amount: amount, currency: "USD") }

    static func line(_ id: String, _ quantity: Int, price: Double? = 10, before: Double? = nil, available: Bool = true,
                     pending: CartStore.ShownLine.Pending? = nil) -> CartSummary.Line {
        CartSummary.Line(productID: id, title: id.uppercased(), quantity: quantity, unitPrice: price.map(usd), compareAtPrice: before.map(usd),
                         pending: pending, isAvailable: available)
    }

    @Test func theChoiceMovesWithinTheLinesAndStaysOnOneWhenTheCartShrinks() {
        var sheet = CartSheet(cart: CartSummary(lines: [Self.line("a", 1), Self.line("b", 1), Self.line("c", 1)], isKnown: true))
        sheet.select(.down)
        sheet.select(.down)
        sheet.select(.down)
        #expect(sheet.selection == 2)
        sheet.select(.up)
        #expect(sheet.selection == 1)
        sheet.select(.bottom)
        sheet.update(CartSummary(lines: [Self.line("a", 1)], isKnown: true))
        #expect(sheet.selection == 0)
        sheet.select(.to(-5))
        #expect(sheet.selection == 0)
    }

    /// Closing the sheet keeps the removal: opened again, it still offers the line back.
    @Test func aRemovalIsStillOfferedBackWhenTheSheetOpensAgain() {
        var sheet = CartSheet(cart: CartSummary(lines: [Self.line("a", 1), Self.line("b", 2)], isKnown: true))
        sheet.select(.to(1))
        #expect(sheet.removeSelected() == .remove(productID: "b"))
        sheet.update(CartSummary(lines: [Self.line("a", 1)], isKnown: true))
        #expect(sheet.shownRemoval?.productID == "b")
        #expect(sheet.opened() == nil)
        #expect(sheet.shownRemoval?.productID == "b", "closing and opening the sheet loses no undo")
        guard case .restore(let removal)? = sheet.undo() else {
            Issue.record("undo offers nothing")
            return
        }
        #expect(removal.productID == "b")
    }

    @Test func aQuantityStepsWithinOneAndNinetyNine() {
        var sheet = CartSheet(cart: CartSummary(lines: [Self.line("a", 1), Self.line("b", 99)], isKnown: true))
        #expect(sheet.step(-1) == nil, "never below one: removing is its own control")
        #expect(sheet.step(1) == .setQuantity(productID: "a", quantity: 2))
        sheet.select(.down)
        #expect(sheet.step(1) == nil)
        let full = sheet.presentation(words: words).lines[1]
        #expect(full.increased == nil && full.decreased == 98)
        #expect(full.limitNote == "At most 99 of one product fit in the cart", "why + does nothing")
        #expect(sheet.presentation(words: words).lines[0].limitNote == nil)
    }

    @Test func aLineBeingRemovedTakesNoChange() {
        var sheet = CartSheet(cart: CartSummary(lines: [Self.line("a", 2, pending: .removing)], isKnown: true))
        #expect(sheet.step(1) == nil && sheet.step(-1) == nil && sheet.removeSelected() == nil)
        let shown = sheet.presentation(words: words).lines[0]
        #expect(shown.isBeingRemoved && shown.status == "removing…")
    }

    /// A product the shop no longer sells stays, says so in place of its price, counts in no
    /// total, and can be lowered and removed but never raised.
    @Test func aProductNoLongerSoldCanBeLoweredAndRemovedNeverRaised() {
        var sheet = CartSheet(cart: CartSummary(lines: [Self.line("gone", 3, price: nil, available: false)], isKnown: true))
        let shown = sheet.presentation(words: words).lines[0]
        #expect(!shown.isAvailable && shown.unitPrice == nil && shown.total == nil)
        #expect(shown.increased == nil && shown.decreased == 2)
        #expect(shown.reading.label.contains(words[.noLongerSold]))
        #expect(sheet.step(1) == nil)
        #expect(sheet.step(-1) == .setQuantity(productID: "gone", quantity: 2))
        #expect(sheet.removeSelected() == .remove(productID: "gone"))
    }

    @Test func aLineOnSaleSaysWhatItSaves() {
        let sheet = CartSheet(cart: CartSummary(lines: [Self.line("a", 3, price: 8, before: 10), Self.line("b", 1, price: 5, before: 4)], isKnown: true))
        let lines = sheet.presentation(words: words).lines
        #expect(lines[0].savings == Self.usd(6) && lines[0].compareAtPrice == Self.usd(10))
        #expect(lines[1].savings == nil && lines[1].compareAtPrice == nil, "a 'price before' below the price is no sale")
    }

    /// A line's second row, in the order both apps say it: a change waiting to be retried
    /// first, the unit price (or no longer sold), the savings, what is pending.
    @Test func aLinesDetailsComeInOneOrder() {
        var cart = CartSummary(lines: [Self.line("a", 2, price: 8, before: 10, pending: .updating), Self.line("b", 1, available: false)], isKnown: true)
        let waiting = CartSheet(cart: cart).presentation(words: words).lines
        #expect(waiting[0].details == [.unitPrice(Self.usd(8)), .savings(Self.usd(4)), .status(words[.updatingLine])])
        #expect(waiting[1].details == [.noLongerSold])
        cart.isRetrying = true
        let retrying = CartSheet(cart: cart).presentation(words: words).lines[0]
        #expect(retrying.details.first == .status(words[.retryingLine]))
        let said = retrying.details.compactMap { $0.text(words: Words(.deDE)) { "\($0.amount)" } }
        #expect(said == [words[.retryingLine], "je 8.0", "du sparst 4.0"], "a status is said as the presentation has it")
        #expect(CartSheetPresentation.Detail.unitPrice(Self.usd(8)).text(words: words) { _ in nil } == nil, "a price with no room leaves its part out")
    }

    @Test func theTitleSaysHowManyItemsAndAPendingChangeWaitingSaysSoFirst() {
        var cart = CartSummary(lines: [Self.line("a", 2, pending: .updating)], badgeCount: 2, isKnown: true)
        cart.isRetrying = true
        let shown = CartSheet(cart: cart).presentation(words: words)
        #expect(shown.title == "Your cart · 2 items")
        #expect(shown.lines[0].status == words[.retryingLine] && shown.lines[0].statusFirst)
    }

    /// The badge both apps show: the count as the language writes it, "99+" past 99, nothing
    /// for an empty cart, a mark while a change waits, the count said in words.
    @Test func theBadgeCountsToNinetyNineThenSaysMore() {
        #expect(CartSummary().badge(words: words).count == nil)
        let three = CartSummary(badgeCount: 3, pendingProducts: [ExactString("a")]).badge(words: words)
        #expect(three == CartBadge(label: "Cart", count: "3", isPending: true, spoken: words.plural(.itemsInCartOne, .itemsInCartOther, count: 3)))
        #expect(CartSummary(badgeCount: 150).badge(words: Words(.deDE)).count == "99+")
        #expect(CartSummary(badgeCount: 150).badge(words: Words(.deDE)).spoken.contains("150"), "VoiceOver says the whole count")
    }

    @Test func openingAProductAsksForItsPage() {
        let sheet = CartSheet(cart: CartSummary(lines: [Self.line("p-7", 1)], isKnown: true))
        #expect(sheet.openSelected() == .openProduct(PageID("product:p-7")))
        #expect(CartSheet().openSelected() == nil)
    }

    @Test func aHostileOrMissingTitleIsMadeSafeOrNamedAsAProduct() {
        var hostile = Self.line("x", 1)
        hostile.title = "\u{1B}[2J\u{202E}Coat"
        var missing = Self.line("y", 1)
        missing.title = nil
        let lines = CartSheet(cart: CartSummary(lines: [hostile, missing], isKnown: true)).presentation(words: words).lines
        #expect(!lines[0].title.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
        #expect(lines[1].title == words[.kindProduct])
    }
}
