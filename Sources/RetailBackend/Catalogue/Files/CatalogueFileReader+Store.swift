import FlowCore
import Foundation

/// `catalogue.json` and `categories.json`.
extension CatalogueFileReader {
    /// `{"name", "locales", "time_zone"}`.
    mutating func settings(_ document: JSONValue) -> CatalogueSettings? {
        guard let root = object(document, at: [], keys: ["name", "locales", "time_zone"], formerKeys: ["products"]) else { return nil }
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
        return CatalogueSettings(name: name, locales: locales, timeZone: zone)
    }

    /// `{"categories": [{"id", "name", "icon", "image"}]}`.
    mutating func categories(_ document: JSONValue, locales: [StoreLocale]) -> [Category] {
        guard let root = object(document, at: [], keys: ["categories"]),
            let list = required(root, "categories", at: []).flatMap({ array($0, at: [.key("categories")]) })
        else { return [] }
        var categories: [Category] = []
        for (index, element) in list.enumerated() {
            let path: Path = [.key("categories"), .index(index)]
            guard let object = object(element, at: path, keys: ["id", "name", "icon", "image"], formerKeys: ["base_price", "nouns"])
            else { continue }
            let id = required(object, "id", at: path).flatMap { self.id($0, at: path + [.key("id")]) }
            let name = required(object, "name", at: path).flatMap { localized($0, at: path + [.key("name")]) }
            let icon = required(object, "icon", at: path).flatMap { string($0, at: path + [.key("icon")], maxBytes: 64) }
            let image = self.image(object["image"], at: path + [.key("image")])
            if let name { requireLocales(name, locales, at: path + [.key("name")], what: "the name") }
            guard let id, let name, let icon else { continue }
            categories.append(Category(id: id, name: name, icon: icon, image: image))
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
