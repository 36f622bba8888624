import FlowCore
import FlowPresentation
import FlowRuntime
import FlowWidgets
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `accordion`: a header that opens and closes its items (any widget types, drawn through
/// the registry), its expansion the widget's local state.
public struct AccordionView: FlowWidgetView {
    let content: AccordionContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.flowActions) private var actions
    @Environment(\.flowRegistry) private var registry
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    public init(content: AccordionContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    private var isExpanded: Bool {
        if case .bool(let expanded)? = actions?.store?.widgetState[context.widget.id] { return expanded }
        return content.isInitiallyExpanded
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Button(action: toggle) {
                HStack {
                    FlowText(text: content.header, base: ResolvedFont(size: 16, weight: .semibold))
                    Spacer(minLength: 8)
                    Image(systemName: isExpanded ? "chevron.up" : "chevron.down")
                }
            }
            .flowAccessibilityGroup(elements.first { $0.part == 0 && $0.widgetID.isByteEqual(to: context.widget.id) }) { activation in
                actions?.perform(activation, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID)
            }
            if isExpanded {
                ForEach(Array(content.items.enumerated()), id: \.offset) { index, item in
                    if let registry {
                        WidgetSlot(widget: item, registry: registry, sectionID: context.sectionID, position: index)
                    }
                }
            }
        }
        .animation(MotionPolicy(reducesMotion: reduceMotion).slidesTransitions ? .easeInOut(duration: 0.25) : nil, value: isExpanded)
    }

    private func toggle() {
        actions?.store?.widgetState[context.widget.id] = .bool(!isExpanded)
    }
}
