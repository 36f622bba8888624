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

/// `product_detail`: the large picture, title, subtitle, price (the old price struck through),
/// stock, rating, delivery note and description, the quantity between `−` and `+` (the
/// widget's state, which the call adds), the call to buy it (the payload's `cta`, fired
/// through the dispatcher), what the cart holds of it, and the variants, each saying why it
/// cannot be chosen: RetailPresentation's `ProductPage`, as the terminal's view draws it.
/// VoiceOver reads the catalogue's two elements (`RetailAccessibility`): the content as one
/// sentence ("…, was $114.99, 20 % off, rated 4.3 out of 5, low stock, …") and the call as a
/// button with its hint and dimming.
public struct ProductDetailView: FlowWidgetView {
    let content: ProductDetailContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.flowActions) private var actions
    @Environment(\.shopperMarks) private var marks
    @Environment(\.locale) private var locale

    public init(content: ProductDetailContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    /// The product as the shopper sees it now, with the quantity picked.
    private var page: ProductPage {
        Self.page(content, marks: marks, state: actions?.store?.widgetState[context.widget.id])
    }

    /// The product of `content` as the shopper sees it with `marks`, the widget's `state` the
    /// quantity picked.
    static func page(_ content: ProductDetailContent, marks: ShopperMarks, state: JSONValue?) -> ProductPage {
        ProductPage(content: content, marks: marks, picked: state?.intValue)
    }

    public var body: some View {
        let page = page
        let shown = page.presentation(words: locale.shopperWords)
        return VStack(alignment: .leading, spacing: 12) {
            details(stock: shown.stock)
                .flowAccessibilityGroup(PartReading.content(of: context.widget.id, in: elements), perform: perform)
            if let quantity = shown.quantity {
                HStack(spacing: 12) {
                    Text(verbatim: shown.quantityLabel).flowFont(size: 15)
                    Button(action: { pick(shown.decreased) }) { Text(verbatim: "−") }.disabled(shown.decreased == nil)
                    Text(verbatim: locale.shopperFormat.number(quantity)).flowFont(size: 15, weight: .bold)
                    Button(action: { pick(shown.increased) }) { Text(verbatim: "+") }.disabled(shown.increased == nil)
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(verbatim: shown.quantityLabel))
                .accessibilityValue(Text(verbatim: locale.shopperFormat.number(quantity)))
                .accessibilityAdjustableAction { direction in
                    switch direction {
                    case .increment: pick(shown.increased)
                    case .decrement: pick(shown.decreased)
                    @unknown default: break
                    }
                }
                if let note = shown.limitNote { Text(verbatim: note).flowFont(size: 13) }
            }
            if var cta = content.cta {
                ButtonAtomView(
                    button: { cta.isDisabled = !shown.callIsEnabled; cta.title = shown.callTitle.map { TextData(stringLiteral: $0) } ?? cta.title; return cta }(),
                    widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID,
                    reading: PartReading(part: 0, of: context.widget.id, in: elements))
            }
            if let confirmation = shown.confirmation { Text(verbatim: confirmation.text).flowFont(size: 15, weight: .semibold) }
            ForEach(Array(shown.variants.enumerated()), id: \.offset) { _, variant in
                VStack(alignment: .leading, spacing: 4) {
                    Text(verbatim: variant.name).flowFont(size: 13)
                    ForEach(Array(variant.options.enumerated()), id: \.offset) { _, option in
                        Button(action: { choose(option) }) {
                            Text(verbatim: [option.label, option.reason].compactMap { $0 }.joined(separator: " · "))
                                .flowFont(size: 15, weight: option.isSelected ? .bold : .regular)
                        }
                        .disabled(option.isSelected || option.action == nil)
                    }
                }
            }
        }
    }

    /// Keeps `quantity` as the widget's state, which the call adds.
    private func pick(_ quantity: Int?) {
        guard let quantity else { return }
        actions?.store?.widgetState[context.widget.id] = .number(Double(quantity))
    }

    /// Opens the option's own product page (its action replaces this one).
    private func choose(_ option: ProductPagePresentation.Option) {
        guard let action = option.action else { return }
        _ = actions?.fire(action, widgetID: context.widget.id, sectionID: context.sectionID)
    }

    private func details(stock: StockLine?) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            if let image = content.image { RemoteImage(image: image, maxHeight: 360) }
            FlowText(text: content.title, base: ResolvedFont(size: 22, weight: .bold))
            if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
            ProductFacts(
                price: content.price, compareAtPrice: content.compareAtPrice,
                stock: stock, rating: content.rating,
                size: 15, priceSize: 20)
            if let delivery = content.delivery { FlowText(text: delivery, isSecondary: true) }
            if let description = content.description { FlowText(text: description) }
        }
    }

    /// What VoiceOver asked of the content's element (its named actions, the widget's).
    private func perform(_ activation: AccessibilityElement.Activation) {
        actions?.perform(activation, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID)
    }
}
