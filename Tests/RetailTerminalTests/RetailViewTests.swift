import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import Testing
@testable import RetailTerminal

@MainActor
@Suite struct RetailViewTests {
    static let instant = Date(timeIntervalSince1970: 1_798_000_000)
    static let widgets: [String: String] = [
        "hero": #"{"type": "hero_campaign", "id": "w", "data": {"campaign_id": "c", "image": {"url": "https://x/h.jpg", "aspect_ratio": 2}, "title": "Winter", "subtitle": "Sale", "cta": {"title": "Shop"}, "ends_at": "2026-12-24T23:00:00Z"}}"#,
        "campaign": #"{"type": "campaign_card", "id": "w", "data": {"campaign_id": "c", "image": "https://x/c.jpg", "title": "Boots", "subtitle": "New"}}"#,
        "category": #"{"type": "category_tile", "id": "w", "data": {"category_id": "c", "title": "Shoes", "icon": "shoe"}}"#,
        "product": #"{"type": "product_card", "id": "w", "data": {"product_id": "p", "title": "Scarf", "price": {"amount": 35, "currency": "USD"}, "compare_at_price": {"amount": 50, "currency": "USD"}, "availability": "low_stock", "rating": 4.2, "badges": [{"text": "-30 %"}]}}"#,
        "editorial": #"{"type": "editorial_card", "id": "w", "data": {"kicker": "Style", "title": "Layers", "body": {"text": "Three **pieces**", "is_markdown": true}, "cta": {"title": "Read", "style": "outline"}}}"#,
        "promo": #"{"type": "promo_banner", "id": "w", "data": {"title": "Free shipping", "subtitle": "over $50", "code": "SHIPFREE"}}"#,
        "search": #"{"type": "search_bar", "id": "w", "data": {"placeholder": "Search"}}"#,
    ]

    static func environment(plain: Bool = true) -> RenderEnvironment {
        RenderEnvironment(isPlain: plain, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: instant), registry: RetailViews.makeRegistry())
    }

    static func box(_ json: String, environment: RenderEnvironment) throws -> WidgetBox {
        let page = try PageDecoder(catalog: environment.registry.catalog).decodePage(Data(#"{"page": {"sections": [{"widgets": [\#(json)]}]}}"#.utf8)).page
        let widget = try #require(page.sections.first?.widgets.first)
        return try #require(WidgetBox.make(widget.resolve(in: environment.evaluation), environment: environment))
    }

    static func draw(_ key: String, width: Int, plain: Bool = true) throws -> [String] {
        let environment = environment(plain: plain)
        let box = try box(try #require(widgets[key]), environment: environment)
        let height = box.height(outerWidth: width, environment: environment)
        let surface = DrawSurface(width: width, height: height)
        box.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        return surface.buffer.plainLines
    }

    @Test(arguments: ["hero", "campaign", "category", "product", "editorial", "promo", "search"])
    func aRetailViewInAZeroSizeAreaDrawsNothing(key: String) throws {
        let environment = Self.environment(plain: false)
        let box = try Self.box(try #require(Self.widgets[key]), environment: environment)
        #expect(box.view.height(width: 0, environment: environment) == 0)
        let surface = DrawSurface(width: 4, height: 2)
        box.draw(in: Canvas(surface: surface, rect: CellRect(x: 1, y: 1, width: 0, height: 0)), environment: environment)
        box.view.draw(in: Canvas(surface: DrawSurface(width: 0, height: 0), rect: .zero), environment: environment)
        #expect(surface.buffer == CellBuffer(width: 4, height: 2))
    }

    @Test func productCardShowsPriceAvailabilityRatingAndBadges() throws {
        #expect(try Self.draw("product", width: 24) == ["Scarf", "$35.00 (was $50.00)", "Low stock", "★★★★☆ 4.2", "(-30 %)"])
    }

    @Test func heroShowsTheCountdownAndTheCallToAction() throws {
        let lines = try Self.draw("hero", width: 30)
        #expect(lines.suffix(5) == ["Winter", "Sale", "Ends in 1 day", "", "[ Shop ]"])
        #expect(lines.count == 8 + 5, "a 2:1 image 30 columns wide is 8 rows")
    }

    @Test func editorialCardRendersItsMarkdownBody() throws {
        #expect(try Self.draw("editorial", width: 30) == ["Style", "Layers", "Three pieces", "", "[ Read ]"])
    }

    @Test func promoBannerShowsTheCode() throws {
        #expect(try Self.draw("promo", width: 30) == ["Free shipping", "over $50", "Code  SHIPFREE"])
    }

    @Test func searchBarAndCategoryTile() throws {
        #expect(try Self.draw("search", width: 20) == ["[ ⌕ Search         ]"])
        #expect(try Self.draw("category", width: 12) == ["┌──────────┐", "│   shoe   │", "└──────────┘", "   Shoes"])
    }
}
