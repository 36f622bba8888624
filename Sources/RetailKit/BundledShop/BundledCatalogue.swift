import FlowCore
import Foundation
import RetailContract

/// One locale of the bundled shop (`catalogues/LOCALE.json`): the products the cart prices,
/// the search index and the parts of the search page, and what "notify me" answers.
struct BundledCatalogue: Sendable {
    struct Product: Sendable {
        var title: String
        var price: Price
        var compareAtPrice: Price?
        var isBuyable: Bool
    }

    private let products: [ExactString: Product]
    /// The locale's currency: every price of the catalogue is in it.
    let currency: String
    private let index: SearchIndex
    private let campaigns: [(entry: SearchIndex.Entry, segments: [ExactString])]
    private let prices: [ExactString: Price]
    private let search: JSONValue
    private let notifyMessage: String
    private let notifyingCards: [ExactString: JSONValue]

    init(json: JSONValue) throws(BundledShop.Unusable) {
        var products: [ExactString: Product] = [:]
        for item in json["products"]?.arrayValue ?? [] {
            guard let id = item["id"]?.stringValue, let title = item["title"]?.stringValue, let price = Self.price(item["price"]) else {
                throw BundledShop.Unusable(description: "a bundled product without id, title or price")
            }
            products[ExactString(id)] = Product(
                title: title, price: price, compareAtPrice: Self.price(item["compare_at_price"]), isBuyable: item["buyable"]?.boolValue == true)
        }
        self.products = products
        currency = products.values.first?.price.currency ?? "USD"
        guard let search = json["search"], search.objectValue != nil else { throw BundledShop.Unusable(description: "a bundled catalogue without search") }
        self.search = search
        var entries: [(text: String, kind: SearchIndex.Kind, target: String)] = []
        var prices: [ExactString: Price] = [:]
        for entry in search["entries"]?.arrayValue ?? [] {
            guard let text = entry["text"]?.stringValue, let kind = entry["kind"]?.stringValue.flatMap(SearchIndex.Kind.init(rawValue:)),
                let target = entry["target"]?.stringValue
            else { continue }
            entries.append((text, kind, target))
            if let price = Self.price(entry["price"]) { prices[ExactString(target)] = price }
        }
        index = SearchIndex(entries: entries)
        self.prices = prices
        campaigns = (search["campaigns"]?.arrayValue ?? []).compactMap { item in
            guard let text = item["text"]?.stringValue, let target = item["target"]?.stringValue else { return nil }
            return (SearchIndex.entry(text: text, kind: .campaign, target: target), (item["segments"]?.arrayValue ?? []).compactMap(\.stringValue).map { ExactString($0) })
        }
        notifyMessage = json["notify"]?["message"]?.stringValue ?? ""
        var cards: [ExactString: JSONValue] = [:]
        for member in json["notify"]?["cards"]?.objectValue ?? JSONObject() { cards[ExactString(member.key)] = member.value }
        notifyingCards = cards
    }

    func product(_ id: String) -> Product? {
        products[ExactString(id)]
    }

    // MARK: - Search

    func suggestions(for query: String, segment: String) -> [SearchSuggestion] {
        let live = campaigns.filter { $0.segments.contains(ExactString(segment)) }.map(\.entry)
        return index.suggestions(for: query, extra: live).map { entry in
            SearchSuggestion(text: entry.text, kind: SearchSuggestion.Kind(entry.kind.rawValue), target: entry.target,
                             price: entry.kind == .product ? prices[ExactString(entry.target)] : nil)
        }
    }

