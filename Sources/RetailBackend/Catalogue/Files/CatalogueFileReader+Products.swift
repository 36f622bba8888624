import FlowCore
import Foundation

/// `products.json` and the files of `products/`: the product feed.
extension CatalogueFileReader {
    /// The keys a product takes.
    static let productKeys = [
        "id", "category", "title", "subtitle", "price", "compare_at", "availability", "image", "rating", "rating_count",
        "arrived", "variant",
    ]

    /// The largest amount in minor units: ten billion dollars' cents, far above any price and
    /// exact as a JSON number and as cents multiplied by a cart line's 99.
    static let maxMinorUnits = 1_000_000_000_000

    /// `{"products": [{"id", "category", "title", "subtitle", "price", "compare_at",
    /// "availability", "image", "rating", "rating_count", "arrived", "variant"}]}`: every price
    /// in each currency of `settings.locales`, every text in each of them.
    mutating func products(_ document: JSONValue, settings: CatalogueSettings) -> [Product] {
        guard let root = object(document, at: [], keys: ["products"]),
            let list = required(root, "products", at: []).flatMap({ array($0, at: [.key("products")]) })
        else { return [] }
        var products: [Product] = []
        products.reserveCapacity(list.count)
        for index in list.indices {
            if let product = product(list[index], at: [.key("products"), .index(index)], settings: settings) { products.append(product) }
        }
        return products
    }

    private mutating func product(_ value: JSONValue, at path: Path, settings: CatalogueSettings) -> Product? {
        guard let object = object(value, at: path, keys: Self.productKeys) else { return nil }
        let id = required(object, "id", at: path).flatMap { self.id($0, at: path + [.key("id")]) }
        let category = required(object, "category", at: path).flatMap { self.id($0, at: path + [.key("category")]) }
        let title = required(object, "title", at: path).flatMap { localized($0, at: path + [.key("title")]) }
        if let title { requireLocales(title, settings.locales, at: path + [.key("title")], what: "the title") }
        let subtitle = localized(object["subtitle"], at: path + [.key("subtitle")]) ?? .empty
        let currencies = Self.currencies(of: settings.locales)
        let price = required(object, "price", at: path).flatMap { prices($0, at: path + [.key("price")], required: currencies) }
        let compareAt = prices(object["compare_at"], at: path + [.key("compare_at")], required: [])
        if let price, let compareAt {
            for (currency, cents) in compareAt.amounts where cents <= price[currency] ?? 0 {
                error("compare_at.\(currency) (\(cents)) is not above the price (\(price[currency] ?? 0)): a product on sale "
                      + "was dearer before", at: path + [.key("compare_at"), .key(currency)])
            }
        }
        var availability = Availability.available
        if let text = string(object["availability"], at: path + [.key("availability")], maxBytes: 64) {
            if let parsed = Availability(rawValue: text) {
                availability = parsed
            } else {
                error("availability \(Self.quoted(text)) is not one of \(Availability.allCases.map(\.rawValue).joined(separator: ", "))",
                      at: path + [.key("availability")])
            }
        }
        let image = required(object, "image", at: path).flatMap { self.image($0, at: path + [.key("image")]) }
        let rating = number(object["rating"], at: path + [.key("rating")], in: 1...5)
        let ratingCount = integer(object["rating_count"], at: path + [.key("rating_count")], in: 0...1_000_000_000) ?? 0
        let arrived = day(object["arrived"], at: path + [.key("arrived")])
        let variant = variant(object["variant"], at: path + [.key("variant")], locales: settings.locales)
        guard let id, let category, let title, let price, let image else { return nil }
        return Product(
            id: id, categoryID: category, title: title, subtitle: subtitle, price: price, compareAt: compareAt ?? Prices(),
            availability: availability, image: image, rating: rating, ratingCount: ratingCount,
            arrived: arrived ?? .distantPast, variant: variant)
    }

    /// The currencies of `locales`, each once, in their order.
    static func currencies(of locales: [StoreLocale]) -> [String] {
        locales.map(\.currency).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// `{"USD": 8999, "EUR": 8299}`: minor units by ISO 4217 code, with one for each of `required`.
    private mutating func prices(_ value: JSONValue?, at path: Path, required: [String]) -> Prices? {
        guard let value, !value.isNull else { return nil }
        guard case .object(let object) = value else {
            error("\(Self.describe(path)) must be an object of amounts in minor units by currency, like {\"USD\": 8999}", at: path)
            return nil
        }
        var prices = Prices()
        for member in object {
            guard member.key.utf8.count == 3, member.key.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
                error("\(Self.quoted(member.key)) is not a currency code (three capital letters, like USD)", at: path + [.key(member.key)])
                continue
            }
            if let cents = integer(member.value, at: path + [.key(member.key)], in: 0...Self.maxMinorUnits) { prices[member.key] = cents }
        }
        let name = path.last.map { Self.describe([$0]) } ?? "the price"
        for currency in required where prices[currency] == nil && !object.contains(where: { $0.key.isByteEqual(to: currency) }) {
            error("\(name) has no \(currency) amount (the catalogue sells in \(required.joined(separator: ", ")))", at: path)
        }
        return prices
    }

    /// A number in `range`.
    private mutating func number(_ value: JSONValue?, at path: Path, in range: ClosedRange<Double>) -> Double? {
        guard let value, !value.isNull else { return nil }
        guard let number = value.doubleValue, range.contains(number) else {
            error("\(Self.describe(path)) must be a number from \(range.lowerBound.formatted()) to \(range.upperBound.formatted())", at: path)
            return nil
        }
        return number
    }

    /// `2026-11-27`: a calendar day, as its UTC midnight.
    private mutating func day(_ value: JSONValue?, at path: Path) -> Date? {
        guard let text = string(value, at: path, maxBytes: 64) else { return nil }
        guard text.utf8.count == 10, LocalTime(text + "T00:00") != nil, let date = RFC3339.date(from: text + "T00:00:00Z") else {
            error("\(Self.describe(path)) \(Self.quoted(text)) must be a day like 2026-11-27", at: path)
            return nil
        }
        return date
    }

    /// `{"group": "shoes.trail-runner", "label": "Alto"}`; the label is a text by locale, or
    /// one string for every locale (a model name).
    private mutating func variant(_ value: JSONValue?, at path: Path, locales: [StoreLocale]) -> Product.Variant? {
        guard let object = object(value, at: path, keys: ["group", "label"]) else { return nil }
        let group = required(object, "group", at: path).flatMap { id($0, at: path + [.key("group")]) }
        var label: Localized?
        if let value = required(object, "label", at: path) {
            if case .string = value {
                label = string(value, at: path + [.key("label")], maxBytes: 64).map { Localized($0, $0, $0) }
            } else {
                label = localized(value, at: path + [.key("label")])
            }
        }
        if let label { requireLocales(label, locales, at: path + [.key("label")], what: "the variant's label") }
        guard let group, let label else { return nil }
        return Product.Variant(group: group, label: label)
    }
}
