import FlowCore
import FlowRuntime
import FlowSwiftUI
import RetailKit
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The retail widgets' SwiftUI views, and the registry the app draws with.
public enum RetailViews {
    public static func register(on registry: inout WidgetRegistry<AnyView>) {
        registry.register(HeroCampaignView.self)
        registry.register(CampaignCardView.self)
        registry.register(CategoryTileView.self)
        registry.register(ProductCardView.self)
        registry.register(ProductDetailView.self)
        registry.register(EditorialCardView.self)
        registry.register(PromoBannerView.self)
        registry.register(SearchBarView.self)
    }

    /// Every widget the app shows (the starter and retail views), with `policy` for unknown
    /// and malformed widgets (a labelled placeholder in debug builds, nothing in release).
    public static func makeRegistry(unknownWidgetPolicy policy: UnknownWidgetPolicy<AnyView> = .buildDefault) -> WidgetRegistry<AnyView> {
        var registry = StarterViews.makeRegistry(unknownWidgetPolicy: policy)
        register(on: &registry)
        return registry
    }
}

struct FlowCartKey: EnvironmentKey {
    static let defaultValue: CartStore? = nil
}

extension EnvironmentValues {
    /// The cart a product card marks pending adds from.
    public var flowCart: CartStore? {
        get { self[FlowCartKey.self] }
        set { self[FlowCartKey.self] = newValue }
    }
}
