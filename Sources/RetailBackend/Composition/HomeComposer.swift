import FlowCore
import Foundation

/// Composes `GET /v1/home` (CONTRACT §6): which sections, in which order, with what
/// content, for one segment, locale, experiment variant, set of passed gates and schedule.
struct HomeComposer: Sendable {
    let catalogue: Catalogue
    let widgets: WidgetFactory

    /// The slots of the home page, in the order each segment sees them. New shoppers are
    /// shown the welcome offer and the category map early; returning ones their
    /// recommendations; VIPs their offer and the premium picks.
    enum Slot {
        case hero, campaigns, live, categories, deals, recommended, newArrivals, stories, promotions
        case popular(Int), picks(Int)
    }

    static func slots(for segment: Segment) -> [Slot] {
        switch segment {
        case .new:
            return [.hero, .promotions, .categories, .campaigns, .recommended, .deals, .live, .stories,
                    .newArrivals, .popular(0), .popular(1), .picks(0), .popular(2)]
        case .returning:
            return [.hero, .recommended, .campaigns, .live, .deals, .newArrivals, .categories, .stories,
                    .promotions, .picks(0), .popular(0), .popular(1), .picks(1)]
        case .vip:
            return [.hero, .promotions, .recommended, .newArrivals, .live, .campaigns, .picks(0), .categories,
                    .deals, .stories, .popular(0), .picks(1), .popular(1)]
        }
    }

    func compose(_ context: PageContext, schedule: UInt64) -> Composition {
        let locale = context.locale
        let campaigns = orderedCampaigns(context, schedule: schedule)
        let hero = campaigns.first { !$0.campaign.isLiveShopping }
        let others = campaigns.filter { $0.campaign.id != hero?.campaign.id }
        var sections: [JSONValue] = []
        for slot in Self.slots(for: context.segment) {
            let section: SectionBuilder?
            switch slot {
            case .hero: section = hero.map { heroSection($0, locale: locale) }
            case .campaigns: section = campaignsSection(others.map(\.campaign), context: context)
            case .live:
                if let live = others.first(where: { $0.campaign.isLiveShopping }) {
                    sections.append(liveSection(live, context: context))
                }
                continue
            case .categories: section = categoriesSection(locale: locale)
            case .deals: section = dealsSection(locale: locale)
            case .recommended: section = recommendedSection(context.segment, locale: locale)
            case .newArrivals: section = newArrivalsSection(locale: locale)
            case .stories: section = context.passes(.editorial) ? storiesSection(schedule: schedule, locale: locale) : nil
            case .promotions: section = promotionsSection(context.segment, locale: locale)
            case .popular(let rank): section = popularSection(rank: rank, segment: context.segment, locale: locale)
            case .picks(let rank):
                let featured = others.filter { !$0.campaign.isLiveShopping }
                section = rank < featured.count ? picksSection(featured[rank], locale: locale) : nil
            }
            if let section, !section.widgets.isEmpty { sections.append(section.json) }
        }
        return Composition(
            pageID: "home",
            experiments: [(HeroExperiment.id, context.variant.rawValue)],
            nav: nav(locale: locale),
            header: ["sticky": true, "widgets": [widgets.searchBar(locale: locale)]],
            sections: sections,
            footer: ["sticky": false, "widgets": [["type": "separator", "id": "footer.space", "data": ["style": "space"]]]]
        )
    }

    /// Live campaigns this segment may see, in the experiment's order: variant `a` by
    /// priority, `b` by the soonest end (ties by id, so the order is total).
    func orderedCampaigns(_ context: PageContext, schedule: UInt64) -> [ScheduledCampaign] {
        let visible = catalogue.liveCampaigns(in: schedule).filter { $0.campaign.isVisible(to: context.segment) }
        switch context.variant {
        case .a:
            return visible.sorted { ($0.campaign.priority, $1.campaign.id) > ($1.campaign.priority, $0.campaign.id) }
        case .b:
            return visible.sorted { ($0.end, $0.campaign.id) < ($1.end, $1.campaign.id) }
        }
    }

    /// The shop's name. The cart is the app's own (its slot at the bar's end, with the
    /// count), so the page sends no button for it: two would show.
    func nav(locale: StoreLocale) -> JSONValue {
        ["title": .string(SectionTitles.navTitle[locale])]
    }

