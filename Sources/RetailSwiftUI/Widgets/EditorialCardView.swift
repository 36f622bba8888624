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

/// `editorial_card`: a story's picture, kicker, title, body and call to action.
public struct EditorialCardView: FlowWidgetView {
    let content: EditorialCardContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.flowActions) private var actions

    public init(content: EditorialCardContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            VStack(alignment: .leading, spacing: 6) {
                if let image = content.image { RemoteImage(image: image) }
                if let kicker = content.kicker { FlowText(text: kicker, base: ResolvedFont(size: 12, weight: .semibold), isSecondary: true) }
                FlowText(text: content.title, base: ResolvedFont(size: 20, weight: .bold))
                if let body = content.body { FlowText(text: body) }
            }
            .flowAccessibilityGroup(PartReading.content(of: context.widget.id, in: elements)) { activation in
                actions?.perform(activation, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID)
            }
            if let cta = content.cta {
                ButtonAtomView(
                    button: cta, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID,
                    reading: PartReading(part: 0, of: context.widget.id, in: elements))
            }
        }
    }
}
