import FlowCore
import Foundation
import Synchronization

/// Composes `GET /v1/home` (CONTRACT §6) from the catalogue's page plans: the segment's plan
/// (or its experiment variant's sections), each entry a placement filled from what is live.
///
/// Campaigns a shopper may see (live, of their segment and locale) are put in the page's
/// campaign order (an experiment's variant may change it: priority, or the one ending
/// soonest). The first placed in a hero leads the page; the others fill the campaign
/// carousels and product carousels they are placed in, in that order.
struct HomeComposer: Sendable {
    let catalogue: Catalogue
    let widgets: WidgetFactory
    /// Remembers what each product query matched, for a caller that composes many pages of one
    /// catalogue (the lint); the server composes each page once (`PageCache`) and needs none.
    var memo: ProductQueryMemo? = nil

    /// What `query` (a placement's or campaign's, named by `owner`) matches in `locale`.
    func products(_ query: ProductQuery, owner: String, locale: StoreLocale, cap: Int? = nil) -> [Product] {
        guard let memo else { return query.products(in: catalogue, locale: locale, cap: cap) }
        return memo.products(query, owner: owner, in: catalogue, locale: locale, cap: cap)
    }

    /// What one home composition is for.
    struct Input {
        var context: PageContext
        var locale: StoreLocale
        var choice: ExperimentChoice
        var instant: Date
        var assignments: [(experiment: Experiment, variant: Experiment.Variant)]
    }

    func input(_ context: PageContext, choice: ExperimentChoice, at instant: Date) -> Input {
        Input(context: context, locale: catalogue.locale(for: context.locale), choice: choice, instant: instant,
              assignments: catalogue.assignments(choice))
    }

    func compose(_ context: PageContext, choice: ExperimentChoice, at instant: Date) -> Composition {
        let input = input(context, choice: choice, at: instant)
        let locale = input.locale
        return Composition(
            pageID: "home",
            experiments: input.assignments.map { ($0.experiment.id, $0.variant.id) },
            nav: nav(locale: locale),
            header: ["sticky": true, "widgets": [widgets.searchBar(locale: locale)]],
            sections: sections(input).map(\.section),
            footer: ["sticky": false, "widgets": [["type": "separator", "id": "footer.space", "data": ["style": "space"]]]]
        )
    }

    /// The plan entries the page follows: the experiment variant's sections, else its segment's plan.
    func entries(_ input: Input) -> [PlanEntry] {
        input.assignments.compactMap(\.variant.sections).first ?? catalogue.plan(for: input.context.segment)?.sections ?? []
    }

    /// What each plan entry (`entries`) shows, by its index; an entry with nothing to show, or
    /// whose placement the client does not meet, has none.
    /// `ordered`: the campaigns `orderedCampaigns(input)` gives, when the caller has them.
    func contents(_ input: Input, ordered: [Campaign]? = nil) -> [(entry: Int, placement: Placement, content: SectionContent)] {
        let entries = entries(input)
        let campaigns = ordered ?? orderedCampaigns(input)
        let heroPlacements = entries.compactMap { catalogue.placement($0.placement) }.filter { $0.content == .hero }.map(\.id)
        let hero = campaigns.first { campaign in heroPlacements.contains { campaign.isPlaced(in: $0) } }
        // The campaigns placed in each placement, in campaign order, found in one pass.
        var placedIn: [ExactString: [Campaign]] = [:]
        for campaign in campaigns where hero.map({ !campaign.id.isByteEqual(to: $0.id) }) ?? true {
            for placement in campaign.placements where placedIn[ExactString(placement)]?.last?.id.isByteEqual(to: campaign.id) != true {
                placedIn[ExactString(placement), default: []].append(campaign)
            }
        }
        return entries.enumerated().compactMap { index, entry in
            guard let placement = catalogue.placement(entry.placement), input.context.passes(placement.requires) else { return nil }
            let placed = placedIn[ExactString(placement.id)] ?? []
            return content(for: placement, rank: entry.rank, hero: hero, placed: placed, input: input).map { (index, placement, $0) }
        }
    }

