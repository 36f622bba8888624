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
        HStack(spacing: 8) {
            ForEach(Array(content.buttons.enumerated()), id: \.offset) { index, button in
                ButtonAtomView(button: button, widgetID: context.widget.id, sectionID: context.sectionID, element: element(index))
            }
        }
    }

    /// The element of the `index`th button, when the widget reads as several (a hidden
    /// button has none, so elements follow the buttons that are read).
    private func element(_ index: Int) -> AccessibilityElement? {
        guard elements.count > 1 else { return nil }
        let readIndex = content.buttons[..<index].filter { $0.accessibility?.isHidden != true }.count
        return content.buttons[index].accessibility?.isHidden == true || readIndex >= elements.count ? nil : elements[readIndex]
    }
}
