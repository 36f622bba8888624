import FlowCore
import Foundation

/// `catalogue.json` and `categories.json`.
extension CatalogueFileReader {
    /// `{"name", "locales", "time_zone", "products": {"models", "descriptors"}}`.
    mutating func settings(_ document: JSONValue) -> CatalogueSettings? {
        guard let root = object(document, at: [], keys: ["name", "locales", "time_zone", "products"]) else { return nil }
        let name = required(root, "name", at: []).flatMap { string($0, at: [.key("name")], maxBytes: 200) } ?? ""
        let locales = required(root, "locales", at: []).flatMap { self.locales($0, at: [.key("locales")]) } ?? []
        if locales.isEmpty, root["locales"] != nil { error("locales names no locale", at: [.key("locales")]) }
        var zone = "UTC"
        if let text = required(root, "time_zone", at: []).flatMap({ string($0, at: [.key("time_zone")], maxBytes: 64) }) {
            if TimeZone(identifier: text) == nil {
                error("time_zone \(Self.quoted(text)) is not an IANA time zone (like Europe/Berlin)", at: [.key("time_zone")])
            } else {
                zone = text
            }
        }
        let productsPath: Path = [.key("products")]
        guard let products = required(root, "products", at: []).flatMap({ object($0, at: productsPath, keys: ["models", "descriptors"]) })
        else { return nil }
        var models: [String] = []
        for (index, element) in (required(products, "models", at: productsPath).flatMap { array($0, at: productsPath + [.key("models")]) } ?? []).enumerated() {
            if let model = string(element, at: productsPath + [.key("models"), .index(index)], maxBytes: 64) { models.append(model) }
        }
        if models.isEmpty { error("products.models names no model", at: productsPath) }
        var descriptors: [Localized] = []
        let descriptorsPath = productsPath + [.key("descriptors")]
        for (index, element) in (required(products, "descriptors", at: productsPath).flatMap { array($0, at: descriptorsPath) } ?? []).enumerated() {
            if let text = localized(element, at: descriptorsPath + [.index(index)]) {
                descriptors.append(text)
                requireLocales(text, locales, at: descriptorsPath + [.index(index)], what: "the descriptor")
            }
        }
        if descriptors.isEmpty { error("products.descriptors names no descriptor", at: productsPath) }
        return CatalogueSettings(name: name, locales: locales, timeZone: zone, models: models, descriptors: descriptors)
    }

    /// `{"categories": [{"id", "name", "icon", "image", "base_price", "nouns"}]}`.
    mutating func categories(_ document: JSONValue, locales: [StoreLocale]) -> [Category] {
        guard let root = object(document, at: [], keys: ["categories"]),
            let list = required(root, "categories", at: []).flatMap({ array($0, at: [.key("categories")]) })
        else { return [] }
        var categories: [Category] = []
        for (index, element) in list.enumerated() {
            let path: Path = [.key("categories"), .index(index)]
            guard let object = object(element, at: path, keys: ["id", "name", "icon", "image", "base_price", "nouns"]) else { continue }
            let id = required(object, "id", at: path).flatMap { self.id($0, at: path + [.key("id")]) }
            let name = required(object, "name", at: path).flatMap { localized($0, at: path + [.key("name")]) }
            let icon = required(object, "icon", at: path).flatMap { string($0, at: path + [.key("icon")], maxBytes: 64) }
            let image = self.image(object["image"], at: path + [.key("image")])
            let price = required(object, "base_price", at: path).flatMap { integer($0, at: path + [.key("base_price")], in: 1...1_000_000) }
            var nouns: [Localized] = []
            for (position, noun) in (required(object, "nouns", at: path).flatMap { array($0, at: path + [.key("nouns")]) } ?? []).enumerated() {
                guard let text = localized(noun, at: path + [.key("nouns"), .index(position)]) else { continue }
                requireLocales(text, locales, at: path + [.key("nouns"), .index(position)], what: "the noun")
                nouns.append(text)
            }
            if let name { requireLocales(name, locales, at: path + [.key("name")], what: "the name") }
            guard let id, let name, let icon, let price else { continue }
            categories.append(Category(id: id, name: name, icon: icon, nouns: nouns, basePrice: price, image: image))
        }
        return categories
    }

    /// An error for each of `locales` a text says nothing in.
    mutating func requireLocales(_ text: Localized, _ locales: [StoreLocale], at path: Path, what: String) {
        for locale in locales where text[locale].isEmpty {
            error("\(what) has no \(locale.rawValue) text (the catalogue is in \(locales.map(\.rawValue).joined(separator: ", ")))", at: path)
        }
    }
}
