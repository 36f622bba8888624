import FlowCore

/// `placements.json`: `{"placements": [{"id", "kind", …}]}`, the keys by kind.
extension CatalogueFileReader {
    static let placementKinds = ["hero", "campaign_carousel", "campaign_products", "categories", "products", "stories", "promotions"]

    mutating func placements(_ document: JSONValue, settings: CatalogueSettings) -> [Placement] {
        let keys = ["id", "kind", "section", "requires", "title", "subtitle", "lead_card", "limit", "columns", "products"]
        return entries(document, member: "placements", keys: keys) { reader, object, path in
            reader.placement(object, at: path, locales: settings.locales)
        }
    }

    private mutating func placement(_ object: JSONObject, at path: Path, locales: [StoreLocale]) -> Placement? {
        let id = required(object, "id", at: path).flatMap { self.id($0, at: path + [.key("id")]) }
        guard let kind = required(object, "kind", at: path).flatMap({ string($0, at: path + [.key("kind")], maxBytes: 64) }) else { return nil }
        let section = object["section"].flatMap { self.id($0, at: path + [.key("section")]) }
        let requires = object["requires"].flatMap { requirements($0, at: path + [.key("requires")]) }
        // Each kind takes its own keys; the others are mistakes.
        let allowed: [String]
        switch kind {
        case "hero": allowed = []
        case "campaign_carousel", "stories", "promotions": allowed = ["title"]
        case "campaign_products": allowed = ["title", "subtitle", "lead_card", "limit"]
        case "categories": allowed = ["title", "columns"]
        case "products": allowed = ["title", "subtitle", "products"]
        default:
            error("kind \(Self.quoted(kind)) is not one of \(Self.placementKinds.joined(separator: ", "))", at: path + [.key("kind")])
            return nil
        }
        for key in ["title", "subtitle", "lead_card", "limit", "columns", "products"] where object[key] != nil && !allowed.contains(key) {
            error("\(Self.quoted(key)) is not a key of a \(kind) placement", at: path + [.key(key)])
        }
        var title: Localized?
        if allowed.contains("title") {
            title = required(object, "title", at: path).flatMap { localized($0, at: path + [.key("title")]) }
            if let title { requireLocales(title, locales, at: path + [.key("title")], what: "the title") }
        }
        let subtitle = allowed.contains("subtitle") ? object["subtitle"].flatMap { localized($0, at: path + [.key("subtitle")]) } : nil
        let content: Placement.Content
        switch kind {
        case "hero": content = .hero
        case "campaign_carousel": content = .campaignCarousel(title: title ?? .empty)
        case "stories": content = .stories(title: title ?? .empty)
        case "promotions": content = .promotions(title: title ?? .empty)
        case "campaign_products":
            content = .campaignProducts(.init(
                title: title ?? .empty, subtitle: subtitle,
                leadCard: bool(object["lead_card"], at: path + [.key("lead_card")]) ?? false,
                limit: integer(object["limit"], at: path + [.key("limit")], in: 1...100) ?? 8))
        case "categories":
            content = .categories(title: title ?? .empty, columns: integer(object["columns"], at: path + [.key("columns")], in: 1...12) ?? 3)
        default:
            guard let query = required(object, "products", at: path).flatMap({ query($0, at: path + [.key("products")]) }) else { return nil }
            content = .products(title: title ?? .empty, subtitle: subtitle, query: query)
        }
        guard let id, title != nil || !allowed.contains("title") else { return nil }
        return Placement(id: id, section: section, requires: requires, content: content)
    }
}
