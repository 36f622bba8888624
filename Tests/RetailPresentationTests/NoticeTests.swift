import FlowCore
import Foundation
import RetailKit
@testable import RetailPresentation
import Testing

/// What the shopper is told for a moment, in both apps (`Notice`): the product by its title,
/// never an id, a status code or the server's words; a problem stays longer than news.
@Suite struct NoticeTests {
    static func cart(_ reason: CartStore.Notice.Reason, _ change: CartChange? = nil, title: String? = "T") -> ShopperNotice {
        .cart(CartStore.Notice(productID: "p-1", title: title, change: change, reason: reason, message: "503 storage_unavailable: fault"))
    }

    @Test func aCartRefusalNamesTheProductByItsTitleInTheShoppersWords() {
        #expect(Notice.of(Self.cart(.soldOut), words: Words(.deDE)).text == "T ist gerade ausverkauft")
        #expect(Notice.of(Self.cart(.soldOut, title: nil), words: Words(.enUS)).text.hasPrefix("Product "), "no id: the word for a product")
        #expect(Notice.of(Self.cart(.quantityLimit), words: Words(.frFR)).text.contains("99"))
    }

    @Test func anUnconfirmedChangeSaysWhatToDoNeverTheServersWords() {
        let said = Notice.of(Self.cart(.unconfirmed, .setQuantity(productID: "p-1", quantity: 2)), words: Words(.enUS))
        #expect(said.text == "Couldn't update your cart: check your connection")
        #expect(!said.text.contains("503") && !said.text.contains("fault"))
        #expect(said.kind == .problem)
    }

    @Test func aProblemStaysLongerThanNews() {
        let problem = Notice.of(.refreshFailed, words: Words(.enUS))
        let news = Notice.of(.cartExpired, words: Words(.enUS))
        #expect(problem.kind == .problem && news.kind == .info)
        #expect(problem.seconds > news.seconds)
    }

    /// A title from the server reaches a toast made safe: no escape sequence, no bidi override.
    @Test func aHostileTitleIsMadeSafe() {
        let said = Notice.of(Self.cart(.soldOut, title: "\u{1B}[2J\u{202E}Coat"), words: Words(.enUS)).text
        #expect(!said.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" }, "\(said)")
    }
}
