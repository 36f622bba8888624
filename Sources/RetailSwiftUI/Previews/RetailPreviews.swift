import FlowCore
import FlowSwiftUI
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// One widget of each retail type as a payload, for the previews and their test.
public enum RetailPreviewFixtures {
    public static let retail: [PreviewFixtures.Fixture] = [
        PreviewFixtures.Fixture(type: "hero_campaign", json: #"{"type": "hero_campaign", "id": "hero", "data": {"campaign_id": "cmp-winter", "image": {"url": "https://cdn.example.com/winter.jpg", "aspect_ratio": 2, "alt": "People in winter coats"}, "title": {"text": "Winter Sale", "font": {"size": 28, "weight": "bold"}}, "subtitle": "Up to 50 % off coats and boots", "cta": {"title": "Shop now", "style": "solid"}, "ends_at": "2030-12-24T23:00:00Z"}}"#),
        PreviewFixtures.Fixture(type: "campaign_card", json: #"{"type": "campaign_card", "id": "campaign", "layout": {"width": 0.8, "corner_radius": 12}, "data": {"campaign_id": "cmp-boots", "image": "https://cdn.example.com/boots.jpg", "title": "Boots week", "subtitle": "New arrivals"}}"#),
        PreviewFixtures.Fixture(type: "category_tile", json: #"{"type": "category_tile", "id": "category", "data": {"category_id": "shoes", "title": "Shoes", "icon": "shoe"}}"#),
        PreviewFixtures.Fixture(type: "product_card", json: #"{"type": "product_card", "id": "product", "data": {"product_id": "p-1", "title": "Wool coat Cora", "subtitle": "Recycled materials", "image": {"url": "https://cdn.example.com/p-1.jpg", "aspect_ratio": 1.333}, "price": {"amount": 91.99, "currency": "USD"}, "compare_at_price": {"amount": 114.99, "currency": "USD"}, "availability": "low_stock", "badges": [{"text": "-20 %"}], "rating": 4.3}, "actions": {"add_to_cart": {"type": "add_to_cart", "product_id": "p-1"}}}"#),
        PreviewFixtures.Fixture(type: "product_detail", json: #"{"type": "product_detail", "id": "detail", "data": {"product_id": "p-1", "title": "Wool coat Cora", "subtitle": "Recycled materials", "image": {"url": "https://cdn.example.com/p-1.jpg", "aspect_ratio": 1.333}, "price": {"amount": 91.99, "currency": "USD"}, "compare_at_price": {"amount": 114.99, "currency": "USD"}, "availability": "available", "rating": 4.3, "rating_count": 128, "delivery": "Free delivery in 2–4 days", "description": "Warm and light.", "cta": {"title": "Add to cart", "action": {"type": "add_to_cart", "product_id": "p-1"}}}, "actions": {"add_to_cart": {"type": "add_to_cart", "product_id": "p-1"}}}"#),
        PreviewFixtures.Fixture(type: "editorial_card", json: #"{"type": "editorial_card", "id": "story", "data": {"kicker": "Style notes", "title": "The art of layering", "body": {"text": "Three pieces, **endless** combinations.", "is_markdown": true}, "cta": {"title": "Read", "style": "plain"}}}"#),
        PreviewFixtures.Fixture(type: "promo_banner", json: ##"{"type": "promo_banner", "id": "promo", "layout": {"gradient": {"colors": ["#FF8A00", "#E52E71"], "angle": 90}, "corner_radius": 12}, "data": {"title": "Free shipping over 0", "subtitle": "This week only", "code": "SHIPFREE"}}"##),
        PreviewFixtures.Fixture(type: "search_bar", json: #"{"type": "search_bar", "id": "search", "data": {"placeholder": "Search products, brands and more"}}"#),
    ]
}

/// Every retail widget from its fixture, in Xcode's canvas (`PreviewProvider`, type-checked
/// on Linux too; the `#Preview`s are compiled only where SwiftUI exists).
struct RetailWidgetPreviews: PreviewProvider {
    static var previews: some View {
        ForEach(RetailPreviewFixtures.retail, id: \.type) { fixture in
            WidgetPreview(fixture, registry: RetailViews.makeRegistry(unknownWidgetPolicy: .placeholder))
                .padding(EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
                .previewDisplayName(fixture.type)
        }
    }
}

#if canImport(SwiftUI)
#Preview("hero_campaign") { WidgetPreview(RetailPreviewFixtures.retail[0], registry: RetailViews.makeRegistry()) }
#Preview("campaign_card") { WidgetPreview(RetailPreviewFixtures.retail[1], registry: RetailViews.makeRegistry()) }
#Preview("category_tile") { WidgetPreview(RetailPreviewFixtures.retail[2], registry: RetailViews.makeRegistry()) }
#Preview("product_card") { WidgetPreview(RetailPreviewFixtures.retail[3], registry: RetailViews.makeRegistry()) }
#Preview("product_detail") { WidgetPreview(RetailPreviewFixtures.retail[4], registry: RetailViews.makeRegistry()) }
#Preview("editorial_card") { WidgetPreview(RetailPreviewFixtures.retail[5], registry: RetailViews.makeRegistry()) }
#Preview("promo_banner") { WidgetPreview(RetailPreviewFixtures.retail[6], registry: RetailViews.makeRegistry()) }
#Preview("search_bar") { WidgetPreview(RetailPreviewFixtures.retail[7], registry: RetailViews.makeRegistry()) }
#endif
