import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import TestSupport
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
        "detail": #"{"type": "product_detail", "id": "w", "data": {"product_id": "p", "title": "Wool coat Cora", "price": {"amount": 83.99, "currency": "EUR"}, "compare_at_price": {"amount": 104.99, "currency": "EUR"}, "availability": "available", "rating": 4.3, "rating_count": 1234, "variants": [{"name": "Style", "options": [{"label": "Alto", "action": {"type": "open_page", "page_id": "product:p-1"}}, {"label": "Cora", "selected": true}]}], "delivery": "Free delivery", "description": "Warm.", "cta": {"title": "Add to cart", "action": {"type": "add_to_cart", "product_id": "p"}}}}"#,
    ]

    @Test func everyTypeTheAppDecodesHasATerminalView() {
        let problems = RegistryCoverage.problems([
            ("the widget catalogue", VitrineApp.makeWidgetCatalog().registeredTypes), ("the terminal registry", RetailViews.makeRegistry().registeredTypes),
        ])
        #expect(problems == [])
    }

    static func environment(plain: Bool = true) -> RenderEnvironment {
        RenderEnvironment(isPlain: plain, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: instant), registry: RetailViews.makeRegistry())
    }

    static func box(_ json: String, environment: RenderEnvironment) throws -> WidgetBox {
        let page = try PageDecoder(catalog: environment.registry.catalog).decodePage(Data(#"{"page": {"sections": [{"widgets": [\#(json)]}]}}"#.utf8)).page
        let widget = try #require(page.sections.first?.widgets.first)
        return try #require(WidgetBox.make(widget.resolve(in: environment.evaluation), environment: environment))
    }

    static func draw(_ key: String, width: Int, plain: Bool = true, locale: AppLocale = .enUS, marks: ShopperMarks? = nil) throws -> [String] {
        var environment = environment(plain: plain).speaking(locale)
        environment.hostContext = marks
        let box = try box(try #require(widgets[key]), environment: environment)
        let height = box.height(outerWidth: width, environment: environment)
        let surface = DrawSurface(width: width, height: height)
        box.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        return surface.buffer.plainLines
    }

    @Test(arguments: ["hero", "campaign", "category", "product", "editorial", "promo", "search", "detail"])
    func aRetailViewInAZeroSizeAreaDrawsNothing(key: String) throws {
        let environment = Self.environment(plain: false)
        let box = try Self.box(try #require(Self.widgets[key]), environment: environment)
        #expect(box.view.height(width: 0, environment: environment) == 0)
        let surface = DrawSurface(width: 4, height: 2)
        box.draw(in: Canvas(surface: surface, rect: CellRect(x: 1, y: 1, width: 0, height: 0)), environment: environment)
        box.view.draw(in: Canvas(surface: DrawSurface(width: 0, height: 0), rect: .zero), environment: environment)
        #expect(surface.buffer == CellBuffer(width: 4, height: 2))
    }

    /// A card cut by the screen's edge (a carousel's peeking card) shows its price whole or
    /// none, never "64,9" of 64,99 €.
    @Test(arguments: [(visible: 4, shows: false), (visible: 12, shows: true), (visible: 20, shows: true)])
    func aCardCutByTheScreensEdgeNeverShowsACutPrice(visible: Int, shows: Bool) throws {
        let environment = Self.environment().speaking(.frFR)
        let box = try Self.box(try #require(Self.widgets["product"]), environment: environment)
        let height = box.height(outerWidth: 20, environment: environment)
        let surface = DrawSurface(width: 30, height: height)
        // The card is 20 wide at x = 10 + 20 - visible: only `visible` columns are on screen.
        let screen = Canvas(surface: surface, rect: CellRect(x: 0, y: 0, width: 10 + visible, height: height))
        box.draw(in: screen.child(CellRect(x: 10, y: 0, width: 20, height: height), clip: screen.clip), environment: environment)
        let lines = surface.buffer.plainLines
        #expect(lines.contains { $0.contains("35,00\u{A0}$US") || $0.contains("35,00") } == shows, "\(lines)")
        #expect(!lines.contains { $0.hasSuffix("35,") || $0.hasSuffix("35") || $0.hasSuffix("35,0") }, "never part of the price\n\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("$US") && !$0.contains("35,00") }, "nor a shortened one\n\(lines.joined(separator: "\n"))")
        let leftCut = DrawSurface(width: 30, height: height)
        let leftScreen = Canvas(surface: leftCut, rect: CellRect(x: 0, y: 0, width: 30, height: height), clip: CellRect(x: 12, y: 0, width: 18, height: height))
        box.draw(in: leftScreen.child(CellRect(x: 10, y: 0, width: 20, height: height), clip: leftScreen.clip), environment: environment)
        #expect(!leftCut.buffer.plainLines.contains { $0.contains(",00") }, "a card whose left edge is off screen shows no price: \(leftCut.buffer.plainLines)")
    }

    @Test func productCardShowsPriceAvailabilityRatingAndBadgesInFixedSlots() throws {
        let slots = ["Scarf", "", "$35.00 was $50.00", "Low stock", "★★★★☆ 4.2", "(-30 %)"]
        #expect(try Self.draw("product", width: 24) == Array(repeating: "", count: 6) + slots, "no image: its rows stay, so cards line up")
    }

    @Test func productCardSpeaksTheShoppersLanguageWithThePayloadsCurrency() throws {
        let german = try Self.draw("product", width: 24, locale: .deDE).suffix(6)
        #expect(Array(german) == ["Scarf", "", "35,00\u{A0}$ statt 50,00\u{A0}$", "Nur noch wenige", "★★★★☆ 4,2", "(-30 %)"])
        let french = try Self.draw("product", width: 30, locale: .frFR).suffix(6)
        #expect(french.contains("Stock limité"))
        #expect(french.contains { $0.hasPrefix("35,00") && $0.contains("$US") })
    }

    @Test func aPriceIsNeverCutThePriceBeforeGoesFirst() throws {
        let lines = try Self.draw("product", width: 12)
        #expect(lines.contains("$35.00"), "\(lines)")
        #expect(!lines.contains { $0.contains("50") })
    }

    @Test func aProductRefusedAsSoldOutShowsSoldOutWhateverThePageSaid() throws {
        let lines = try Self.draw("product", width: 24, marks: ShopperMarks(soldOut: [ExactString("p")]))
        #expect(lines.contains("Sold out"))
        #expect(!lines.contains("Low stock"), "one stock word, the newest")
    }

    @Test func productDetailShowsWhatABuyerNeedsAndItsButtonIsItsFirstControl() throws {
        let lines = try Self.draw("detail", width: 40, locale: .deDE)
        for expected in ["Wool coat Cora", "83,99\u{A0}€ statt 104,99\u{A0}€", "★★★★☆ 4,3 (1.234)", "Auf Lager", "Alto  [Cora]", "Menge  − 1 +",
                         "Add to cart", "Free delivery", "Warm."] {
            #expect(lines.contains { $0.contains(expected) }, "\(expected) in \(lines)")
        }
        let environment = Self.environment()
        let box = try Self.box(try #require(Self.widgets["detail"]), environment: environment)
        let surface = DrawSurface(width: 40, height: box.height(outerWidth: 40, environment: environment))
        box.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        let controls = surface.hitMap.regions.filter { if case .control = $0.target { true } else { false } }
        #expect(controls.first?.action?.type == "add_to_cart", "Enter buys, it does not open a variant")
        #expect(controls.contains { $0.action?.type == "open_page" })
        #expect(surface.hitMap.regions.contains { $0.target == .stepper(widgetID: "w", delta: 1) })
    }

    @Test func productDetailSoldOutSinceThePageCameCannotBeBought() throws {
        let lines = try Self.draw("detail", width: 40, marks: ShopperMarks(soldOut: [ExactString("p")]))
        #expect(lines.contains { $0.contains("[") && $0.contains("Sold out") && $0.contains("]") }, "\(lines)")
        #expect(!lines.contains { $0.contains("Add to cart") })
    }

    /// Sold out, there is no quantity to pick (`ProductPagePresentation.quantity` is nil, and
    /// the SwiftUI page shows no stepper either): only the muted button says so. Available, the
    /// signs are the brand's colour.
    @Test(arguments: [false, true])
    func productDetailSoldOutShowsNoQuantity(soldOut: Bool) throws {
        var environment = Self.environment(plain: false)
        environment.hostContext = ShopperMarks(soldOut: soldOut ? [ExactString("p")] : [])
        let box = try Self.box(try #require(Self.widgets["detail"]), environment: environment)
        let surface = DrawSurface(width: 40, height: box.height(outerWidth: 40, environment: environment))
        box.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        let lines = surface.buffer.plainLines
        let y = lines.firstIndex { $0.contains("Quantity") }
        #expect((y == nil) == soldOut, "\(lines)")
        #expect(surface.hitMap.regions.contains { if case .stepper = $0.target { true } else { false } } == !soldOut)
        guard let y else { return }
        let range = try #require(lines[y].range(of: "+"))
        let x = lines[y].distance(from: lines[y].startIndex, to: range.lowerBound)
        #expect(surface.buffer[x, y].style.foreground == environment.brand)
    }

    /// On a terminal without colour a picture without `alt` is a frame labelled in the
    /// shopper's language.
    @Test func aPictureWithoutAltIsLabelledInTheShoppersLanguage() throws {
        #expect(try Self.draw("campaign", width: 30, plain: true, locale: .deDE).contains { $0.contains("Bild") })
        #expect(!(try Self.draw("campaign", width: 30, plain: true, locale: .deDE)).contains { $0.contains("image") })
    }

    @Test func heroShowsTheCountdownAndTheCallToAction() throws {
        let lines = try Self.draw("hero", width: 30)
        #expect(lines.suffix(5) == ["Winter", "Sale", "Ends in 1 day", "", "[ Shop ]"])
        #expect(lines.count == 8 + 5, "a 2:1 image 30 columns wide is 8 rows")
        #expect(try Self.draw("hero", width: 30, locale: .deDE).contains("Endet in 1 Tag"))
        #expect(try Self.draw("hero", width: 30, locale: .frFR).contains("Se termine dans 1 jour"))
    }

    @Test func editorialCardRendersItsMarkdownBody() throws {
        #expect(try Self.draw("editorial", width: 30) == ["Style", "Layers", "Three pieces", "", "[ Read ]"])
    }

    @Test func promoBannerShowsTheCode() throws {
        #expect(try Self.draw("promo", width: 30) == ["Free shipping", "over $50", "Code  SHIPFREE"])
        #expect(try Self.draw("promo", width: 30, locale: .deDE).last == "Gutscheincode  SHIPFREE")
    }

    @Test func searchBarAndCategoryTile() throws {
        #expect(try Self.draw("search", width: 20) == ["[ ⌕ Search         ]"])
        let tile = try Self.draw("category", width: 12)
        #expect(tile == ["┌──────────┐", "│    S     │", "│          │", "└──────────┘", "   Shoes"], "its initial: \(tile)")
        #expect(!tile.contains { $0.contains("shoe") }, "never the icon's internal name")
    }

    /// A grid row of tiles with a square image, a wide one, one without a ratio and one with
    /// a symbol instead: at every width their titles share a row (never "Maille" one row
    /// above its neighbours at 40 columns).
    @Test(arguments: [8, 12, 18, 30, 60])
    func categoryTilesOfARowPutTheirTitlesOnOneRow(width: Int) throws {
        let tiles = [
            #"{"type": "category_tile", "id": "w", "data": {"category_id": "c", "title": "Coats", "image": {"url": "https://x/a.jpg", "aspect_ratio": 1}}}"#,
            #"{"type": "category_tile", "id": "w", "data": {"category_id": "c", "title": "Coats", "image": {"url": "https://x/a.jpg", "aspect_ratio": 1.78}}}"#,
            #"{"type": "category_tile", "id": "w", "data": {"category_id": "c", "title": "Coats", "image": "https://x/a.jpg"}}"#,
            #"{"type": "category_tile", "id": "w", "data": {"category_id": "c", "title": "Coats", "icon": "knit"}}"#,
        ]
        for plain in [true, false] {
            let environment = Self.environment(plain: plain)
            var titleRows: [Int] = []
            for json in tiles {
                let box = try Self.box(json, environment: environment)
                let height = box.height(outerWidth: width, environment: environment)
                let surface = DrawSurface(width: width, height: height)
                box.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
                titleRows.append(try #require(surface.buffer.plainLines.firstIndex { $0.contains("Coats") }))
            }
            #expect(Set(titleRows).count == 1, "width \(width), plain \(plain): titles at rows \(titleRows)")
        }
    }
}
