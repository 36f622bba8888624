import FlowCore
import Foundation

/// Writes a catalogue as the files of a catalogue directory (`vitrine catalogue export`):
/// indented JSON a person edits and a reviewer reads in a diff, one campaign a file, instants
/// written in their window's zone with its offset (`2026-01-15T10:00:00+01:00`), so they read
/// as the merchandiser's calendar and are never ambiguous. What is a default is left out.
enum CatalogueWriter {
    /// Products in one file of the feed: a feed of more goes in `products/`, this many a file,
    /// each far under `CatalogueDirectory.maxFileBytes`.
    static let productsPerFile = 2_000

    /// Each file's path relative to the directory, and its bytes.
    static func files(_ content: CatalogueContent) -> [(path: String, data: Data)] {
        var files: [(String, JSONValue)] = [
            ("catalogue.json", settings(content.settings)),
            ("categories.json", ["categories": .array(content.categories.map(category))]),
            ("stories.json", ["stories": .array(content.stories.map(story))]),
            ("promotions.json", ["promotions": .array(content.promotions.map(promotion))]),
            ("placements.json", ["placements": .array(content.placements.map(placement))]),
            ("plans.json", .members([
                ("plans", .array(content.plans.map(plan))),
                ("experiments", .array(content.experiments.map(experiment))),
            ])),
        ]
        if content.products.count <= productsPerFile {
            files.append((CatalogueDirectory.productsFile, ["products": .array(content.products.map(product))]))
        } else {
            for (number, start) in stride(from: 0, to: content.products.count, by: productsPerFile).enumerated() {
                let slice = content.products[start..<min(start + productsPerFile, content.products.count)]
                let name = "\(CatalogueDirectory.productsFolder)/products-" + String(format: "%04d", number + 1) + ".json"
                files.append((name, ["products": .array(slice.map(product))]))
            }
        }
        for campaign in content.campaigns.sorted(by: { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }) {
            files.append(("\(CatalogueDirectory.campaignsFolder)/\(campaign.id).json", self.campaign(campaign)))
        }
        return files.map { ($0.0, JSONWriter.prettyData(for: $0.1)) }
    }

    static func settings(_ settings: CatalogueSettings) -> JSONValue {
        .members([
            ("name", .string(settings.name)),
            ("locales", .array(settings.locales.map { .string($0.rawValue) })),
            ("time_zone", .string(settings.timeZone)),
        ])
    }

