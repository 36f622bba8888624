import FlowCore
import Foundation

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
        let entries = input.assignments.compactMap(\.variant.sections).first ?? catalogue.plan(for: context.segment)?.sections ?? []
        let campaigns = orderedCampaigns(input)
        let heroPlacements = entries.compactMap { catalogue.placement($0.placement) }.filter { $0.content == .hero }.map(\.id)
        let hero = campaigns.first { campaign in heroPlacements.contains { campaign.isPlaced(in: $0) } }
        let others = campaigns.filter { $0.id != hero?.id }
        var sections: [JSONValue] = []
        for entry in entries {
            guard let placement = catalogue.placement(entry.placement), input.context.passes(placement.requires) else { continue }
            let placed = others.filter { $0.isPlaced(in: placement.id) }
            guard var section = section(for: placement, rank: entry.rank, hero: hero, placed: placed, input: input) else { continue }
            if let requires = placement.requires { section = section.setting("requires", requires.json) }
            sections.append(tracked(section, placement: placement, input: input))
        }
        return Composition(
            pageID: "home",
            experiments: input.assignments.map { ($0.experiment.id, $0.variant.id) },
            nav: nav(locale: locale),
            header: ["sticky": true, "widgets": [widgets.searchBar(locale: locale)]],
            sections: sections,
            footer: ["sticky": false, "widgets": [["type": "separator", "id": "footer.space", "data": ["style": "space"]]]]
        )
    }

    /// One placement's section, or `nil` when it has nothing to show.
    private func section(for placement: Placement, rank: Int, hero: Campaign?, placed: [Campaign], input: Input) -> JSONValue? {
        let locale = input.locale
        let id = placement.sectionID()
        switch placement.content {
        case .hero:
            return hero.map { heroSection($0, id: id, input: input) }
        case .campaignCarousel(let title):
            guard !placed.isEmpty else { return nil }
            return campaignCarousel(placed, id: id, title: title[locale], input: input)
        case .campaignProducts(let shape):
            guard placed.indices.contains(rank) else { return nil }
            return campaignProducts(placed[rank], placement: placement, shape: shape, input: input)
        case .categories(let title, let columns):
            return nonEmpty(SectionBuilder(
                id: id, arrangement: "grid", columns: columns,
                header: widgets.titleBlock(id: "\(id).title", title: title[locale]),
                widgets: catalogue.categories.enumerated().map { widgets.categoryTile($1, section: id, position: $0, locale: locale) }))
        case .products(let title, let subtitle, let query):
            return nonEmpty(productCarousel(
                id: id, title: title[locale], subtitle: subtitle.map { $0[locale] }, products: query.products(in: catalogue, locale: locale), locale: locale))
        case .stories(let title):
            let stories = catalogue.stories.filter { $0.window.contains(input.instant) }
            return nonEmpty(SectionBuilder(
                id: id, header: widgets.titleBlock(id: "\(id).title", title: title[locale]),
                expiresAt: stories.compactMap(\.window.end).min(),
                widgets: stories.enumerated().map { widgets.editorialCard($1, section: id, position: $0, locale: locale) }))
        case .promotions(let title):
            let promotions = catalogue.promotions
                .filter { $0.isVisible(to: input.context.segment) && $0.window.contains(input.instant) }
                .sorted { ($0.segments.isEmpty ? 1 : 0, $0.id) < ($1.segments.isEmpty ? 1 : 0, $1.id) }
            return nonEmpty(SectionBuilder(
                id: id, header: widgets.titleBlock(id: "\(id).title", title: title[locale]),
                expiresAt: promotions.compactMap(\.window.end).min(),
                widgets: promotions.enumerated().map { widgets.promoBanner($1, section: id, position: $0, locale: locale) }))
        }
    }

    private func nonEmpty(_ section: SectionBuilder) -> JSONValue? {
        section.widgets.isEmpty ? nil : section.json
    }

    /// Live campaigns this shopper may see, in the page's campaign order: priority unless an
    /// experiment's variant says otherwise (ties by id, so the order is total).
    func orderedCampaigns(_ input: Input) -> [Campaign] {
        let visible = catalogue.liveCampaigns(at: input.instant)
            .filter { $0.isVisible(to: input.context.segment, locale: input.locale) }
        let order = input.assignments.compactMap(\.variant.campaignOrder).first ?? .priority
        return Self.sorted(visible, by: order)
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
