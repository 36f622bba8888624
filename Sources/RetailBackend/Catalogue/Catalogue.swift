import FlowCore
import Foundation

/// A catalogue ready to compose from, immutable: the content and the indexes every request
/// uses.
///
/// Campaigns are kept in id order (bytes), whatever order their files were read in, so a
/// catalogue read from files and the same one built in Swift compose the same pages.
///
/// A class, so that handing it on is one retain: a request reads it several times, and a
/// copy of a struct of a dozen arrays and tables retains and releases each of them.
final class Catalogue: Sendable {
    let content: CatalogueContent
    /// The feed, in the order of its files.
    let products: [Product]
    /// Campaigns by id, in byte order.
    let campaigns: [Campaign]
    /// Products of each category, in feed order.
    let productsByCategory: [ExactString: [Product]]
    /// Products of each variant group, in feed order.
    let productsByVariantGroup: [ExactString: [Product]]
    /// Every instant where something starts or ends, for the page cache's key.
    let schedule: CatalogueSchedule
    /// The distinct requirements it puts on nodes, for the page cache's key.
    let requirements: RequirementTable

    private let productIndex: [ExactString: Int]
    private let categoryIndex: [ExactString: Int]
    private let campaignIndex: [ExactString: Int]
    private let placementIndex: [ExactString: Int]

    init(content: CatalogueContent) {
        self.content = content
        products = content.products
        campaigns = content.campaigns.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
        productIndex = Self.index(products.map(\.id))
        categoryIndex = Self.index(content.categories.map(\.id))
        campaignIndex = Self.index(campaigns.map(\.id))
        placementIndex = Self.index(content.placements.map(\.id))
        productsByCategory = Dictionary(grouping: products) { ExactString($0.categoryID) }
        productsByVariantGroup = Dictionary(grouping: products.filter { $0.variant != nil }) { ExactString($0.variant?.group ?? "") }
        schedule = CatalogueSchedule(
            windows: campaigns.map(\.window) + content.stories.map(\.window) + content.promotions.map(\.window))
        requirements = RequirementTable(
            campaigns.compactMap(\.requires) + content.placements.compactMap(\.requires))
    }

    /// First occurrence wins (the loader refuses repeated ids).
    private static func index(_ ids: [String]) -> [ExactString: Int] {
        var index: [ExactString: Int] = [:]
        for (offset, id) in ids.enumerated() where index[ExactString(id)] == nil { index[ExactString(id)] = offset }
        return index
    }

    var settings: CatalogueSettings { content.settings }
    var categories: [Category] { content.categories }
    var stories: [Story] { content.stories }
    var promotions: [Promotion] { content.promotions }
    var placements: [Placement] { content.placements }
    var plans: [PagePlan] { content.plans }
    var experiments: [Experiment] { content.experiments }

    func product(_ id: String) -> Product? {
        productIndex[ExactString(id)].map { products[$0] }
    }

    /// The product and the other products of its variant group, in feed order; just the
    /// product when it has no group.
    func variantFamily(of product: Product) -> [Product] {
        guard let group = product.variant?.group else { return [product] }
        return productsByVariantGroup[ExactString(group)] ?? [product]
    }

    func category(_ id: String) -> Category? {
        categoryIndex[ExactString(id)].map { content.categories[$0] }
    }

    func campaign(_ id: String) -> Campaign? {
        campaignIndex[ExactString(id)].map { campaigns[$0] }
    }

    /// `instant` as the catalogue's files write it: in its time zone
    /// (`2027-01-15T09:00:00+01:00`), the way a merchandiser reads their own files.
    func written(_ instant: Date) -> String {
        let zone = TimeZone(identifier: content.settings.timeZone) ?? TimeZone(secondsFromGMT: 0)!
        return RFC3339.string(from: instant, offset: zone.secondsFromGMT(for: instant))
    }

    func placement(_ id: String) -> Placement? {
        placementIndex[ExactString(id)].map { content.placements[$0] }
    }

    func products(inCategory id: String) -> [Product] {
        productsByCategory[ExactString(id)] ?? []
    }

    /// The plan of a segment (the first that names it).
    func plan(for segment: Segment) -> PagePlan? {
        content.plans.first { $0.segments.contains(segment) }
    }

    /// The locale a request is composed in: its own when the store is merchandised in it,
    /// else the catalogue's first.
    func locale(for requested: StoreLocale) -> StoreLocale {
        settings.locales.contains(requested) ? requested : settings.locales.first ?? requested
    }

    /// Campaigns live at `instant`, in id order.
    func liveCampaigns(at instant: Date) -> [Campaign] {
        campaigns.filter { $0.isLive(at: instant) }
    }
}