    static func category(_ category: Category) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(category.id)), ("name", localized(category.name)), ("icon", .string(category.icon))]
        if let image = category.image { members.append(("image", .string(image))) }
        return .members(members)
    }

    /// A product of the feed; a label the same in every locale is one string.
    static func product(_ product: Product) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(product.id)), ("category", .string(product.categoryID)), ("title", localized(product.title)),
        ]
        if !product.subtitle.locales.isEmpty { members.append(("subtitle", localized(product.subtitle))) }
        members.append(("price", prices(product.price)))
        if !product.compareAt.isEmpty { members.append(("compare_at", prices(product.compareAt))) }
        if product.availability != .available { members.append(("availability", .string(product.availability.rawValue))) }
        members.append(("image", .string(product.image)))
        if let rating = product.rating { members.append(("rating", .number(rating))) }
        if product.ratingCount > 0 { members.append(("rating_count", .integer(product.ratingCount))) }
        if product.arrived != .distantPast { members.append(("arrived", .string(String(RFC3339.string(from: product.arrived).prefix(10))))) }
        if let variant = product.variant {
            let label = variant.label
            let same = label.en.isByteEqual(to: label.de) && label.en.isByteEqual(to: label.fr)
            members.append(("variant", .members([("group", .string(variant.group)), ("label", same ? .string(label.en) : localized(label))])))
        }
        return .members(members)
    }

    static func prices(_ prices: Prices) -> JSONValue {
        .members(prices.amounts.map { ($0.currency, .integer($0.cents)) })
    }

    static func campaign(_ campaign: Campaign) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(campaign.id)),
            ("copy", copy(["title": campaign.title, "subtitle": campaign.subtitle, "cta": campaign.cta], order: ["title", "subtitle", "cta"])),
            ("images", campaign.cardImage == campaign.heroImage
                ? ["hero": .string(campaign.heroImage)]
                : ["hero": .string(campaign.heroImage), "card": .string(campaign.cardImage)]),
            ("window", window(campaign.window)),
        ]
        if !campaign.segments.isEmpty { members.append(("segments", .array(campaign.segments.map { .string($0.rawValue) }))) }
        if !campaign.locales.isEmpty { members.append(("locales", .array(campaign.locales.map { .string($0.rawValue) }))) }
        if let requires = campaign.requires { members.append(("requires", requires.json)) }
        if !campaign.fallbackTitle.locales.isEmpty || !campaign.fallbackSubtitle.locales.isEmpty {
            members.append(("fallback", ["copy": copy(["title": campaign.fallbackTitle, "subtitle": campaign.fallbackSubtitle], order: ["title", "subtitle"])]))
        }
        members.append(("priority", .integer(campaign.priority)))
        members.append(("placements", .array(campaign.placements.map(JSONValue.string))))
        if campaign.products != ProductQuery() { members.append(("products", query(campaign.products))) }
        return .members(members)
    }

    static func story(_ story: Story) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(story.id)),
            ("copy", copy(["kicker": story.kicker, "title": story.title, "body": story.body, "cta": story.cta],
                          order: ["kicker", "title", "body", "cta"])),
            ("image", .string(story.image)),
        ]
        if !story.window.boundaries.isEmpty { members.append(("window", window(story.window))) }
        return .members(members)
    }

    static func promotion(_ promotion: Promotion) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(promotion.id)),
            ("copy", copy(["title": promotion.title, "subtitle": promotion.subtitle], order: ["title", "subtitle"])),
            ("code", .string(promotion.code)),
        ]
        if !promotion.segments.isEmpty { members.append(("segments", .array(promotion.segments.map { .string($0.rawValue) }))) }
        members.append(("colors", .array(promotion.colors.map(JSONValue.string))))
        if !promotion.window.boundaries.isEmpty { members.append(("window", window(promotion.window))) }
        return .members(members)
    }

    /// `{"start": …, "end": …, "time_zone": …}`, each instant in the zone's own offset.
    static func window(_ window: CatalogueWindow) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let start = window.start { members.append(("start", .string(instant(start, in: window.zone)))) }
        if let end = window.end { members.append(("end", .string(instant(end, in: window.zone)))) }
        members.append(("time_zone", .string(window.timeZone)))
        return .members(members)
    }

    /// `2026-01-15T10:00:00+01:00`: the wall clock of `zone` at `date`, with its offset.
    static func instant(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let utc = RFC3339.string(from: date.addingTimeInterval(Double(offset)))
        return String(utc.dropLast()) + CatalogueFileReader.offset(offset)
    }

    static func localized(_ text: Localized) -> JSONValue {
        .members(text.locales.map { ($0.rawValue, .string(text[$0])) })
    }

    /// `{"en-US": {"title": …}, …}`: the fields of each locale that has any, in `order`.
    static func copy(_ fields: [String: Localized], order: [String]) -> JSONValue {
        .members(StoreLocale.allCases.compactMap { locale in
            let block: [(String, JSONValue)] = order.compactMap { field in
                guard let text = fields[field]?[locale], !text.isEmpty else { return nil }
                return (field, .string(text))
            }
            return block.isEmpty ? nil : (locale.rawValue, .members(block))
        })
    }

    static func query(_ query: ProductQuery) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if !query.categories.isEmpty { members.append(("categories", .array(query.categories.map(JSONValue.string)))) }
        if let onSale = query.onSale { members.append(("on_sale", .bool(onSale))) }
        if let inStock = query.inStock { members.append(("in_stock", .bool(inStock))) }
        if !query.ids.isEmpty { members.append(("ids", .array(query.ids.map(JSONValue.string)))) }
        if !query.sort.isEmpty { members.append(("sort", .array(query.sort.map { .string($0.rawValue) }))) }
        if let limit = query.limit { members.append(("limit", .integer(limit))) }
        return .members(members)
    }
}