    /// The page's sections, each with the index of the plan entry (`entries`) it fills.
    func sections(_ input: Input) -> [(entry: Int, section: JSONValue)] {
        contents(input).map { entry, placement, content in
            var section = section(content, placement: placement, input: input)
            if let requires = placement.requires { section = section.setting("requires", requires.json) }
            return (entry, tracked(section, placement: placement, input: input))
        }
    }

    /// What one placement shows, or `nil` when it has nothing to show.
    private func content(for placement: Placement, rank: Int, hero: Campaign?, placed: [Campaign], input: Input) -> SectionContent? {
        let locale = input.locale
        switch placement.content {
        case .hero:
            return hero.map { .hero($0) }
        case .campaignCarousel(let title):
            return placed.isEmpty ? nil : .campaignCarousel(title: title[locale], placed)
        case .campaignProducts(let shape):
            guard placed.indices.contains(rank) else { return nil }
            let campaign = placed[rank]
            let products = products(campaign.products, owner: "campaign:\(campaign.id)", locale: locale, cap: shape.limit)
            let fallbackOnly = campaign.requires.map { !input.context.passes($0) } ?? false
            return products.isEmpty && !shape.leadCard ? nil : .campaignProducts(campaign, shape, products: products, fallbackOnly: fallbackOnly)
        case .categories(let title, let columns):
            return catalogue.categories.isEmpty ? nil : .categories(title: title[locale], columns: columns)
        case .products(let title, let subtitle, let query):
            let products = products(query, owner: "placement:\(placement.id)", locale: locale)
            return products.isEmpty ? nil : .products(title: title[locale], subtitle: subtitle.map { $0[locale] }, products)
        case .stories(let title):
            let stories = catalogue.stories.filter { $0.window.contains(input.instant) }
            return stories.isEmpty ? nil : .stories(title: title[locale], stories)
        case .promotions(let title):
            let promotions = catalogue.promotions
                .filter { $0.isVisible(to: input.context.segment) && $0.window.contains(input.instant) }
                .sorted { ($0.segments.isEmpty ? 1 : 0, $0.id) < ($1.segments.isEmpty ? 1 : 0, $1.id) }
            return promotions.isEmpty ? nil : .promotions(title: title[locale], promotions)
        }
    }

    /// `content` written as the placement's section.
    private func section(_ content: SectionContent, placement: Placement, input: Input) -> JSONValue {
        let locale = input.locale
        let id = placement.sectionID()
        switch content {
        case .hero(let campaign):
            return heroSection(campaign, id: id, input: input)
        case .campaignCarousel(let title, let campaigns):
            return campaignCarousel(campaigns, id: id, title: title, input: input)
        case .campaignProducts(let campaign, let shape, let products, let fallbackOnly):
            return campaignProducts(campaign, products: products, fallbackOnly: fallbackOnly, placement: placement, shape: shape, input: input)
        case .categories(let title, let columns):
            return SectionBuilder(
                id: id, arrangement: "grid", columns: columns,
                header: widgets.titleBlock(id: "\(id).title", title: title),
                widgets: catalogue.categories.enumerated().map { widgets.categoryTile($1, section: id, position: $0, locale: locale) }).json
        case .products(let title, let subtitle, let products):
            return productCarousel(id: id, title: title, subtitle: subtitle, products: products, locale: locale).json
        case .stories(let title, let stories):
            return SectionBuilder(
                id: id, header: widgets.titleBlock(id: "\(id).title", title: title),
                expiresAt: stories.compactMap(\.window.end).min(),
                widgets: stories.enumerated().map { widgets.editorialCard($1, section: id, position: $0, locale: locale) }).json
        case .promotions(let title, let promotions):
            return SectionBuilder(
                id: id, header: widgets.titleBlock(id: "\(id).title", title: title),
                expiresAt: promotions.compactMap(\.window.end).min(),
                widgets: promotions.enumerated().map { widgets.promoBanner($1, section: id, position: $0, locale: locale) }).json
        }
    }

