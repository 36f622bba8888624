import Foundation

/// Everything the store sells and promotes, immutable once built.
///
/// Campaign and story windows are data in hours relative to `anchor`; the catalogue places
/// them on the calendar when it is built. The backend builds it with its injected start
/// instant, so "live", "over" and "not yet" are reproducible in tests and true in demos.
struct Catalogue: Sendable {
    let anchor: Date
    let categories: [Category]
    let products: [Product]
    let campaigns: [ScheduledCampaign]
    let stories: [(story: Story, expires: Date)]
    let promotions: [Promotion]

    private let productIndex: [String: Int]
    private let categoryIndex: [String: Int]
    private let campaignIndex: [String: Int]
    /// Products of each category, in catalogue order.
    let productsByCategory: [String: [Product]]

    init(anchor: Date) {
        self.anchor = anchor
        categories = CategoryData.categories
        products = ProductGenerator.products(
            for: CategoryData.categories, models: CategoryData.models, descriptors: CategoryData.descriptors)
        campaigns = CampaignData.campaigns.map {
            ScheduledCampaign(campaign: $0, start: anchor.addingTimeInterval(Double($0.startHours) * 3600),
                              end: anchor.addingTimeInterval(Double($0.endHours) * 3600))
        }
        stories = EditorialData.stories.map { ($0, anchor.addingTimeInterval(Double($0.expiresHours) * 3600)) }
        promotions = EditorialData.promotions
        productIndex = Dictionary(uniqueKeysWithValues: products.enumerated().map { ($1.id, $0) })
        categoryIndex = Dictionary(uniqueKeysWithValues: categories.enumerated().map { ($1.id, $0) })
        campaignIndex = Dictionary(uniqueKeysWithValues: campaigns.enumerated().map { ($1.campaign.id, $0) })
        productsByCategory = Dictionary(grouping: products, by: \.categoryID)
    }

    func product(_ id: String) -> Product? {
        productIndex[id].map { products[$0] }
    }

    /// The product's position in `products`, for compact references (cart lines).
    func index(ofProduct id: String) -> Int? {
        productIndex[id]
    }

    func category(_ id: String) -> Category? {
        categoryIndex[id].map { categories[$0] }
    }

    func campaign(_ id: String) -> ScheduledCampaign? {
        campaignIndex[id].map { campaigns[$0] }
    }

    /// What is scheduled at `instant`, as a bit set: bit i for campaign i live, bit
    /// (campaigns.count + j) for story j not expired. Two instants with the same schedule
    /// compose the same pages, so this is part of the page cache key.
    func schedule(at instant: Date) -> UInt64 {
        var bits: UInt64 = 0
        for (index, scheduled) in campaigns.enumerated() where scheduled.isLive(at: instant) {
            bits |= 1 << UInt64(index)
        }
        for (index, entry) in stories.enumerated() where instant < entry.expires {
            bits |= 1 << UInt64(campaigns.count + index)
        }
        return bits
    }

    /// Campaigns live in a schedule bit set, in data order.
    func liveCampaigns(in schedule: UInt64) -> [ScheduledCampaign] {
        campaigns.enumerated().filter { schedule & (1 << UInt64($0.offset)) != 0 }.map(\.element)
    }

    /// Stories shown in a schedule bit set, in data order.
    func liveStories(in schedule: UInt64) -> [(story: Story, expires: Date)] {
        stories.enumerated().filter { schedule & (1 << UInt64(campaigns.count + $0.offset)) != 0 }.map(\.element)
    }
}
