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
/// rating, stock, delivery note and description, with the call to buy it (the payload's
/// `cta`, fired through the dispatcher). VoiceOver reads one sentence (`RetailAccessibility`)
/// and the call as a button. The terminal's view picks the quantity too; here the call adds
/// the payload's quantity.
public struct ProductDetailView: FlowWidgetView {
    let content: ProductDetailContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.locale) private var locale
    @Environment(\.flowActions) private var actions

    public init(content: ProductDetailContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            if let image = content.image { RemoteImage(image: image, maxHeight: 360) }
            FlowText(text: content.title, base: ResolvedFont(size: 22, weight: .bold))
            if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
            HStack(alignment: .firstTextBaseline, spacing: 6) {
                Text(verbatim: PriceFormat.string(content.price, locale: locale)).font(.system(size: 20, weight: .bold))
                if let compare = content.compareAtPrice, PriceFormat.isReduced(content.price, from: compare) {
                    Text(verbatim: PriceFormat.string(compare, locale: locale))
                        .strikethrough(true, color: nil)
                        .foregroundStyle(Color.secondary)
                }
            }
            if let cta = content.cta {
                Button(action: { if let action = cta.action { _ = actions?.fire(action, widgetID: context.widget.id, sectionID: context.sectionID) } }) {
                    Text(verbatim: cta.title?.text ?? "")
                }
                .disabled(cta.isDisabled || cta.action == nil)
            }
            if let delivery = content.delivery { FlowText(text: delivery, isSecondary: true) }
            if let description = content.description { FlowText(text: description) }
        }
    }
}
