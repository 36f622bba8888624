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

    static func content(max: Int = 10, availability: String = "available", variants: String = "[]") throws -> ProductDetailContent {
        let json = #"""
            {"page": {"sections": [{"widgets": [{"type": "product_detail", "id": "d", "data": {
              "product_id": "p-1", "title": "Wool coat", "price": {"amount": 91.99, "currency": "USD"}, "availability": "\#(availability)",
              "max_quantity": \#(max), "variants": \#(variants),
              "cta": {"title": "Add to cart", "action": {"type": "add_to_cart", "product_id": "p-1", "quantity": 1}}}}]}]}}
            """#
        let page = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog()).decodePage(Data(json.utf8)).page
        return try #require(page.sections.first?.widgets.first?.content(as: ProductDetailContent.self))
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
        #expect(shown.callTitle == words[.soldOut] && shown.stock == words[.soldOut])
        #expect(shown.quantity == nil && shown.increased == nil && shown.decreased == nil, "no quantity to pick")
        #expect(ProductPage(content: try Self.content(availability: "unavailable")).presentation(words: words).callIsEnabled == false)
    }

    @Test func anAddWaitingForTheServerSaysSo() throws {
        let page = ProductPage(content: try Self.content(), marks: ShopperMarks(pending: [ExactString("p-1")]))
        #expect(page.presentation(words: words).confirmation == ProductBadge(kind: .adding, text: "◌ adding…"))
    }

    @Test func aVariantThatCannotBeBoughtSaysWhy() throws {
        let variants = #"[{"name": "Style", "options": [{"label": "Alto", "selected": true}, {"label": "Brio", "available": false, "action": {"type": "open_page", "page_id": "product:p-2"}}]}]"#
        let shown = ProductPage(content: try Self.content(variants: variants)).presentation(words: Words(.deDE))
        #expect(shown.variants.first?.options.map(\.reason) == [nil, "Ausverkauft"])
        #expect(shown.variants.first?.options.first?.isSelected == true)
        #expect(shown.variants.first?.unavailable == "Brio: Ausverkauft")
    }
}
