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
    @Environment(\.flowActions) private var actions

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
            ProductFacts(
                price: content.price, compareAtPrice: content.compareAtPrice, availability: content.availability, rating: content.rating,
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
