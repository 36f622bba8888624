import FlowCore
import FlowRuntime
import FlowSwiftUI
import RetailKit
import RetailPresentation
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

struct ShopperMarksKey: EnvironmentKey {
    static let defaultValue = ShopperMarks()
}

extension EnvironmentValues {
    /// What the shopper app marks on products (in the cart, being added, sold out since the
    /// page came), as RetailPresentation's `ShopperMarks` decides it.
    public var shopperMarks: ShopperMarks {
        get { self[ShopperMarksKey.self] }
        set { self[ShopperMarksKey.self] = newValue }
    }
}
