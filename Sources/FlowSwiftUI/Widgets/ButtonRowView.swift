import FlowCore
import FlowPresentation
import FlowRuntime
import FlowWidgets
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `button_row`: its buttons side by side, each its own VoiceOver element.
public struct ButtonRowView: FlowWidgetView {
    let content: ButtonRowContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []

    public init(content: ButtonRowContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    public var body: some View {
        FlowRow(spacing: 8) {
            ForEach(Array(content.buttons.enumerated()), id: \.offset) { index, button in
                ButtonAtomView(
                    button: button, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID,
                    reading: PartReading(part: index, of: context.widget.id, in: elements))
            }
        }
    }
}
