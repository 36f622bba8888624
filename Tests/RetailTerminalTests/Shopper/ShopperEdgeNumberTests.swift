import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
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
        let view = CartSheetView(
            cart: cart, selection: 0, lastRemoval: nil, words: Copy(.enUS), keys: Copy(.enUS), format: RetailFormat(.enUS))
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
}
