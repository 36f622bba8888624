import FlowCore
import FlowPresentation
import FlowRuntime
import FlowSwiftUI
import Foundation
import RetailKit
import RetailPresentation
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
    @Environment(\.shopperMarks) private var marks
    @Environment(\.locale) private var locale

    public init(content: ProductCardContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if let image = content.image { RemoteImage(image: image, maxHeight: 180) }
            FlowText(text: content.title, base: ResolvedFont(size: 15, weight: .semibold))
            if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
            ProductFacts(
                price: content.price, compareAtPrice: content.compareAtPrice,
                stock: marks.cardStock(of: content.productID, page: content.availability, words: locale.shopperWords),
                rating: content.rating,
                size: 13, priceSize: 15)
            if let badge = marks.badge(for: content.productID, words: locale.shopperWords) {
                Text(verbatim: badge.text).flowFont(size: 13, weight: .semibold)
            }
            if context.widget.actions[WidgetEvent.addToCart.name] != nil, marks.availability(of: content.productID, page: content.availability) != .unavailable {
                AddToCartButton(context: context, productID: content.productID, isPending: marks.isPending(content.productID))
            }
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
        let words = locale.shopperWords
        return Button(action: { actions?.fire(WidgetEvent.addToCart.name, of: context.widget, sectionID: context.sectionID) }) {
            HStack(spacing: 6) {
                Image(systemName: isPending ? "hourglass" : "cart.badge.plus")
                Text(verbatim: words[.add])
            }
            .flowFont(size: 15, weight: .semibold)
        }
        .disabled(isPending)
        // Named as the card's own action is (the catalogue's "Add to cart"), drawn shorter.
        .accessibilityLabel(Text(verbatim: words[.addToCart]))
        .accessibilityHint(Text(verbatim: words[.addsToCart]))
    }
}
