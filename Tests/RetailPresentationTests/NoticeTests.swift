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

/// `a` on what cannot be added: a sold-out product says so by its name, anything else that it
/// cannot be added.
@Suite struct CantAddNoticeTests {
    static func widget(_ json: String) throws -> WidgetModel {
        let page = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog()).decodePage(Data(#"{"page": {"sections": [{"widgets": [\#(json)]}]}}"#.utf8)).page
        return try #require(page.sections.first?.widgets.first)
    }

    @Test func aSoldOutCardSaysSoByItsName() throws {
        let card = try Self.widget(#"{"type": "product_card", "id": "c", "data": {"product_id": "p-1", "title": "Wool \u001B[2Jcoat", "price": {"amount": 9, "currency": "EUR"}, "availability": "unavailable"}}"#)
        #expect(Notice.cantAdd(card, words: Words(.deDE)).text == "Wool [2Jcoat ist ausverkauft und lässt sich nicht in den Warenkorb legen.")
        let available = try Self.widget(#"{"type": "product_card", "id": "c", "data": {"product_id": "p-1", "title": "Wool coat", "price": {"amount": 9, "currency": "EUR"}, "availability": "available"}}"#)
        #expect(Notice.cantAdd(available, words: Words(.enUS)).text == Words(.enUS)[.cantAdd])
        let soldSince = ShopperMarks(soldOut: [ExactString("p-1")])
        #expect(Notice.cantAdd(available, marks: soldSince, words: Words(.enUS)).text == "Wool coat is sold out: it can't be added.",
                "sold out since the page came, as the cart found")
    }

    @Test func aBannerOrNothingCannotBeAdded() throws {
        let hero = try Self.widget(#"{"type": "title_block", "id": "t", "data": {"title": "Winter"}}"#)
        #expect(Notice.cantAdd(hero, words: Words(.frFR)).text == Words(.frFR)[.cantAdd])
        #expect(Notice.cantAdd(nil, words: Words(.frFR)).text == Words(.frFR)[.cantAdd])
    }
}
