import FlowCore
import Foundation
import RetailKit
import Testing

@Suite struct RetailWidgetTests {
    func content<Content: WidgetContent>(_ type: Content.Type, _ data: String) throws -> Content {
        try Content(from: JSONNode(value: JSONParser.parse(data), path: CodingPath(root: "data")))
    }

    @Test func theAppRegistersStarterAndRetailWidgets() {
        let catalog = VitrineApp.makeWidgetCatalog()
        for type in ["hero_campaign", "campaign_card", "category_tile", "product_card", "editorial_card", "promo_banner", "search_bar", "title_block", "accordion"] {
            #expect(catalog.contains(type))
        }
    }

    @Test func productCardDecodesEveryField() throws {
        let card = try content(ProductCardContent.self, """
            {"product_id": "p-1", "title": "Trail runner", "subtitle": "Waterproof", "image": "https://x/p.jpg",
             "price": {"amount": 89.0, "currency": "USD"}, "compare_at_price": {"amount": 119, "currency": "USD"},
             "availability": "low_stock", "badges": [{"text": "-25 %"}, {"nope": 1}], "rating": 7}
            """)
        #expect(card.productID == "p-1")
        #expect(card.price == Price(amount: 89, currency: "USD"))
        #expect(card.compareAtPrice?.amount == 119)
        #expect(card.availability == .lowStock)
        #expect(card.badges.count == 1)
        #expect(card.rating == 5)
    }

    @Test(arguments: [
        #"{"title": "x", "price": {"amount": 1, "currency": "EUR"}, "availability": "available"}"#,
        #"{"product_id": "p", "price": {"amount": 1, "currency": "EUR"}, "availability": "available"}"#,
        #"{"product_id": "p", "title": "x", "availability": "available"}"#,
        #"{"product_id": "p", "title": "x", "price": {"amount": 1, "currency": "EUR"}}"#,
        #"{"product_id": "p", "title": "x", "price": {"amount": 1, "currency": "EUR"}, "availability": "preorder"}"#,
        #"{"product_id": "p", "title": "x", "price": {"amount": -1, "currency": "EUR"}, "availability": "available"}"#,
        #"{"product_id": "p", "title": "x", "price": {"amount": 1, "currency": "euro"}, "availability": "available"}"#,
        // A currency is three ASCII capitals, counted in bytes: "É" + "UR" is not one.
        #"{"product_id": "p", "title": "x", "price": {"amount": 1, "currency": "\u00c9UR"}, "availability": "available"}"#,
        #"{"product_id": "p", "title": "x", "price": {"amount": 1, "currency": "E\u0301UR"}, "availability": "available"}"#,
        #"{"product_id": "p", "title": "x", "price": {"amount": 1, "currency": "eur"}, "availability": "available"}"#,
    ])
    func productCardRefusesMissingOrUnusableRequiredFields(data: String) {
        #expect(throws: DecodingFailure.self) { try content(ProductCardContent.self, data) }
    }

    @Test func requiredFieldsOfTheOtherRetailWidgets() throws {
        #expect(throws: DecodingFailure.self) { try content(HeroCampaignContent.self, #"{"campaign_id": "c", "title": "t"}"#) }
        #expect(throws: DecodingFailure.self) { try content(CampaignCardContent.self, #"{"title": "t"}"#) }
        #expect(throws: DecodingFailure.self) { try content(CategoryTileContent.self, #"{"category_id": "c"}"#) }
        #expect(throws: DecodingFailure.self) { try content(EditorialCardContent.self, #"{"kicker": "k"}"#) }
        #expect(throws: DecodingFailure.self) { try content(PromoBannerContent.self, #"{"code": "X"}"#) }
        let hero = try content(HeroCampaignContent.self, #"{"campaign_id": "c", "image": "u", "title": "t", "ends_at": "2026-12-24T23:00:00Z", "cta": {"title": "Shop"}}"#)
        #expect(hero.endsAt == RFC3339.date(from: "2026-12-24T23:00:00Z"))
        #expect(hero.cta?.title?.text == "Shop")
        #expect(try content(SearchBarContent.self, "{}").placeholder == nil)
        #expect(try content(CategoryTileContent.self, #"{"category_id": "c", "title": "Shoes", "icon": "shoe"}"#).icon?.symbol == "shoe")
    }

    @Test func retailActionsDecodeTheirPayloads() throws {
        let add = ActionData(type: "add_to_cart", ["product_id": "p-1"])
        #expect(try add.decode(AddToCartAction.self).quantity == 1)
        #expect(throws: DecodingFailure.self) { try ActionData(type: "add_to_cart", ["product_id": "p", "quantity": 0]).decode(AddToCartAction.self) }
        #expect(try ActionData(type: "open_page", ["page_id": "campaign:x"]).decode(OpenPageAction.self).pageID == "campaign:x")
        #expect(try ActionData(type: "deeplink", ["url": "vitrine://p/1"]).decode(DeeplinkAction.self).url == "vitrine://p/1")
        #expect(try ActionData(type: "open_search").decode(OpenSearchAction.self).query == nil)
    }

    @Test func theContractExampleDecodesWithoutDecodeDiagnostics() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/home.json")
        let decoded = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog()).decodePage(Data(contentsOf: url))
        #expect(decoded.diagnostics.isEmpty)
        #expect(decoded.page.sections.count == 6)
        #expect(decoded.page.experiments == [Experiment(id: "exp-hero-order", variant: "b")])
        let now = try #require(RFC3339.date(from: "2026-11-29T12:00:00Z"))
        let resolved = decoded.page.resolve(in: EvaluationContext(client: VitrineApp.clientContext, now: now))
        let allShown = resolved.sections.allSatisfy { $0.isShown }
        #expect(allShown)
        let live = resolved.sections[1].widgets[1]
        #expect(live.status == .fallback)
        #expect(live.shown?.id == "cmp-live-still")
    }
}
