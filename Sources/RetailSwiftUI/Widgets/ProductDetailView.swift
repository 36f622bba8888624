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

/// `product_detail`: the large picture, title, subtitle, price (the old price struck through),
/// stock, rating, delivery note and description, then the call to buy it (the payload's
/// `cta`, fired through the dispatcher). VoiceOver reads the catalogue's two elements
/// (`RetailAccessibility`): the content as one sentence ("…, was $114.99, 20 % off, rated 4.3
/// out of 5, low stock, …") and the call as a button with its hint and dimming. The
/// terminal's view picks the quantity too; here the call adds the payload's quantity.
public struct ProductDetailView: FlowWidgetView {
    let content: ProductDetailContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.locale) private var locale
    @Environment(\.flowActions) private var actions
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    public init(content: ProductDetailContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            details
                .flowAccessibilityGroup(PartReading.content(of: context.widget.id, in: elements), perform: perform)
            if let cta = content.cta {
                ButtonAtomView(
                    button: cta, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID,
                    reading: PartReading(part: 0, of: context.widget.id, in: elements))
            }
        }
    }

    private var details: some View {
        VStack(alignment: .leading, spacing: 8) {
            if let image = content.image { RemoteImage(image: image, maxHeight: 360) }
            FlowText(text: content.title, base: ResolvedFont(size: 22, weight: .bold))
            if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
            HStack(alignment: .firstTextBaseline, spacing: 6) {
                Text(verbatim: PriceFormat.string(content.price, locale: locale))
                    .flowFont(size: 20, weight: .bold)
                    .foregroundStyle(theme.color("text.primary", for: systemScheme))
                if let compare = content.compareAtPrice, PriceFormat.isReduced(content.price, from: compare) {
                    Text(verbatim: PriceFormat.string(compare, locale: locale))
                        .strikethrough(true, color: nil)
                        .flowFont(size: 15)
                        .foregroundStyle(theme.color("text.secondary", for: systemScheme))
                }
            }
            if let availability {
                Text(verbatim: availability)
                    .flowFont(size: 15, weight: .medium)
                    .foregroundStyle(theme.color("text.primary", for: systemScheme))
            }
            if let rating = content.rating {
                // The terminal's stars and their gold; a rating is 0…5 once decoded.
                let full = Int(min(max(rating, 0), 5).rounded())
                Text(verbatim: String(repeating: "★", count: full) + String(repeating: "☆", count: 5 - full))
                    .flowFont(size: 15)
                    .foregroundStyle(Color(.sRGB, red: 0xF0 / 255, green: 0xB4 / 255, blue: 0x29 / 255, opacity: 1))
            }
            if let delivery = content.delivery { FlowText(text: delivery, isSecondary: true) }
            if let description = content.description { FlowText(text: description) }
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

    /// What VoiceOver asked of the content's element (its named actions, the widget's).
    private func perform(_ activation: AccessibilityElement.Activation) {
        actions?.perform(activation, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID)
    }
}
