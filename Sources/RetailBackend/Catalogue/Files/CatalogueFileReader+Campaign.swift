import FlowCore

/// A campaign file (`campaigns/<id>.json`).
extension CatalogueFileReader {
    static let campaignKeys = ["id", "copy", "images", "window", "segments", "locales", "requires", "fallback", "priority", "placements", "products"]

    mutating func campaign(_ document: JSONValue, settings: CatalogueSettings) -> Campaign? {
        guard let root = object(document, at: [], keys: Self.campaignKeys) else { return nil }
        let id = required(root, "id", at: []).flatMap { self.id($0, at: [.key("id")]) }
        let copy = required(root, "copy", at: []).flatMap { self.copy($0, at: [.key("copy")], fields: ["title", "subtitle", "cta"]) }
        var heroImage: String?, cardImage: String?
        if let images = required(root, "images", at: []).flatMap({ object($0, at: [.key("images")], keys: ["hero", "card"]) }) {
            heroImage = required(images, "hero", at: [.key("images")]).flatMap { image($0, at: [.key("images"), .key("hero")]) }
            cardImage = image(images["card"], at: [.key("images"), .key("card")]) ?? heroImage
        }
        let window = self.window(root["window"], at: [.key("window")], defaultZone: settings.timeZone, requiresStart: true, requiresEnd: true)
        let segments = self.segments(root["segments"], at: [.key("segments")]) ?? []
        let locales = self.locales(root["locales"], at: [.key("locales")]) ?? []
        for (index, locale) in locales.enumerated() where !settings.locales.contains(locale) {
            error("\(locale.rawValue) is not a locale of the catalogue (\(settings.locales.map(\.rawValue).joined(separator: ", ")))",
                  at: [.key("locales"), .index(index)])
        }
        let requires = root["requires"].flatMap { requirements($0, at: [.key("requires")]) }
        var fallback: [String: Localized] = [:]
        if let block = object(root["fallback"], at: [.key("fallback")], keys: ["copy"]) {
            if requires == nil { error("a fallback is only used with requires", at: [.key("fallback")]) }
            fallback = self.copy(block["copy"], at: [.key("fallback"), .key("copy")], fields: ["title", "subtitle"]) ?? [:]
        }
        let priority = required(root, "priority", at: []).flatMap { integer($0, at: [.key("priority")], in: -1_000_000...1_000_000) }
        let placements = required(root, "placements", at: []).flatMap { ids($0, at: [.key("placements")]) }
        let products = root["products"].flatMap { query($0, at: [.key("products")]) } ?? ProductQuery()
        guard let id, let copy, let heroImage, let cardImage, let window, let priority, let placements else { return nil }
        let campaign = Campaign(
            id: id, title: copy["title"] ?? .empty, subtitle: copy["subtitle"] ?? .empty, cta: copy["cta"] ?? .empty,
            heroImage: heroImage, cardImage: cardImage, window: window, segments: segments, locales: locales, requires: requires,
            fallbackTitle: fallback["title"] ?? .empty, fallbackSubtitle: fallback["subtitle"] ?? .empty,
            priority: priority, placements: placements, products: products)
        for locale in campaign.targetedLocales(of: settings) where campaign.title[locale].isEmpty {
            let targets = locales.isEmpty ? "every locale of the catalogue" : locales.map(\.rawValue).joined(separator: ", ")
            error("no \(locale.rawValue) title: the campaign runs in \(targets)", at: [.key("copy"), .key(locale.rawValue)])
        }
        return campaign
    }
}
