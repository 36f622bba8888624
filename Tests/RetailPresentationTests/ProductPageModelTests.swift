import FlowCore
import Foundation
import RetailKit
@testable import RetailPresentation
import Testing

/// A product page's rules (`ProductPage`), once for both apps: the quantity within the page's
/// limit and the cart line's room, sold out since the page came, what the cart holds, variants
/// that say why they cannot be chosen.
@Suite struct ProductPageModelTests {
    let words = Words(.enUS)

    static let add = #"{"title": "Add to cart", "action": {"type": "add_to_cart", "product_id": "p-1", "quantity": 1}}"#

    static func content(max: Int = 10, availability: String = "available", variants: String = "[]", cta: String = add) throws -> ProductDetailContent {
        let json = #"""
            {"page": {"sections": [{"widgets": [{"type": "product_detail", "id": "d", "data": {
              "product_id": "p-1", "title": "Wool coat", "price": {"amount": 91.99, "currency": "USD"}, "availability": "\#(availability)",
              "max_quantity": \#(max), "variants": \#(variants), "cta": \#(cta)}}]}]}}
            """#
        let page = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog()).decodePage(Data(json.utf8)).page
        return try #require(page.sections.first?.widgets.first?.content(as: ProductDetailContent.self))
    }

    /// One limit a product: where the cart's line stops the page, the page says it as the cart
    /// sheet does at the same line.
    @Test func whereTheCartsLineStopsThePageItSaysSoAsTheCartSheetDoes() throws {
        let marks = ShopperMarks(inCart: [ExactString("p-1"): 97])
        let page = ProductPage(content: try Self.content(max: 99), marks: marks, picked: 2)
        #expect(page.limit == 2 && page.quantity(steppedBy: 1) == nil)
        let note = try #require(page.presentation(words: words).limitNote)
        #expect(note == "At most 99 of one product fit in the cart")
        let line = CartSummary.Line(productID: "p-1", title: "Wool coat", quantity: 99, unitPrice: Price(amount: 91.99, currency: "USD"))
        let sheet = CartSheet(cart: CartSummary(lines: [line], badgeCount: 99, isKnown: true)).presentation(words: words)
        #expect(sheet.lines.first?.limitNote == note)
    }

    @Test func theQuantityStepsWithinThePagesLimit() throws {
        let page = ProductPage(content: try Self.content(max: 3), picked: 3)
        #expect(page.quantity == 3 && page.quantity(steppedBy: 1) == nil && page.quantity(steppedBy: -1) == 2)
        let shown = page.presentation(words: words)
        #expect(shown.limitNote == "At most 3")
        #expect(ProductPage(content: try Self.content(max: 3), picked: 50).quantity == 3, "a picked quantity past the limit comes down")
        #expect(ProductPage(content: try Self.content(), picked: -4).quantity == 1)
    }

    @Test func theQuantityLeavesRoomForWhatTheCartHolds() throws {
        let marks = ShopperMarks(inCart: [ExactString("p-1"): 95])
        let page = ProductPage(content: try Self.content(), marks: marks, picked: 9)
        #expect(page.limit == 4 && page.quantity == 4)
        #expect(page.presentation(words: words).confirmation?.text == "✓ 95 in cart")
        let full = ProductPage(content: try Self.content(), marks: ShopperMarks(inCart: [ExactString("p-1"): 99]))
        #expect(!full.canAdd && full.quantity(steppedBy: 1) == nil, "a full line takes no more")
    }

    @Test func soldOutSinceThePageCameBuysNothing() throws {
        let page = ProductPage(content: try Self.content(), marks: ShopperMarks(soldOut: [ExactString("p-1")]))
        let shown = page.presentation(words: words)
        #expect(page.isSoldOut && !shown.callIsEnabled)
        #expect(shown.callTitle == words[.soldOut] && shown.stock == nil, "the call says it: the word is not said twice")
        #expect(shown.quantity == nil && shown.increased == nil && shown.decreased == nil, "no quantity to pick")
        #expect(ProductPage(content: try Self.content(availability: "unavailable")).presentation(words: words).callIsEnabled == false)
    }

    /// What the page shows is what its call adds: the call's own quantity until the shopper
    /// picks one, within the room the cart's line has left (the add handler takes it from
    /// `ProductDetailContent.offeredQuantity` too).
    @Test func theQuantityShownIsTheOneTheCallAdds() throws {
        let twice = try Self.content(cta: #"{"title": "Add two", "action": {"type": "add_to_cart", "product_id": "p-1", "quantity": 2}}"#)
        #expect(ProductPage(content: twice).quantity == 2, "nothing picked: the call's own")
        #expect(ProductPage(content: twice, picked: 5).quantity == 5)
        #expect(twice.offeredQuantity(picked: 8, inCart: 96) == 3 && ProductPage(content: twice, marks: ShopperMarks(inCart: [ExactString("p-1"): 96]), picked: 8).quantity == 3)
        #expect(twice.pickLimit(inCart: 1_000_000) == 0 && twice.offeredQuantity(picked: nil, inCart: 1_000_000) == 1, "a server's huge line leaves no room, never a negative one")
    }

    /// A call the payload disabled ("Coming soon") stays disabled in both apps; a call that is
    /// not an add ("Notify me") works while the product is sold out, under its own title.
    @Test func aCallThePayloadDisabledStaysDisabledAndAnotherCallKeepsItsTitle() throws {
        let soon = try Self.content(cta: #"{"title": "Coming soon", "disabled": true, "action": {"type": "add_to_cart", "product_id": "p-1"}}"#)
        #expect(ProductPage(content: soon).presentation(words: words).callIsEnabled == false)
        let notify = try Self.content(availability: "unavailable", cta: #"{"title": "Notify me", "action": {"type": "open_page", "page_id": "page:notify"}}"#)
        let shown = ProductPage(content: notify).presentation(words: words)
        #expect(shown.callIsEnabled && shown.callTitle == "Notify me")
        #expect(shown.stock == StockLine(availability: .unavailable, text: words[.soldOut]), "said, since the call does not say it")
    }

    /// The stock line as both apps show it and colour it: a page says "In stock"; a card says
    /// nothing of a product simply available, and "Sold out" once the server said so.
    @Test func theStockLineIsSaidOnceForEveryRenderer() throws {
        #expect(ProductPage(content: try Self.content()).presentation(words: words).stock == StockLine(availability: .available, text: words[.inStock]))
        #expect(ProductPage(content: try Self.content(availability: "low_stock")).presentation(words: words).stock?.availability == .lowStock)
        let marks = ShopperMarks(soldOut: [ExactString("p-1")])
        #expect(marks.cardStock(of: "p-1", page: .lowStock, words: Words(.frFR)) == StockLine(availability: .unavailable, text: Words(.frFR)[.soldOut]))
        #expect(ShopperMarks().cardStock(of: "p-1", page: .available, words: words) == nil)
    }

    @Test func anAddWaitingForTheServerSaysSo() throws {
        let page = ProductPage(content: try Self.content(), marks: ShopperMarks(pending: [ExactString("p-1")]))
        #expect(page.presentation(words: words).confirmation == ProductBadge(kind: .adding, text: "◌ adding…", short: "◌"))
    }

    @Test func aVariantThatCannotBeBoughtSaysWhy() throws {
        let variants = #"[{"name": "Style", "options": [{"label": "Alto", "selected": true}, {"label": "Brio", "available": false, "action": {"type": "open_page", "page_id": "product:p-2"}}]}]"#
        let shown = ProductPage(content: try Self.content(variants: variants)).presentation(words: Words(.deDE))
        #expect(shown.variants.first?.options.map(\.reason) == [nil, "Ausverkauft"])
        #expect(shown.variants.first?.options.first?.isSelected == true)
        #expect(shown.variants.first?.unavailable == "Brio: Ausverkauft")
    }
}
