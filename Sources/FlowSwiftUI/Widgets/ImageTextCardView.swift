import FlowCore
import FlowPresentation
import FlowRuntime
import FlowWidgets
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `image_text_card`: an image beside a title, subtitle and tags, with a trailing icon (a tap
/// fires its action when it has one; VoiceOver names it as one of the card's actions).
public struct ImageTextCardView: FlowWidgetView {
    let content: ImageTextCardContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.flowActions) private var actions

    public init(content: ImageTextCardContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    public var body: some View {
        FlowRow(alignment: .center, spacing: 12) {
            if let image = content.image { RemoteImage(image: image, maxHeight: 72).frame(width: 72) }
            VStack(alignment: .leading, spacing: 4) {
                FlowText(text: content.title, base: ResolvedFont(size: 16, weight: .semibold))
                if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
                if !content.tags.isEmpty {
                    HStack(spacing: 6) {
                        ForEach(Array(content.tags.enumerated()), id: \.offset) { _, tag in
                            TagAtomView(tag: tag, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID)
                        }
                    }
                }
            }
            Spacer(minLength: 0)
            if let icon = content.trailingIcon {
                IconView(icon: icon).onTapGesture(count: 1) {
                    if let action = icon.action { actions?.fire(action, widgetID: context.widget.id, sectionID: context.sectionID) }
                }
            }
        }
    }
}
