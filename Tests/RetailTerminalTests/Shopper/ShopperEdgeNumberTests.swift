import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal

/// Server numbers at the edge of their type in the shell's own text: nothing traps and
/// nothing is drawn outside where it belongs.
@MainActor
@Suite struct ShopperEdgeNumberTests {
    /// `--debug` described an event whose tracking held 1e300 with `Int(_:)`, which traps.
    @Test func anEventWithNumbersPastIntsRangeIsDescribed() {
        let fields = JSONObject([(key: "product_id", value: .number(1e300)), (key: "position", value: .number(3)),
                                 (key: "kind", value: .number(-1e19))])
        let line = ShopperApp.describe("tap", fields)
        #expect(line.contains("position=3"))
        #expect(line.contains("product_id=1e+300"))
        #expect(line.contains("kind=-1e+19"))
    }

    /// A line priced at the largest double made the subtotal start left of the sheet and
    /// overwrite its border.
    @Test func aSubtotalWiderThanTheSheetStaysInsideIt() {
        let price = Price(amount: 1.7976931348623157e308, currency: "USD")
        let cart = CartSummary(
            lines: [CartSummary.Line(productID: "p-1", title: "Huge", quantity: 1, unitPrice: price)], badgeCount: 1, subtotal: price,
            isKnown: true)
        let view = CartSheetView.of(cart, selection: 0, removal: nil, locale: .enUS)
        let surface = DrawSurface(width: 40, height: 20)
        let environment = RenderEnvironment(
            isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
        let rect = view.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        let rows = surface.buffer.plainLines
        // The sheet's edges stand on every row between its top and bottom.
        for row in rows[(rect.y + 1)..<(rect.maxY - 1)] {
            #expect(row.hasPrefix("│") && row.hasSuffix("│"), "\(rows.joined(separator: "\n"))")
        }
    }
    /// A price wider than its slot is shortened by the locale's words, never cut mid-number:
    /// 9.2e15 in a 40-column screen's cards and in the sheet's subtotal is not "9 200 000 000 0…".
    @Test(arguments: [AppLocale.enUS, .deDE, .frFR])
    func aPriceWiderThanItsSlotIsShortenedNeverCut(locale: AppLocale) throws {
        let card = #"{"type": "product_card", "id": "w", "data": {"product_id": "p", "title": "Scarf", "price": {"amount": 9200000000000000, "currency": "EUR"}, "availability": "available"}}"#
        var environment = RetailViewTests.environment().speaking(locale)
        environment.hostContext = nil
        let box = try RetailViewTests.box(card, environment: environment)
        let height = box.height(outerWidth: 17, environment: environment)
        let surface = DrawSurface(width: 17, height: height)
        box.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        let format = RetailFormat(locale)
        let shortened = try #require(format.price(Price(amount: 9.2e15, currency: "EUR"), within: 17, width: DisplayWidth.of))
        #expect(shortened != format.price(Price(amount: 9.2e15, currency: "EUR")), "the full form does not fit")
        #expect(surface.buffer.plainLines.contains { $0.contains(shortened) }, "\(surface.buffer.plainLines)")
        #expect(!surface.buffer.plainLines.contains { $0.contains("…") && $0.contains("000") }, "never cut mid-number")

        let price = Price(amount: 9.2e15, currency: "EUR")
        let cart = CartSummary(lines: [CartSummary.Line(productID: "p-1", title: "Huge", quantity: 1, unitPrice: price)], badgeCount: 1, subtotal: price, isKnown: true)
        let view = CartSheetView.of(cart, selection: 0, removal: nil, locale: locale)
        let sheet = DrawSurface(width: 40, height: 20)
        view.draw(in: Canvas(surface: sheet, rect: sheet.buffer.bounds), environment: environment)
        let rows = sheet.buffer.plainLines
        #expect(!rows.contains { $0.contains("…") }, "nothing cut\n\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains(Words(locale)[.subtotal]) }, "the subtotal keeps its word")
    }
}
