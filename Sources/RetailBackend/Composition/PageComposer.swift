import FlowCore
import Foundation

/// Composes `GET /v1/pages/{id}`: `campaign:ID`, `category:ID` and `product:ID`, from the
/// same widgets as the home page.
struct PageComposer: Sendable {
    let home: HomeComposer
    /// One per locale: suggestions and the results pages rank alike.
    let searchIndexes: [StoreLocale: SearchIndex]

    init(home: HomeComposer) {
        self.home = home
        searchIndexes = Dictionary(uniqueKeysWithValues: StoreLocale.allCases.map { ($0, SearchIndex(catalogue: home.catalogue, locale: $0)) })
    }

    private var catalogue: Catalogue { home.catalogue }
    private var widgets: WidgetFactory { home.widgets }

    /// The page, or a 404 naming what is unknown (a campaign that is not live is unknown).
    func compose(pageID: String, context: PageContext, schedule: UInt64) throws(RequestError) -> Composition {
        if pageID == "home" { return home.compose(context, schedule: schedule) }
        let parts = pageID.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw .notFound("no page '\(pageID.clipped(toUTF8Bytes: 80))'; ids are campaign:ID, category:ID or product:ID") }
        switch parts[0] {
        case "campaign":
            guard let scheduled = catalogue.liveCampaigns(in: schedule).first(where: { $0.campaign.id == parts[1] }) else {
                throw .notFound("no live campaign '\(parts[1].clipped(toUTF8Bytes: 80))'")
            }
            return campaignPage(scheduled, context: context, schedule: schedule)
        case "category":
            guard let category = catalogue.category(parts[1]) else { throw .notFound("no category '\(parts[1].clipped(toUTF8Bytes: 80))'") }
            return categoryPage(category, context: context, schedule: schedule)
        case "product":
            guard let product = catalogue.product(parts[1]) else { throw .notFound("no product '\(parts[1].clipped(toUTF8Bytes: 80))'") }
            return productPage(product, context: context)
        case "search":
            guard parts[1].utf8.count <= 200 else { throw .badParameter("a search is at most 200 UTF-8 bytes") }
            return searchPage(query: parts[1], context: context, schedule: schedule)
        default:
            throw .notFound("no page '\(pageID.clipped(toUTF8Bytes: 80))'; ids are campaign:ID, category:ID, product:ID or search:QUERY")
        }
    }

    private func campaignPage(_ scheduled: ScheduledCampaign, context: PageContext, schedule: UInt64) -> Composition {
        let locale = context.locale
        let campaign = scheduled.campaign
        var sections = [
            SectionBuilder(id: "hero", campaignID: campaign.id, expiresAt: scheduled.end,
                           widgets: [widgets.heroCampaign(scheduled, section: "hero", locale: locale)]).json,
        ]
        for id in campaign.categoryIDs {
            guard let category = catalogue.category(id) else { continue }
            let products = catalogue.productsByCategory[id] ?? []
            sections.append(SectionBuilder(
                id: "grid-\(id)", arrangement: "grid", columns: 2,
                header: widgets.titleBlock(id: "grid-\(id).title", title: category.name[locale]),
                campaignID: campaign.id, expiresAt: scheduled.end,
                widgets: products.enumerated().map {
                    widgets.productCard($1, id: "grid-\(id).\($1.id)", position: $0, locale: locale, width: nil, campaign: campaign.id)
                }).json)
        }
        let others = home.orderedCampaigns(context, schedule: schedule)
            .filter { $0.campaign.id != campaign.id && !$0.campaign.isLiveShopping }
        if !others.isEmpty {
            sections.append(SectionBuilder(
                id: "more-campaigns", arrangement: "carousel",
                header: widgets.titleBlock(id: "more-campaigns.title", title: SectionTitles.moreCampaigns[locale]),
                widgets: others.enumerated().map {
                    widgets.campaignCard($1.campaign, section: "more-campaigns", position: $0, locale: locale)
                }).json)
        }
        return Composition(pageID: campaign.pageID, nav: ["title": .string(campaign.title[locale])], sections: sections)
    }

    private func categoryPage(_ category: Category, context: PageContext, schedule: UInt64) -> Composition {
        let locale = context.locale
        let products = catalogue.productsByCategory[category.id] ?? []
        var sections = [
            SectionBuilder(
                id: "products", arrangement: "grid", columns: 2,
                header: widgets.titleBlock(id: "products.title", title: SectionTitles.allProducts[locale]),
                widgets: products.enumerated().map {
                    widgets.productCard($1, id: "products.\($1.id)", position: $0, locale: locale, width: nil)
                }).json,
        ]
        let campaigns = home.orderedCampaigns(context, schedule: schedule)
            .filter { $0.campaign.categoryIDs.contains(category.id) && !$0.campaign.isLiveShopping }
        if !campaigns.isEmpty {
            sections.append(SectionBuilder(
                id: "campaigns", arrangement: "carousel",
                header: widgets.titleBlock(id: "campaigns.title", title: SectionTitles.campaigns[locale]),
                widgets: campaigns.enumerated().map {
                    widgets.campaignCard($1.campaign, section: "campaigns", position: $0, locale: locale)
                }).json)
        }
        sections.append(SectionBuilder(
            id: "other-categories", arrangement: "grid", columns: 3,
            header: widgets.titleBlock(id: "other-categories.title", title: SectionTitles.otherCategories[locale]),
            widgets: catalogue.categories.filter { $0.id != category.id }.enumerated().map {
                widgets.categoryTile($1, section: "other-categories", position: $0, locale: locale)
            }).json)
        return Composition(pageID: category.pageID, nav: ["title": .string(category.name[locale])], sections: sections)
    }

    private func productPage(_ product: Product, context: PageContext) -> Composition {
        let locale = context.locale
        let related = (catalogue.productsByCategory[product.categoryID] ?? []).filter { $0.id != product.id }.prefix(8)
        let siblings = (catalogue.productsByCategory[product.categoryID] ?? []).filter { $0.id != product.id && $0.kind == product.kind }
        let category = catalogue.category(product.categoryID)
        var sections = [
            SectionBuilder(
                id: "details",
                widgets: [widgets.productDetail(product, siblings: siblings, category: category, locale: locale)]).json,
            SectionBuilder(
                id: "related", arrangement: "carousel",
                header: widgets.titleBlock(id: "related.title", title: SectionTitles.related[locale]),
                widgets: related.enumerated().map {
                    widgets.productCard($1, id: "related.\($1.id)", position: $0, locale: locale)
                }).json,
        ]
        if let category {
            sections.append(SectionBuilder(
                id: "category", widgets: [widgets.categoryTile(category, section: "category", position: 0, locale: locale)]).json)
        }
        return Composition(pageID: product.pageID, nav: ["title": .string(product.title[locale])], sections: sections)
    }

    /// `search:QUERY`: what a search finds, ranked as its suggestions are: the categories as
    /// tiles, the products as cards with their price and picture; a page that says so, with
    /// every category to browse, when nothing matches.
    private func searchPage(query: String, context: PageContext, schedule: UInt64) -> Composition {
        let locale = context.locale
        let found = searchIndexes[locale]?.suggestions(for: query, limit: 48) ?? []
        let categories = found.filter { $0.kind == .category }.compactMap { catalogue.category(String($0.target.dropFirst("category:".count))) }
        let products = found.filter { $0.kind == .product }.compactMap { catalogue.product(String($0.target.dropFirst("product:".count))) }
        let title = SectionTitles.searchResults[locale].replacingOccurrences(of: "%@", with: query)
        var sections: [JSONValue] = []
        if !categories.isEmpty {
            sections.append(SectionBuilder(
                id: "categories", arrangement: "grid", columns: 3,
                header: widgets.titleBlock(id: "categories.title", title: SectionTitles.searchCategories[locale]),
                widgets: categories.enumerated().map { widgets.categoryTile($1, section: "categories", position: $0, locale: locale) }).json)
        }
        if !products.isEmpty {
            sections.append(SectionBuilder(
                id: "products", arrangement: "grid", columns: 2,
                header: widgets.titleBlock(id: "products.title", title: SectionTitles.searchProducts[locale]),
                widgets: products.enumerated().map {
                    widgets.productCard($1, id: "products.\($1.id)", position: $0, locale: locale, width: nil)
                }).json)
        }
        if sections.isEmpty {
            sections.append(SectionBuilder(id: "nothing", widgets: [widgets.titleBlock(
                id: "nothing.title", title: SectionTitles.searchNothing[locale].replacingOccurrences(of: "%@", with: query),
                subtitle: SectionTitles.searchNothingHint[locale])]).json)
            sections.append(SectionBuilder(
                id: "all-categories", arrangement: "grid", columns: 3,
                widgets: catalogue.categories.enumerated().map {
                    widgets.categoryTile($1, section: "all-categories", position: $0, locale: locale)
                }).json)
        }
        return Composition(pageID: PageComposer.searchPageID(query), nav: ["title": .string(title)], sections: sections)
    }

    static func searchPageID(_ query: String) -> String { "search:" + query }
}
