import FlowCore
import FlowTerminal
import Foundation
import RetailBackend
import RetailKit
import RetailPresentation
import RetailTerminal
import Testing

/// The labels on product cards the shopper has in the cart or is adding, as the app draws them
/// over the backend's home page: a label such as "✓ 1 im Warenkorb" has colours of its own,
/// never reversed over the picture nor taken from it mid-word, and reads at the contrast text
/// needs.
@MainActor
@Suite struct CardLabelScreenTests {
    /// The product ids of the home page's product cards, in order.
    static func productIDs(_ home: Data) throws -> [String] {
        let text = try #require(String(data: home, encoding: .utf8))
        let regex = try Regex(#""type"\s*:\s*"product_card".*?"product_id"\s*:\s*"([^"]+)""#).dotMatchesNewlines()
        return text.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) }
    }

    @Test(arguments: [AppLocale.enUS, .deDE])
    func aCardsInCartLabelHasItsOwnColoursAndReads(locale: AppLocale) throws {
        let backend = try ShopperScreenGoldenTests.backend()
        let home = ShopperScreenGoldenTests.body(backend, "/v1/home", locale: locale.rawValue)
        let ids = try Self.productIDs(home)
        try #require(!ids.isEmpty)
        let lines = ids.map {
            CartSummary.Line(productID: $0, title: "x", quantity: 1, unitPrice: Price(amount: 1, currency: locale == .enUS ? "USD" : "EUR"))
        }
        let cart = CartSummary(lines: lines, badgeCount: lines.count, subtotal: nil, isKnown: true)
        // Tall enough for the product carousels below the hero and the campaigns.
        let buffer = try ShopperScreenGoldenTests.draw(pages: [(.home, home)], destinations: [.page(.home)], cart: cart, width: 120, height: 160, locale: locale)
        let label = "✓ " + Words(locale)(.inCart, ["count": "1"])
        var checked = 0
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer[x, y].grapheme == "✓" {
                for cx in x..<min(buffer.width, x + DisplayWidth.of(label)) {
                    let style = buffer[cx, y].style
                    #expect(!style.attributes.contains(.reverse), "never reversed over a picture")
                    guard let foreground = style.foreground, let background = style.background else {
                        Issue.record("no colours of its own at \(cx),\(y)")
                        continue
                    }
                    let ratio = ContrastRatio.between(foreground, background)
                    #expect(ratio >= ContrastRatio.minimumForText, "\(ratio) at \(cx),\(y)")
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }
}
