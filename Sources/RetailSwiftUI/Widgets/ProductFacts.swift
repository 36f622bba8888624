import FlowCore
import FlowPresentation
import FlowSwiftUI
import Foundation
import RetailKit
import RetailPresentation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// What a product card and a product page both show under the title: the price (and the price
/// before it, struck, when reduced), the stock when it is not plainly available, and the
/// rating as the terminal's stars in their gold; the facts at `size` points, the price at
/// `priceSize`.
struct ProductFacts: View {
    /// A shopper colour (`RetailColors`, the terminal's too).
    static func color(_ rgb: RetailColors.RGB) -> Color {
        Color(.sRGB, red: Double(rgb.red) / 255, green: Double(rgb.green) / 255, blue: Double(rgb.blue) / 255, opacity: 1)
    }

    let price: Price
    let compareAtPrice: Price?
    /// The stock line the model says (`ShopperMarks.cardStock`, `ProductPagePresentation.stock`).
    let stock: StockLine?
    let rating: Double?
    let size: Double
    let priceSize: Double
    @Environment(\.locale) private var locale
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: 6) {
            Text(verbatim: locale.shopperFormat.price(price))
                .flowFont(size: priceSize, weight: .bold)
                .foregroundStyle(theme.color("text.primary", for: systemScheme))
            if let compareAtPrice, PriceFormat.isReduced(price, from: compareAtPrice) {
                Text(verbatim: locale.shopperFormat.price(compareAtPrice))
                    .strikethrough(true, color: nil)
                    .flowFont(size: size)
                    .foregroundStyle(theme.color("text.secondary", for: systemScheme))
            }
        }
        if let stock {
            Text(verbatim: stock.text)
                .flowFont(size: size, weight: stock.emphasis == .good ? .medium : .bold)
                .foregroundStyle(Self.color(RetailColors.of(stock.emphasis, dark: systemScheme == .dark)))
        }
        if let rating {
            // A rating is 0…5 once decoded.
            let full = Int(min(max(rating, 0), 5).rounded())
            Text(verbatim: String(repeating: "★", count: full) + String(repeating: "☆", count: 5 - full))
                .flowFont(size: size)
                .foregroundStyle(Self.color(RetailColors.star(dark: systemScheme == .dark)))
        }
    }
}
