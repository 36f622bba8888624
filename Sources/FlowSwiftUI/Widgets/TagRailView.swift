import FlowCore
import FlowPresentation
import FlowRuntime
import FlowWidgets
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `tag_rail`: a horizontally scrolling row of tags, each its own VoiceOver element.
public struct TagRailView: FlowWidgetView {
    let content: TagRailContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []

    public init(content: TagRailContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    public var body: some View {
        ScrollView(.horizontal) {
            HStack(spacing: 8) {
                ForEach(Array(content.tags.enumerated()), id: \.offset) { index, tag in
                    TagAtomView(
                        tag: tag, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID,
                        reading: PartReading(part: index, of: context.widget.id, in: elements))
                }
            }
        }
        .scrollIndicators(.hidden)
    }
}
