import FlowCore
import Foundation

/// The built-in demo catalogue: what `vitrine serve` composes from without `--catalogue`, and
/// what `vitrine catalogue export` writes out as files (`Examples/catalogue/` is one export).
///
/// Its windows are hours from an anchor, so that "one ends soon, one is over, one has not
/// started" holds whenever the backend starts; an export writes them as the instants they are.
enum DemoCatalogue {
    /// The zone the demo's windows are written in.
    static let timeZone = "Europe/Berlin"

    static func content(anchor: Date) -> CatalogueContent {
        CatalogueContent(
            settings: CatalogueSettings(
                name: "Vitrine demo", locales: StoreLocale.allCases, timeZone: timeZone,
                models: CategoryData.models, descriptors: CategoryData.descriptors),
            categories: CategoryData.categories,
            campaigns: CampaignData.campaigns.map { $0.campaign(anchor: anchor, timeZone: timeZone) },
            stories: EditorialData.stories(anchor: anchor, timeZone: timeZone),
            promotions: EditorialData.promotions(timeZone: timeZone),
            placements: PlacementData.placements,
            plans: PlacementData.plans,
            experiments: [PlacementData.heroOrder])
    }
}

extension DemoCatalogue {
    /// `count` campaigns for load tests (`vitrine bench serve`'s 1,000-campaign catalogue): a
    /// week each, one starting every 8 hours from 180 days before the anchor, so about 21 are
    /// live at any instant, each featuring one category's products.
    static func generated(_ count: Int, anchor: Date) -> [Campaign] {
        (0..<max(0, count)).map { index in
            let id = "cmp-gen-" + String(format: "%04d", index)
            let start = anchor.addingTimeInterval(Double(index * 8 - 180 * 24) * 3600)
            let category = CategoryData.categories[index % CategoryData.categories.count]
            let title = Localized("Week \(index): \(category.name.en)", "Woche \(index): \(category.name.de)", "Semaine \(index) : \(category.name.fr)")
            return Campaign(
                id: id, title: title, subtitle: category.name, cta: Localized("Shop", "Shoppen", "Découvrir"),
                heroImage: "\(id).jpg", cardImage: "\(id).jpg",
                window: CatalogueWindow(start: start, end: start.addingTimeInterval(7 * 86_400), timeZone: timeZone),
                segments: [], locales: [], requires: nil, priority: index % 7,
                placements: ["hero", "campaigns", "picks"],
                products: ProductQuery(categories: [category.id], sort: [.discount, .rating]))
        }
    }
}

/// A demo campaign as written in Swift: its window in hours from the anchor.
struct DemoCampaign {
    var id: String
    var title: Localized
    var subtitle: Localized
    var cta: Localized
    var startHours: Int
    var endHours: Int
    var segments: [Segment]
    var priority: Int
    var placements: [String]
    var products: ProductQuery

    func campaign(anchor: Date, timeZone: String) -> Campaign {
        let needsVideo = placements.contains("live")
        return Campaign(
            id: id, title: title, subtitle: subtitle, cta: cta, heroImage: "\(id).jpg", cardImage: "\(id).jpg",
            window: CatalogueWindow(
                start: anchor.addingTimeInterval(Double(startHours) * 3600), end: anchor.addingTimeInterval(Double(endHours) * 3600),
                timeZone: timeZone),
            segments: segments, locales: [],
            // The live stream needs a video player, which apps have from 2.6.0.
            requires: needsVideo ? Requirements(minAppVersion: AppVersion(major: 2, minor: 6), capabilities: ["video"]) : nil,
            fallbackSubtitle: needsVideo ? SectionTitles.liveShoppingStill : .empty,
            priority: priority, placements: placements, products: products)
    }
}
