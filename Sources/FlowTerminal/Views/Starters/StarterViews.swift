import FlowCore
import FlowRuntime
import FlowWidgets

/// The terminal views of the eight starter widgets.
public enum StarterViews {
    /// Registers every starter view (and so its content type) on `registry`.
    public static func register(on registry: inout TerminalWidgetRegistry) {
        registry.registerTerminalView(TitleBlockView.self)
        registry.registerTerminalView(ImageTextCardView.self)
        registry.registerTerminalView(BannerView.self)
        registry.registerTerminalView(ButtonRowView.self)
        registry.registerTerminalView(TagRailView.self)
        registry.registerTerminalView(StepperRowView.self)
        registry.registerTerminalView(AccordionView.self)
        registry.registerTerminalView(SeparatorView.self)
    }
}
