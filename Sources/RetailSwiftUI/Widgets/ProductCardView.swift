import FlowCore
import FlowPresentation
import FlowRuntime
import FlowSwiftUI
import Foundation
import RetailKit
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `product_card`: the picture, title, subtitle, price (the old price struck through),
/// availability, rating and badges; an add button when the card carries `add_to_cart`,
/// marked while the cart is sending it. VoiceOver reads one sentence
/// (`RetailAccessibility`) and offers adding as a custom action of the card.
public struct ProductCardView: FlowWidgetView {
    let content: ProductCardContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.locale) private var locale
    @Environment(\.flowCart) private var cart
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    public init(content: ProductCardContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if let image = content.image { RemoteImage(image: image, maxHeight: 180) }
            FlowText(text: content.title, base: ResolvedFont(size: 15, weight: .semibold))
            if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
            HStack(alignment: .firstTextBaseline, spacing: 6) {
                Text(verbatim: PriceFormat.string(content.price, locale: locale))
                    .flowFont(size: 15, weight: .bold)
                    .foregroundStyle(theme.color("text.primary", for: systemScheme))
                if let compare = content.compareAtPrice, PriceFormat.isReduced(content.price, from: compare) {
                    Text(verbatim: PriceFormat.string(compare, locale: locale))
                        .strikethrough(true, color: nil)
                        .flowFont(size: 13)
                        .foregroundStyle(theme.color("text.secondary", for: systemScheme))
                }
            }
            if let availability {
                Text(verbatim: availability)
                    .flowFont(size: 13, weight: .medium)
                    .foregroundStyle(theme.color("text.primary", for: systemScheme))
            }
            if let rating = content.rating {
                // The terminal's stars and their gold; a rating is 0…5 once decoded.
                let full = Int(min(max(rating, 0), 5).rounded())
                Text(verbatim: String(repeating: "★", count: full) + String(repeating: "☆", count: 5 - full))
                    .flowFont(size: 13)
                    .foregroundStyle(Color(.sRGB, red: 0xF0 / 255, green: 0xB4 / 255, blue: 0x29 / 255, opacity: 1))
            }
            if context.widget.actions["add_to_cart"] != nil {
                AddToCartButton(context: context, productID: content.productID, isPending: cart?.isPending(content.productID) == true)
            }
        }
    }

    private var availability: String? {
        let phrases = RetailPhrases(AccessibilityPhrases(locale: locale))
        switch content.availability {
        case .available: return nil
        case .lowStock: return phrases.lowStock
        case .unavailable: return phrases.soldOut
        }
    }
}

/// The card's add button: fires the widget's `add_to_cart` through the dispatcher (RetailKit's
/// host actions add it to the `CartStore`, which sends it with its idempotency key).
struct AddToCartButton: View {
    let context: WidgetContext
    let productID: String
    let isPending: Bool
    @Environment(\.flowActions) private var actions
    @Environment(\.locale) private var locale

    var body: some View {
        let phrases = RetailPhrases(AccessibilityPhrases(locale: locale))
        return Button(action: { actions?.fire("add_to_cart", of: context.widget, sectionID: context.sectionID) }) {
            HStack(spacing: 6) {
                Image(systemName: isPending ? "hourglass" : "cart.badge.plus")
                Text(verbatim: phrases.add)
            }
            .flowFont(size: 15, weight: .semibold)
        }
        .disabled(isPending)
        .accessibilityHint(Text(verbatim: phrases.addsToCart))
    }
}
