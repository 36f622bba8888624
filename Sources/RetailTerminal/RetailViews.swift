import FlowRuntime
import FlowTerminal

/// The terminal views of the retail widgets (CONTRACT §6), and the registry the app draws with.
public enum RetailViews {
    /// Registers every retail view (and so its content type) on `registry`.
    public static func register(on registry: inout TerminalWidgetRegistry) {
        registry.registerTerminalView(HeroCampaignView.self)
        registry.registerTerminalView(CampaignCardView.self)
        registry.registerTerminalView(CategoryTileView.self)
        registry.registerTerminalView(ProductCardView.self)
        registry.registerTerminalView(ProductDetailView.self)
        registry.registerTerminalView(EditorialCardView.self)
        registry.registerTerminalView(PromoBannerView.self)
        registry.registerTerminalView(SearchBarView.self)
    }

    /// Every view the Vitrine client draws: the starter widgets and the retail widgets.
    public static func makeRegistry(unknownWidgetPolicy: UnknownWidgetPolicy<any TerminalWidget> = .buildDefault) -> TerminalWidgetRegistry {
        var registry = TerminalWidgetRegistry(unknownWidgetPolicy: unknownWidgetPolicy)
        StarterViews.register(on: &registry)
        register(on: &registry)
        return registry
    }
}