    /// Live campaigns this shopper may see, in the page's campaign order: priority unless an
    /// experiment's variant says otherwise (ties by id, so the order is total).
    func orderedCampaigns(_ input: Input) -> [Campaign] {
        Self.sorted(visibleCampaigns(input), by: campaignOrder(input))
    }

    /// Live campaigns this shopper may see, in no order.
    func visibleCampaigns(_ input: Input) -> [Campaign] {
        catalogue.liveCampaigns(at: input.instant).filter { $0.isVisible(to: input.context.segment, locale: input.locale) }
    }

    /// The page's campaign order: its experiment variant's, else priority.
    func campaignOrder(_ input: Input) -> Experiment.CampaignOrder {
        input.assignments.compactMap(\.variant.campaignOrder).first ?? .priority
    }

    static func sorted(_ campaigns: [Campaign], by order: Experiment.CampaignOrder) -> [Campaign] {
        switch order {
        case .priority:
            return campaigns.sorted { ($0.priority, $1.id) > ($1.priority, $0.id) }
        case .endingSoonest:
            return campaigns.sorted { ($0.end, $0.id) < ($1.end, $1.id) }
        }
    }

    /// A section of an experiment's placement carries the experiment and the shopper's variant,
    /// which its impressions take to the backend (exposures).
    private func tracked(_ section: JSONValue, placement: Placement, input: Input) -> JSONValue {
        guard let assigned = input.assignments.first(where: { $0.experiment.isTracked(placement.id) }),
            case .object(var object) = section, case .object(var tracking)? = object["tracking"]
        else { return section }
        tracking["experiment_id"] = .string(assigned.experiment.id)
        tracking["experiment_variant"] = .string(assigned.variant.id)
        object["tracking"] = .object(tracking)
        return .object(object)
    }

    /// The shop's name. The cart is the app's own (its slot at the bar's end, with the
    /// count), so the page sends no button for it: two would show.
    func nav(locale: StoreLocale) -> JSONValue {
        ["title": .string(SectionTitles.navTitle[locale])]
    }
}

/// The products each query matched, by its owner (`placement:ID`, `campaign:ID`, compared as
/// bytes) and locale: a catalogue's queries match the same products at every instant. A cap
/// takes the first of them, as the query's order is total.
final class ProductQueryMemo: Sendable {
    private struct Key: Hashable {
        var owner: ExactString
        var locale: StoreLocale
    }

    private let lists = Mutex<[Key: [Product]]>([:])

    func products(_ query: ProductQuery, owner: String, in catalogue: Catalogue, locale: StoreLocale, cap: Int? = nil) -> [Product] {
        let key = Key(owner: ExactString(owner), locale: locale)
        let found = lists.withLock { $0[key] } ?? {
            let found = query.products(in: catalogue, locale: locale)
            lists.withLock { $0[key] = found }
            return found
        }()
        return cap.map { Array(found.prefix(max(0, $0))) } ?? found
    }
}

/// What a placement shows on a page, decided before a widget is written: the composer writes
/// it, the lint reads which campaigns it shows.
enum SectionContent {
    case hero(Campaign)
    case campaignCarousel(title: String, [Campaign])
    /// A campaign's products, after its card when the placement leads with it; only its
    /// fallback card for a client that does not meet the campaign's `requires`.
    case campaignProducts(Campaign, Placement.CampaignProducts, products: [Product], fallbackOnly: Bool)
    case categories(title: String, columns: Int)
    case products(title: String, subtitle: String?, [Product])
    case stories(title: String, [Story])
    case promotions(title: String, [Promotion])

    /// The campaigns it shows themselves (a banner, a card, a fallback card), in order; a
    /// section of a campaign's products without its card shows other things.
    var campaignsShown: [Campaign] {
        switch self {
        case .hero(let campaign): [campaign]
        case .campaignCarousel(_, let campaigns): campaigns
        case .campaignProducts(let campaign, let shape, _, let fallbackOnly): shape.leadCard || fallbackOnly ? [campaign] : []
        case .categories, .products, .stories, .promotions: []
        }
    }
}
