import FlowCore
import Foundation

/// The sections campaigns fill, and what a client that fails a campaign's `requires` gets: the
/// node with its `requires` and its fallback card for clients that pass (caches and
/// intermediaries can still check), the fallback card alone for those that fail (the backend
/// sends what the client can show).
extension HomeComposer {
    func heroSection(_ campaign: Campaign, id: String, input: HomeComposer.Input) -> JSONValue {
        let hero = widgets.heroCampaign(campaign, section: id, locale: input.locale)
        return SectionBuilder(
            id: id, campaignID: campaign.id, expiresAt: campaign.end,
            widgets: [gated(hero, campaign: campaign, section: id, position: 0, input: input)]).json
    }

    func campaignCarousel(_ campaigns: [Campaign], id: String, title: String, input: HomeComposer.Input) -> JSONValue {
        let cards = campaigns.enumerated().map { position, campaign in
            gated(widgets.campaignCard(campaign, section: id, position: position, locale: input.locale),
                  campaign: campaign, section: id, position: position, input: input)
        }
        return SectionBuilder(
            id: id, arrangement: "carousel", header: widgets.titleBlock(id: "\(id).title", title: title), widgets: cards).json
    }

    /// A campaign's products as a carousel (its query, at most the placement's limit), after
    /// its own card when the placement leads with it; its fallback card alone for a client
    /// that does not meet its `requires` (`fallbackOnly`).
    func campaignProducts(_ campaign: Campaign, products: [Product], fallbackOnly: Bool, placement: Placement,
                          shape: Placement.CampaignProducts, input: HomeComposer.Input) -> JSONValue {
        let locale = input.locale
        let id = placement.sectionID(campaign: campaign.id)
        if fallbackOnly {
            let fallback = widgets.fallbackCard(campaign, id: "\(id).\(campaign.id).fallback", position: 0, locale: locale)
            return SectionBuilder(id: id, campaignID: campaign.id, expiresAt: campaign.end, widgets: [fallback]).json
        }
        var cards: [JSONValue] = []
        if shape.leadCard { cards.append(widgets.campaignCard(campaign, section: id, position: 0, locale: locale)) }
        let lead = cards.count
        cards += products.enumerated().map {
            widgets.productCard($1, id: "\(id).\($1.id)", position: $0 + lead, locale: locale, campaign: campaign.id)
        }
        let title = shape.title.filling(Placement.campaignToken, with: campaign.title)[locale]
        let subtitle = shape.subtitle.map { $0.filling(Placement.campaignToken, with: campaign.title)[locale] }
        guard let requires = campaign.requires else {
            return SectionBuilder(
                id: id, arrangement: "carousel", header: widgets.titleBlock(id: "\(id).title", title: title, subtitle: subtitle),
                campaignID: campaign.id, expiresAt: campaign.end, widgets: cards).json
        }
        let fallback = widgets.fallbackCard(campaign, id: "\(id).\(campaign.id).fallback", position: 0, locale: locale)
        return SectionBuilder(
            id: id, arrangement: "carousel", header: widgets.titleBlock(id: "\(id).title", title: title, subtitle: subtitle),
            campaignID: campaign.id, requires: requires.json, expiresAt: campaign.end, widgets: cards
        ).json.setting("fallback", fallback)
    }

    /// A carousel of products, each card tracked with the campaign it is shown for.
    func productCarousel(id: String, title: String, subtitle: String? = nil, products: [Product],
                         locale: StoreLocale, campaign: String? = nil, expiresAt: Date? = nil) -> SectionBuilder {
        SectionBuilder(
            id: id, arrangement: "carousel",
            header: widgets.titleBlock(id: "\(id).title", title: title, subtitle: subtitle),
            campaignID: campaign, expiresAt: expiresAt,
            widgets: products.enumerated().map {
                widgets.productCard($1, id: "\(id).\($1.id)", position: $0, locale: locale, campaign: campaign)
            })
    }

    /// A campaign's node as a client can show it: with its `requires` and fallback when the
    /// client meets them, its fallback card alone when it does not.
    func gated(_ node: JSONValue, campaign: Campaign, section: String, position: Int, input: HomeComposer.Input) -> JSONValue {
        guard let requires = campaign.requires else { return node }
        let fallback = widgets.fallbackCard(campaign, id: "\(section).\(campaign.id).fallback", position: position, locale: input.locale)
        guard input.context.passes(requires) else { return fallback }
        return node.setting("requires", requires.json).setting("fallback", fallback)
    }
}
