import FlowCore
import FlowRuntime
import Foundation
import RetailKit
@testable import RetailPresentation
import Testing

/// What the screens' intents ask of the services (`ShopperScreenServices.perform`), and the help
/// both apps offer (`ScreenHelp`).
@MainActor
@Suite struct ShopperSessionTests {
    /// The intents' side of the services, recorded.
    @MainActor
    final class Recorder: ShopperScreenServices {
        var destinations: [Destination]
        var asked: [String] = []
        init(_ destinations: [Destination]) { self.destinations = destinations }

        func open(_ destination: Destination) -> Bool { asked.append("open \(destination)"); return true }
        func back() -> Bool { asked.append("back"); return true }
        var cartSummary: CartSummary { CartSummary() }
        func setQuantity(productID: String, quantity: Int) { asked.append("set \(productID) \(quantity)") }
        func removeFromCart(productID: String) { asked.append("remove \(productID)") }
        func refreshCart() { asked.append("refresh") }
        func restore(_ removal: CartRemoval) { asked.append("restore \(removal.productID)") }
        var searchSummary: SearchSummary { SearchSummary() }
        func updateSearch(query: String) { asked.append("search \(query)") }
    }

    /// The product whose page is right below the cart is shown by leaving the cart, not by a
    /// second copy of its page.
    @Test func aProductOpenedFromTheCartOverItsOwnPageLeavesTheCart() {
        let below = Recorder([.page("home"), .page("product:p1"), .cart])
        below.perform(CartIntent.openProduct("product:p1"))
        #expect(below.asked == ["back"])
        let other = Recorder([.page("home"), .page("product:p1"), .cart])
        other.perform(CartIntent.openProduct("product:p2"))
        #expect(other.asked == ["open page(product:p2)"])
    }

    @Test func eachIntentReachesItsService() {
        let services = Recorder([.page("home")])
        services.perform(CartIntent.setQuantity(productID: "a", quantity: 2))
        services.perform(CartIntent.remove(productID: "a"))
        services.perform(CartIntent.restore(CartRemoval(productID: "a", title: nil, quantity: 1, unitPrice: nil)))
        services.perform(CartIntent.refresh)
        services.perform(SearchIntent.suggest("co"))
        services.perform(SearchIntent.open(.cart))
        #expect(services.asked == ["set a 2", "remove a", "restore a", "refresh", "search co", "open cart"])
    }

    /// Every thing a page offers has a key in the terminal and a gesture on iOS, but the debug
    /// log, the terminal's alone; each in every language.
    @Test func theHelpGivesEveryEntryAKeyAndAGesture() {
        for locale in AppLocale.allCases {
            let entries = ScreenHelp.page(words: Words(locale), isDebug: true)
            #expect(entries.filter { $0.gesture == nil }.map(\.keys) == ["d"])
            #expect(entries.allSatisfy { !$0.meaning.isEmpty && !$0.keys.isEmpty })
        }
        #expect(ScreenHelp.cartKeys(words: Words(.enUS), hasLines: true, canUndo: true).first == "u undo")
        #expect(ScreenHelp.cartKeys(words: Words(.enUS), hasLines: false, canUndo: false) == ["Esc close"])
    }

    /// The cart's help (`?` over the sheet) is its hint line, key for key and word for word,
    /// then the way out of the app; each entry a key and a meaning, and a gesture but where
    /// the iOS sheet has no such thing (a chosen line, opening the product); in every language.
    @Test(arguments: [(hasLines: true, canUndo: true), (true, false), (false, true), (false, false)])
    func theCartsHelpIsItsHintLineThenTheWayOut(hasLines: Bool, canUndo: Bool) {
        for locale in AppLocale.allCases {
            let words = Words(locale)
            let entries = ScreenHelp.cart(words: words, hasLines: hasLines, canUndo: canUndo)
            let hint = ScreenHelp.cartKeys(words: words, hasLines: hasLines, canUndo: canUndo)
            #expect(entries.dropLast().map(\.hint) == hint, "\(locale)")
            #expect(entries.last?.keys == "q" && entries.last?.meaning == words[.helpQuit])
            #expect(hint.last == words[.keyEsc] + " " + words[.cartClose], "the way out last")
            #expect((hint.first == ScreenHelp.cartUndoKey(words: words)) == canUndo, "undo first while there is one")
            let keys = entries.map(\.keys)
            #expect(keys.contains("x") == hasLines && keys.contains("+ −") == hasLines && keys.contains("↑↓") == hasLines)
            #expect(keys.contains(words[.keyEnter]) == hasLines)
            #expect(entries.allSatisfy { !$0.meaning.isEmpty && !$0.keys.isEmpty })
            #expect(Set(entries.filter { $0.gesture == nil }.map(\.keys)) == (hasLines ? ["↑↓", words[.keyEnter]] : []))
        }
        // The hint line says what it said before it was built from the help's entries.
        #expect(ScreenHelp.cartKeys(words: Words(.deDE), hasLines: true, canUndo: true).joined(separator: " · ")
            == "u rückgängig · ↑↓ wählen · + − Menge · x entfernen · Eingabe öffnen · Esc schließen")
        #expect(ScreenHelp.cartKeys(words: Words(.frFR), hasLines: true, canUndo: false).joined(separator: " · ")
            == "↑↓ choisir · + − quantité · x retirer · Entrée ouvrir · Échap fermer")
    }
}
