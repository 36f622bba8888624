import FlowCore

/// The retail widgets of CONTRACT §6.
public enum RetailWidgets {
    /// Every retail content type.
    public static let contentTypes: [any WidgetContent.Type] = [
        HeroCampaignContent.self, CampaignCardContent.self, CategoryTileContent.self, ProductCardContent.self,
        ProductDetailContent.self, EditorialCardContent.self, PromoBannerContent.self, SearchBarContent.self,
    ]

    /// Registers every retail content type on `catalog`.
    public static func register(on catalog: inout WidgetCatalog) {
        catalog.register(contentTypes)
    }
}
