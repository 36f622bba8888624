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
/// swiping up and down. Steps saturate at the payload's bounds (`StepperRowContent.stepped`),
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
        HStack(spacing: 12) {
            VStack(alignment: .leading, spacing: 2) {
                FlowText(text: content.title, base: ResolvedFont(size: 16, weight: .medium))
                if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
            }
            Spacer(minLength: 8)
            Button(action: { step(by: -1) }) { Image(systemName: "minus.circle") }
                .disabled(!content.canStep(from: count, by: -1))
            Text(verbatim: String(count))
            Button(action: { step(by: 1) }) { Image(systemName: "plus.circle") }
                .disabled(!content.canStep(from: count, by: 1))
        }
        .accessibilityAdjustableAction { direction in
            switch direction {
            case .increment: step(by: 1)
            case .decrement: step(by: -1)
            @unknown default: break
            }
        }
    }

    private func step(by delta: Int) {
        guard let store = actions?.store else { return }
        let next = content.stepped(from: count, by: delta)
        guard next != count else { return }
        store.widgetState[context.widget.id] = .number(Double(next))
        actions?.fire("change", of: context.widget, sectionID: context.sectionID)
    }
}
