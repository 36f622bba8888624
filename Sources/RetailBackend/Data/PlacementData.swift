import FlowCore

// The demo catalogue's placements and the home page's plans: new shoppers see the welcome
// offer and the category map early; returning ones their recommendations; VIPs their offer
// and the premium picks.

enum PlacementData {
    static let placements: [Placement] = [
        Placement(id: "hero", content: .hero),
        Placement(id: "campaigns", content: .campaignCarousel(title: SectionTitles.campaigns)),
        Placement(id: "live", section: "live", content: .campaignProducts(.init(
            title: SectionTitles.liveShopping, subtitle: Localized("{campaign}", "{campaign}", "{campaign}"), leadCard: true, limit: 8))),
        Placement(id: "picks", content: .campaignProducts(.init(title: SectionTitles.campaignPicks, subtitle: nil, leadCard: false, limit: 8))),
        Placement(id: "categories", content: .categories(title: SectionTitles.categories, columns: 3)),
        Placement(id: "deals", content: .products(
            title: SectionTitles.deals, subtitle: nil, query: ProductQuery(onSale: true, inStock: true, sort: [.discount], limit: 10))),
        Placement(id: "recommended-new", section: "recommended", content: .products(
            title: SectionTitles.recommendedNew, subtitle: SectionTitles.recommendedSubtitle,
            query: ProductQuery(inStock: true, sort: [.rating], limit: 10))),
        // A spread across categories, some sold out among them (they carry "notify me"): a step
        // coprime to the availability cycles (every 11th unavailable, every 7th low on stock).
        Placement(id: "recommended-returning", section: "recommended", content: .products(
            title: SectionTitles.recommendedReturning, subtitle: SectionTitles.recommendedSubtitle,
            query: ProductQuery(ids: stride(from: 3, to: 216, by: 23).map { "p-\(1001 + $0)" }, limit: 10))),
        Placement(id: "recommended-vip", section: "recommended", content: .products(
            title: SectionTitles.recommendedVIP, subtitle: SectionTitles.recommendedSubtitle,
            query: ProductQuery(sort: [.price], limit: 10))),
        Placement(id: "new-arrivals", content: .products(
            title: SectionTitles.newArrivals, subtitle: nil, query: ProductQuery(sort: [.arrival], limit: 10))),
        Placement(id: "stories", requires: Requirements(minAppVersion: AppVersion(major: 2)), content: .stories(title: SectionTitles.stories)),
        Placement(id: "promotions", content: .promotions(title: SectionTitles.promotions)),
    ] + ["shoes", "coats", "bags", "knitwear", "denim", "watches"].map(popular)

    /// "Popular in <category>": its best rated.
    static func popular(_ categoryID: String) -> Placement {
        let name = CategoryData.categories.first { $0.id == categoryID }?.name ?? Localized(categoryID, categoryID, categoryID)
        return Placement(id: "popular-\(categoryID)", content: .products(
            title: SectionTitles.popularIn.filling("%@", with: name), subtitle: nil,
            query: ProductQuery(categories: [categoryID], sort: [.rating], limit: 8)))
    }

    static let plans: [PagePlan] = [
        PagePlan(id: "home-new", segments: [.new], sections: entries(
            "hero", "promotions", "categories", "campaigns", "recommended-new", "deals", "live", "stories", "new-arrivals",
            "popular-shoes", "popular-coats", "picks", "popular-bags")),
        PagePlan(id: "home-returning", segments: [.returning], sections: entries(
            "hero", "recommended-returning", "campaigns", "live", "deals", "new-arrivals", "categories", "stories", "promotions",
            "picks", "popular-knitwear", "popular-denim", "picks#1")),
        PagePlan(id: "home-vip", segments: [.vip], sections: entries(
            "hero", "promotions", "recommended-vip", "new-arrivals", "live", "campaigns", "picks", "categories", "deals", "stories",
            "popular-watches", "picks#1", "popular-bags")),
    ]

    /// `picks#1` is the second campaign of `picks`.
    private static func entries(_ names: String...) -> [PlanEntry] {
        names.map { name in
            let parts = name.split(separator: "#")
            return PlanEntry(placement: String(parts[0]), rank: parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        }
    }

    /// Which live campaign leads: variant `a` the highest priority, `b` the one ending soonest.
    static let heroOrder = Experiment(
        id: "exp-hero-order", segments: [], placements: ["hero", "campaigns"],
        variants: [
            Experiment.Variant(id: "a", weight: 1, campaignOrder: .priority, sections: nil),
            Experiment.Variant(id: "b", weight: 1, campaignOrder: .endingSoonest, sections: nil),
        ])
}