    private func heroSection(_ scheduled: ScheduledCampaign, locale: StoreLocale) -> SectionBuilder {
        SectionBuilder(
            id: "hero", campaignID: scheduled.campaign.id, experimentID: HeroExperiment.id, expiresAt: scheduled.end,
            widgets: [widgets.heroCampaign(scheduled, section: "hero", locale: locale)])
    }

    /// Campaign cards; the live-shopping card is gated and, for clients that fail the
    /// gate, replaced by its still fallback (the backend sends what the client can show).
    private func campaignsSection(_ campaigns: [Campaign], context: PageContext) -> SectionBuilder {
        let locale = context.locale
        var cards: [JSONValue] = []
        for (position, campaign) in campaigns.enumerated() {
            let still = widgets.liveShoppingStill(campaign, id: "campaigns.\(campaign.id).still", position: position, locale: locale)
            guard campaign.isLiveShopping else {
                cards.append(widgets.campaignCard(campaign, section: "campaigns", position: position, locale: locale))
                continue
            }
            if context.passes(.liveShopping) {
                cards.append(widgets.campaignCard(campaign, section: "campaigns", position: position, locale: locale)
                    .setting("requires", Gate.liveShopping.requires).setting("fallback", still))
            } else {
                cards.append(still)
            }
        }
        return SectionBuilder(
            id: "campaigns", arrangement: "carousel",
            header: widgets.titleBlock(id: "campaigns.title", title: SectionTitles.campaigns[locale]),
            experimentID: HeroExperiment.id, widgets: cards)
    }

    /// The live-shopping carousel: the whole section requires video and app 2.6.0; other
    /// clients get a section holding only its fallback card.
    private func liveSection(_ scheduled: ScheduledCampaign, context: PageContext) -> JSONValue {
        let locale = context.locale
        let campaign = scheduled.campaign
        let still = widgets.liveShoppingStill(campaign, id: "live.still", position: 0, locale: locale)
        guard context.passes(.liveShopping) else {
            return SectionBuilder(id: "live", campaignID: campaign.id, expiresAt: scheduled.end, widgets: [still]).json
        }
        let products = campaignProducts(campaign, limit: 8)
        var section = SectionBuilder(
            id: "live", arrangement: "carousel",
            header: widgets.titleBlock(id: "live.title", title: SectionTitles.liveShopping[locale], subtitle: campaign.title[locale]),
            campaignID: campaign.id, requires: Gate.liveShopping.requires, expiresAt: scheduled.end,
            widgets: [widgets.campaignCard(campaign, section: "live", position: 0, locale: locale)]
                + products.enumerated().map {
                    widgets.productCard($1, id: "live.\($1.id)", position: $0 + 1, locale: locale, campaign: campaign.id)
                }
        ).json
        section = section.setting("fallback", still)
        return section
    }

    private func categoriesSection(locale: StoreLocale) -> SectionBuilder {
        SectionBuilder(
            id: "categories", arrangement: "grid", columns: 3,
            header: widgets.titleBlock(id: "categories.title", title: SectionTitles.categories[locale]),
            widgets: catalogue.categories.enumerated().map {
                widgets.categoryTile($1, section: "categories", position: $0, locale: locale)
            })
    }

    private func productCarousel(id: String, title: String, subtitle: String? = nil, products: [Product],
                                 locale: StoreLocale, campaign: String? = nil, expiresAt: Date? = nil) -> SectionBuilder {
        SectionBuilder(
            id: id, arrangement: "carousel",
            header: widgets.titleBlock(id: "\(id).title", title: title, subtitle: subtitle),
            campaignID: campaign, expiresAt: expiresAt,
            widgets: products.enumerated().map {
                widgets.productCard($1, id: "\(id).\($1.id)", position: $0, locale: locale, campaign: campaign)
            })
    }

    private func dealsSection(locale: StoreLocale) -> SectionBuilder {
        let deals = catalogue.products
            .filter { $0.discountPercent != nil && $0.availability != .unavailable }
            .sorted { ($0.discountPercent ?? 0, $1.id) > ($1.discountPercent ?? 0, $0.id) }
        return productCarousel(id: "deals", title: SectionTitles.deals[locale], products: Array(deals.prefix(10)), locale: locale)
    }

