import FlowCore
import FlowPresentation
import FlowRuntime
import FlowWidgets
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `stepper_row`: a title and a count between its bounds; each change is the widget's
/// local state (`WidgetStateStore`) and fires its `change` action. VoiceOver adjusts it by
/// swiping up and down (the element the host makes of it is adjustable: `StarterAccessibility`). Steps saturate at the payload's bounds (`StepperRowContent.stepped`),
/// so a count at `Int.max` cannot overflow.
public struct StepperRowView: FlowWidgetView {
    let content: StepperRowContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.flowActions) private var actions

    public init(content: StepperRowContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    private var count: Int {
        content.count(from: actions?.store?.widgetState[context.widget.id])
    }

    public var body: some View {
        FlowRow(spacing: 12) {
            VStack(alignment: .leading, spacing: 2) {
                FlowText(text: content.title, base: ResolvedFont(size: 16, weight: .medium))
                if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
            }
            Spacer(minLength: 8)
            // The controls stay together: under the title when the row stacks.
            HStack(spacing: 12) {
                Button(action: { step(by: -1) }) { Image(systemName: "minus.circle") }
                    .disabled(!content.canStep(from: count, by: -1))
                Text(verbatim: String(count))
                Button(action: { step(by: 1) }) { Image(systemName: "plus.circle") }
                    .disabled(!content.canStep(from: count, by: 1))
            }
        }
    }

    /// One step, as VoiceOver's swipe does it (the element's `increment` and `decrement`):
    /// the stepped count stored, then `change` fired.
    private func step(by delta: Int) {
        guard let next = content.steppedState(from: actions?.store?.widgetState[context.widget.id], by: delta) else { return }
        actions?.perform(.state(next, event: "change"), widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID)
    }
}