    /// `search:QUERY` as the backend composes it (`PageComposer.searchPage`), from the parts it
    /// exported: the categories found as tiles, the products as cards, each at its position; the
    /// page that says nothing was found, with every category, when nothing is.
    func searchPage(query: String) -> Data {
        let found = index.suggestions(for: query, limit: search["limit"]?.intValue ?? SearchIndex.limit)
        func placed(_ kind: SearchIndex.Kind, from parts: String) -> [JSONValue] {
            let widgets = search[parts]?.objectValue ?? JSONObject()
            return found.filter { $0.kind == kind }.compactMap { widgets[$0.target] }.enumerated().map { Self.setting(["tracking", "position"], to: .number(Double($0)), in: $1) }
        }
        var sections: [JSONValue] = []
        let tiles = placed(.category, from: "category_tiles"), cards = placed(.product, from: "product_cards")
        if !tiles.isEmpty, let shell = search["categories_section"] { sections.append(Self.setting(["widgets"], to: .array(tiles), in: shell)) }
        if !cards.isEmpty, let shell = search["products_section"] { sections.append(Self.setting(["widgets"], to: .array(cards), in: shell)) }
        if sections.isEmpty {
            sections = (search["nothing_found"]?.arrayValue ?? []).map { section in
                Self.replacingQuery(in: section, with: query)
            }
        }
        let title = (search["results_title"]?.stringValue ?? "%@").replacingOccurrences(of: "%@", with: query)
        let page: JSONValue = .object(JSONObject([
            (key: "id", value: .string("search:" + query)),
            (key: "request_id", value: .string("bundled-search")),
            (key: "schema_version", value: .number(1)),
            (key: "ttl", value: .number(60)),
            (key: "experiments", value: .array([])),
            (key: "nav", value: .object(JSONObject([(key: "title", value: .string(title))]))),
            (key: "sections", value: .array(sections)),
            (key: "pagination", value: .object(JSONObject([(key: "has_more", value: .bool(false))]))),
            (key: "refresh", value: .object(JSONObject([(key: "pull_to_refresh", value: .bool(true))]))),
        ]))
        return JSONWriter.data(for: .object(JSONObject([(key: "page", value: page)])))
    }

    // MARK: - Notify me

    /// What the backend answers to "notify me" on `productID`'s card `widgetID`: the card with
    /// the alert on, and a toast; nil for a product that is not unavailable.
    func notifyAnswer(productID: String, widgetID: String) -> Data? {
        guard let card = notifyingCards[ExactString(productID)] else { return nil }
        let mutation: JSONValue = .object(JSONObject([
            (key: "kind", value: .string("replace_widget")), (key: "id", value: .string(widgetID)),
            (key: "widget", value: Self.setting(["id"], to: .string(widgetID), in: card)),
        ]))
        return JSONWriter.data(for: .object(JSONObject([
            (key: "mode", value: .string("partial")), (key: "mutations", value: .array([mutation])),
            (key: "toast", value: .object(JSONObject([(key: "message", value: .string(notifyMessage))]))),
        ])))
    }

    // MARK: - JSON

    private static func price(_ value: JSONValue?) -> Price? {
        guard let amount = value?["amount"]?.doubleValue, let currency = value?["currency"]?.stringValue else { return nil }
        return Price(amount: amount, currency: currency)
    }

    /// `value` with the member at `path` set (made when missing), order kept.
    private static func setting(_ path: ArraySlice<String>, to newValue: JSONValue, in value: JSONValue) -> JSONValue {
        guard let key = path.first else { return newValue }
        var object = value.objectValue ?? JSONObject()
        object[key] = setting(path.dropFirst(), to: newValue, in: object[key] ?? .object(JSONObject()))
        return .object(object)
    }

    private static func setting(_ path: [String], to newValue: JSONValue, in value: JSONValue) -> JSONValue {
        setting(path[...], to: newValue, in: value)
    }

    /// The "nothing found" section with its title block's `%@` replaced by the query.
    private static func replacingQuery(in section: JSONValue, with query: String) -> JSONValue {
        guard let widgets = section["widgets"]?.arrayValue else { return section }
        let replaced = widgets.map { widget -> JSONValue in
            guard let title = widget["data"]?["title"]?.stringValue, title.contains("%@") else { return widget }
            return setting(["data", "title"], to: .string(title.replacingOccurrences(of: "%@", with: query)), in: widget)
        }
        return setting(["widgets"], to: .array(replaced), in: section)
    }
}
