import FlowCore

/// A named place on the home page that a page plan puts in order: one that campaigns fill
/// (the hero, a campaign carousel, a campaign's product carousel) or one with content of its
/// own (the category grid, a product carousel from a query, stories, promotions).
struct Placement: Sendable, Hashable {
    /// What the place shows, and how.
    enum Content: Sendable, Hashable {
        /// The first campaign placed here, in the page's campaign order: one `hero_campaign`.
        case hero
        /// A carousel of `campaign_card`s of the campaigns placed here (the hero's excepted).
        case campaignCarousel(title: Localized)
        /// The `rank`-th campaign placed here (the hero's excepted) as a carousel of its
        /// products (its query, at most `limit`), after its own card when `leadCard`.
        case campaignProducts(CampaignProducts)
        /// A grid of every category.
        case categories(title: Localized, columns: Int)
        /// A carousel of a query's products.
        case products(title: Localized, subtitle: Localized?, query: ProductQuery)
        /// The live stories, as `editorial_card`s.
        case stories(title: Localized)
        /// The live promotions the segment may see, as `promo_banner`s.
        case promotions(title: Localized)
    }

    /// Copy and shape of a campaign's product carousel. In `title` and `subtitle`,
    /// `{campaign}` stands for the campaign's title.
    struct CampaignProducts: Sendable, Hashable {
        var title: Localized
        var subtitle: Localized?
        var leadCard: Bool
        var limit: Int
    }

    static let campaignToken = "{campaign}"

    var id: String
    /// The section's id on the page: by default the placement's id, and for a campaign's
    /// product carousel `<placement>-<campaign>`.
    var section: String?
    /// What a client needs for the section (CONTRACT §4); others are sent nothing of it.
    var requires: Requirements?
    var content: Content

    var kindName: String {
        switch content {
        case .hero: "hero"
        case .campaignCarousel: "campaign_carousel"
        case .campaignProducts: "campaign_products"
        case .categories: "categories"
        case .products: "products"
        case .stories: "stories"
        case .promotions: "promotions"
        }
    }

    /// Whether campaigns name it in their `placements`.
    var isFilledByCampaigns: Bool {
        switch content {
        case .hero, .campaignCarousel, .campaignProducts: true
        default: false
        }
    }

    /// The section id for a campaign shown in it.
    func sectionID(campaign: String? = nil) -> String {
        if let section { return section }
        if case .campaignProducts = content, let campaign { return "\(id)-\(campaign)" }
        return id
    }
}
