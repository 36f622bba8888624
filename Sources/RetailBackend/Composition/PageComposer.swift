import FlowCore
import Foundation
import HTTPServer
import RetailContract

/// Composes `GET /v1/pages/{id}`: `campaign:ID`, `category:ID`, `product:ID`, `story:ID` and
/// `search:QUERY`, from the same widgets as the home page.
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

    /// The page, or a 404 naming what is unknown (a campaign that is not live, or not for
    /// this shopper's segment and locale, is unknown).
    func compose(pageID: String, context: PageContext, choice: ExperimentChoice, at instant: Date) throws(RequestError) -> Composition {
        if pageID == "home" { return home.compose(context, choice: choice, at: instant) }
        let input = home.input(context, choice: choice, at: instant)
        let parts = pageID.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw .notFound("no page '\(pageID.clipped(toUTF8Bytes: 80))'; \(Self.pageKinds)") }
        switch parts[0] {
        case "campaign":
            guard let campaign = home.orderedCampaigns(input).first(where: { $0.id.isByteEqual(to: parts[1]) }) else {
                throw .notFound("no live campaign '\(parts[1].clipped(toUTF8Bytes: 80))'")
            }
            return campaignPage(campaign, input: input)
        case "category":
            guard let category = catalogue.category(parts[1]) else { throw .notFound("no category '\(parts[1].clipped(toUTF8Bytes: 80))'") }
            return categoryPage(category, input: input)
        case "product":
            guard let product = catalogue.product(parts[1]) else { throw .notFound("no product '\(parts[1].clipped(toUTF8Bytes: 80))'") }
            return productPage(product, locale: input.locale)
        case "story":
            guard let story = liveStories(input).first(where: { $0.id.isByteEqual(to: parts[1]) }) else {
                throw .notFound("no live story '\(parts[1].clipped(toUTF8Bytes: 80))'")
            }
            return storyPage(story, input: input)
        case "search":
            guard parts[1].utf8.count <= RetailLimits.queryBytes else { throw .badParameter("a search is at most \(RetailLimits.queryBytes) UTF-8 bytes") }
            return searchPage(query: parts[1], locale: input.locale)
        default:
            throw .notFound("no page '\(pageID.clipped(toUTF8Bytes: 80))'; \(Self.pageKinds)")
        }
    }

    private static let pageKinds = "ids are campaign:ID, category:ID, product:ID, story:ID or search:QUERY"

    private func liveStories(_ input: HomeComposer.Input) -> [Story] {
        catalogue.stories.filter { $0.window.contains(input.instant) }
    }

    /// A story's page: the story whole (its call to action is this page), then the other live
    /// stories, then the campaigns of the campaign carousels.
    private func storyPage(_ story: Story, input: HomeComposer.Input) -> Composition {
        let locale = input.locale
        var sections = [SectionBuilder(
            id: "story", expiresAt: story.window.end,
            widgets: [widgets.editorialCard(story, section: "story", position: 0, locale: locale, opensStory: false)]).json]
        let others = liveStories(input).filter { !$0.id.isByteEqual(to: story.id) }
        if !others.isEmpty {
            sections.append(SectionBuilder(
                id: "more-stories",
                header: widgets.titleBlock(id: "more-stories.title", title: SectionTitles.moreStories[locale]),
                expiresAt: others.compactMap(\.window.end).min(),
                widgets: others.enumerated().map { widgets.editorialCard($1, section: "more-stories", position: $0, locale: locale) }).json)
        }
        let campaigns = carouselCampaigns(input)
        if !campaigns.isEmpty {
            sections.append(home.campaignCarousel(campaigns, id: "campaigns", title: SectionTitles.campaigns[locale], input: input))
        }
        return Composition(pageID: story.pageID, nav: ["title": .string(story.title[locale])], sections: sections)
    }

    /// A campaign's page: its hero, then the products of its query (a grid per category the
    /// query names, one grid else: "Winter Sale, up to 50 % off" shows what is on sale in
    /// its categories), then the other live campaigns of the campaign carousels.
    private func campaignPage(_ campaign: Campaign, input: HomeComposer.Input) -> Composition {
        let locale = input.locale
        var sections = [home.heroSection(campaign, id: "hero", input: input)]
        let products = campaign.products.products(in: catalogue, locale: locale)
        let groups: [(id: String, title: String, products: [Product])] = campaign.products.categories.isEmpty
            ? [("products", SectionTitles.allProducts[locale], products)]
            : campaign.products.categories.compactMap { id in
                catalogue.category(id).map { ("grid-\($0.id)", $0.name[locale], products.filter { $0.categoryID.isByteEqual(to: id) }) }
            }
        for group in groups where !group.products.isEmpty {
            sections.append(SectionBuilder(
                id: group.id, arrangement: "grid", columns: 2,
                header: widgets.titleBlock(id: "\(group.id).title", title: group.title),
                campaignID: campaign.id, expiresAt: campaign.end,
                widgets: group.products.enumerated().map {
                    widgets.productCard($1, id: "\(group.id).\($1.id)", position: $0, locale: locale, width: nil, campaign: campaign.id)
                }).json)
        }
        let others = carouselCampaigns(input).filter { $0.id != campaign.id }
        if !others.isEmpty {
            sections.append(home.campaignCarousel(others, id: "more-campaigns", title: SectionTitles.moreCampaigns[locale], input: input))
        }
        return Composition(pageID: campaign.pageID, nav: ["title": .string(campaign.title[locale])], sections: sections)
    }

    /// Live campaigns the shopper may see that a campaign carousel shows, in the page's order.
    private func carouselCampaigns(_ input: HomeComposer.Input) -> [Campaign] {
        let carousels = catalogue.placements.filter {
            if case .campaignCarousel = $0.content { return true }
            return false
        }.map(\.id)
        return home.orderedCampaigns(input).filter { campaign in carousels.contains { campaign.isPlaced(in: $0) } }
    }

    private func categoryPage(_ category: Category, input: HomeComposer.Input) -> Composition {
        let locale = input.locale
        let products = catalogue.products(inCategory: category.id)
        var sections = [
            SectionBuilder(
                id: "products", arrangement: "grid", columns: 2,
                header: widgets.titleBlock(id: "products.title", title: SectionTitles.allProducts[locale]),
                widgets: products.enumerated().map {
                    widgets.productCard($1, id: "products.\($1.id)", position: $0, locale: locale, width: nil)
                }).json,
        ]
        let campaigns = carouselCampaigns(input).filter { campaign in
            campaign.products.categories.contains { $0.isByteEqual(to: category.id) }
        }
        if !campaigns.isEmpty {
            sections.append(home.campaignCarousel(campaigns, id: "campaigns", title: SectionTitles.campaigns[locale], input: input))
        }
        sections.append(SectionBuilder(
            id: "other-categories", arrangement: "grid", columns: 3,
            header: widgets.titleBlock(id: "other-categories.title", title: SectionTitles.otherCategories[locale]),
            widgets: catalogue.categories.filter { $0.id != category.id }.enumerated().map {
                widgets.categoryTile($1, section: "other-categories", position: $0, locale: locale)
            }).json)
        return Composition(pageID: category.pageID, nav: ["title": .string(category.name[locale])], sections: sections)
    }

    private func productPage(_ product: Product, locale: StoreLocale) -> Composition {
        let related = catalogue.products(inCategory: product.categoryID).filter { !$0.id.isByteEqual(to: product.id) }.prefix(8)
        let category = catalogue.category(product.categoryID)
        var sections = [
            SectionBuilder(
                id: "details",
                widgets: [widgets.productDetail(product, family: catalogue.variantFamily(of: product), category: category, locale: locale)]).json,
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
    private func searchPage(query: String, locale: StoreLocale) -> Composition {
        let found = searchIndexes[locale]?.suggestions(for: query, limit: Self.searchResultLimit) ?? []
        let categories = found.filter { $0.kind == .category }.compactMap { catalogue.category(String($0.target.dropFirst("category:".count))) }
        let products = found.filter { $0.kind == .product }.compactMap { catalogue.product(String($0.target.dropFirst("product:".count))) }
        let title = SectionTitles.searchResults[locale].replacingOccurrences(of: "%@", with: query)
        var sections: [JSONValue] = []
        if !categories.isEmpty {
            sections.append(searchSection(.categories, locale: locale, widgets: categories.enumerated().map { searchTile($1, position: $0, locale: locale) }))
        }
        if !products.isEmpty {
            sections.append(searchSection(.products, locale: locale, widgets: products.enumerated().map { searchCard($1, position: $0, locale: locale) }))
        }
        if sections.isEmpty {
            sections = nothingFound(query: query, locale: locale)
        }
        return Composition(pageID: PageComposer.searchPageID(query), nav: ["title": .string(title)], sections: sections)
    }

    /// The most results a search page shows.
    static let searchResultLimit = 48

    private enum SearchSection: String {
        case categories, products
    }

    private func searchSection(_ section: SearchSection, locale: StoreLocale, widgets: [JSONValue]) -> JSONValue {
        switch section {
        case .categories:
            SectionBuilder(
                id: "categories", arrangement: "grid", columns: 3,
                header: self.widgets.titleBlock(id: "categories.title", title: SectionTitles.searchCategories[locale]), widgets: widgets).json
        case .products:
            SectionBuilder(
                id: "products", arrangement: "grid", columns: 2,
                header: self.widgets.titleBlock(id: "products.title", title: SectionTitles.searchProducts[locale]), widgets: widgets).json
        }
    }

    private func searchTile(_ category: Category, position: Int, locale: StoreLocale) -> JSONValue {
        widgets.categoryTile(category, section: "categories", position: position, locale: locale)
    }

    private func searchCard(_ product: Product, position: Int, locale: StoreLocale) -> JSONValue {
        widgets.productCard(product, id: "products.\(product.id)", position: position, locale: locale, width: nil)
    }

    private func nothingFound(query: String, locale: StoreLocale) -> [JSONValue] {
        [
            SectionBuilder(id: "nothing", widgets: [widgets.titleBlock(
                id: "nothing.title", title: SectionTitles.searchNothing[locale].replacingOccurrences(of: "%@", with: query),
                subtitle: SectionTitles.searchNothingHint[locale])]).json,
            SectionBuilder(
                id: "all-categories", arrangement: "grid", columns: 3,
                widgets: catalogue.categories.enumerated().map {
                    widgets.categoryTile($1, section: "all-categories", position: $0, locale: locale)
                }).json,
        ]
    }

    /// What `search:QUERY` pages are made of in `locale`, for a client that assembles them
    /// itself from bundled data (`BundledShop` in the app): the index's entries, the tile of
    /// every category and the card of every product at position 0, the sections without their
    /// widgets, the page that says nothing was found (its query `%@`), and the titles with `%@`
    /// for the query. Assembled as `searchPage` does, they give the same page (a test
    /// compares them on a corpus of queries).
    func searchKit(locale: StoreLocale) -> [(String, JSONValue)] {
        var tiles: [(String, JSONValue)] = []
        for category in catalogue.categories { tiles.append((category.pageID, searchTile(category, position: 0, locale: locale))) }
        var cards: [(String, JSONValue)] = []
        for product in catalogue.products { cards.append((product.pageID, searchCard(product, position: 0, locale: locale))) }
        return [
            ("limit", .integer(Self.searchResultLimit)),
            ("results_title", .string(SectionTitles.searchResults[locale])),
            ("category_tiles", .members(tiles)),
            ("product_cards", .members(cards)),
            ("categories_section", searchSection(.categories, locale: locale, widgets: [])),
            ("products_section", searchSection(.products, locale: locale, widgets: [])),
            ("nothing_found", .array(nothingFound(query: "%@", locale: locale))),
        ]
    }

    static func searchPageID(_ query: String) -> String { "search:" + query }

    /// Whether `pageID` is a search's results (`search:QUERY`), compared by bytes.
    static func isSearchPage(_ pageID: String) -> Bool { pageID.utf8.starts(with: "search:".utf8) }
}