    /// Recommendations by segment: new shoppers get the best rated, returning ones a
    /// spread across categories (including some sold-out items, which carry "notify me"),
    /// VIPs the most expensive.
    private func recommendedSection(_ segment: Segment, locale: StoreLocale) -> SectionBuilder {
        let products: [Product]
        let title: Localized
        switch segment {
        case .new:
            title = SectionTitles.recommendedNew
            products = Array(catalogue.products.filter { $0.availability != .unavailable }
                .sorted { ($0.rating, $1.id) > ($1.rating, $0.id) }.prefix(10))
        case .returning:
            title = SectionTitles.recommendedReturning
            // A step coprime to the catalogue's availability cycles (every 11th unavailable,
            // every 7th low on stock), so the spread holds a few of each, not only one kind.
            products = Array(stride(from: 3, to: catalogue.products.count, by: 23).map { catalogue.products[$0] }.prefix(10))
        case .vip:
            title = SectionTitles.recommendedVIP
            products = Array(catalogue.products.sorted { ($0.priceUSDCents, $1.id) > ($1.priceUSDCents, $0.id) }.prefix(10))
        }
        return productCarousel(id: "recommended", title: title[locale], subtitle: SectionTitles.recommendedSubtitle[locale],
                               products: products, locale: locale)
    }

    private func newArrivalsSection(locale: StoreLocale) -> SectionBuilder {
        let products = catalogue.products.sorted { $0.arrivalRank > $1.arrivalRank }.prefix(10)
        return productCarousel(id: "new-arrivals", title: SectionTitles.newArrivals[locale], products: Array(products), locale: locale)
    }

    private func storiesSection(schedule: UInt64, locale: StoreLocale) -> SectionBuilder {
        let stories = catalogue.liveStories(in: schedule)
        return SectionBuilder(
            id: "stories", header: widgets.titleBlock(id: "stories.title", title: SectionTitles.stories[locale]),
            requires: Gate.editorial.requires, expiresAt: stories.map(\.expires).min(),
            widgets: stories.enumerated().map { widgets.editorialCard($1.story, section: "stories", position: $0, locale: locale) })
    }

    private func promotionsSection(_ segment: Segment, locale: StoreLocale) -> SectionBuilder {
        let promotions = catalogue.promotions.filter { $0.isVisible(to: segment) }
            .sorted { ($0.segments.isEmpty ? 1 : 0, $0.id) < ($1.segments.isEmpty ? 1 : 0, $1.id) }
        return SectionBuilder(
            id: "promotions", header: widgets.titleBlock(id: "promotions.title", title: SectionTitles.promotions[locale]),
            widgets: promotions.enumerated().map {
                widgets.promoBanner($1, section: "promotions", position: $0, locale: locale)
            })
    }

    /// "Popular in <category>": which categories depends on the segment.
    private func popularSection(rank: Int, segment: Segment, locale: StoreLocale) -> SectionBuilder? {
        let picks: [String: [String]] = [
            "new": ["shoes", "coats", "bags"], "returning": ["knitwear", "denim", "watches"],
            "vip": ["watches", "bags", "dresses"],
        ]
        guard let ids = picks[segment.rawValue], ids.indices.contains(rank), let category = catalogue.category(ids[rank]) else {
            return nil
        }
        let id = category.id
        let products = (catalogue.productsByCategory[id] ?? []).sorted { ($0.rating, $1.id) > ($1.rating, $0.id) }.prefix(8)
        return productCarousel(
            id: "popular-\(id)", title: SectionTitles.format(SectionTitles.popularIn, category.name[locale], locale),
            products: Array(products), locale: locale)
    }

    private func picksSection(_ scheduled: ScheduledCampaign, locale: StoreLocale) -> SectionBuilder {
        let campaign = scheduled.campaign
        return productCarousel(
            id: "picks-\(campaign.id)", title: SectionTitles.format(SectionTitles.campaignPicks, campaign.title[locale], locale),
            products: campaignProducts(campaign, limit: 8), locale: locale, campaign: campaign.id, expiresAt: scheduled.end)
    }

    /// Products a campaign features: from its categories, biggest discount then best
    /// rating first.
    func campaignProducts(_ campaign: Campaign, limit: Int) -> [Product] {
        let products = campaign.categoryIDs.flatMap { catalogue.productsByCategory[$0] ?? [] }
        return Array(products.sorted {
            ($0.discountPercent ?? 0, $0.rating, $1.id) > ($1.discountPercent ?? 0, $1.rating, $0.id)
        }.prefix(limit))
    }
}
