import FlowCore
import FlowRuntime
import FlowWidgets
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The eight starter widgets' SwiftUI views.
public enum StarterViews {
    /// Registers every starter view (and so every starter content type) on `registry`.
    public static func register(on registry: inout WidgetRegistry<AnyView>) {
        registry.register(TitleBlockView.self)
        registry.register(ImageTextCardView.self)
        registry.register(BannerView.self)
        registry.register(ButtonRowView.self)
        registry.register(TagRailView.self)
        registry.register(StepperRowView.self)
        registry.register(AccordionView.self)
        registry.register(SeparatorView.self)
    }

    /// A registry of the starter widgets with `policy` for unknown and malformed widgets.
    public static func makeRegistry(unknownWidgetPolicy policy: UnknownWidgetPolicy<AnyView> = .buildDefault) -> WidgetRegistry<AnyView> {
        var registry = WidgetRegistry<AnyView>(unknownWidgetPolicy: policy)
        register(on: &registry)
        return registry
    }
}
