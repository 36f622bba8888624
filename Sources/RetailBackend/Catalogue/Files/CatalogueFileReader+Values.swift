import FlowCore
import Foundation

/// The catalogue's own value types: texts by locale, segments, requirements, pictures and
/// product queries.
extension CatalogueFileReader {
    /// `{"en-US": "Shoes", "de-DE": "Schuhe"}`: a text by locale.
    mutating func localized(_ value: JSONValue?, at path: Path) -> Localized? {
        guard let object = object(value, at: path, keys: StoreLocale.allCases.map(\.rawValue)) else { return nil }
        var text = Localized.empty
        for locale in StoreLocale.allCases {
            if let string = string(object[locale.rawValue], at: path + [.key(locale.rawValue)]) { text[locale] = string }
        }
        return text
    }

    /// `{"en-US": {"title": …, "subtitle": …}, "de-DE": {…}}`: copy grouped by locale, each
    /// block with `fields` (translators work a locale at a time). Returns each field's text.
    mutating func copy(_ value: JSONValue?, at path: Path, fields: [String]) -> [String: Localized]? {
        guard let blocks = object(value, at: path, keys: StoreLocale.allCases.map(\.rawValue)) else { return nil }
        var texts = Dictionary(uniqueKeysWithValues: fields.map { ($0, Localized.empty) })
        for locale in StoreLocale.allCases {
            let blockPath = path + [.key(locale.rawValue)]
            guard let block = object(blocks[locale.rawValue], at: blockPath, keys: fields) else { continue }
            for field in fields {
                if let text = string(block[field], at: blockPath + [.key(field)]) { texts[field]?[locale] = text }
            }
        }
        return texts
    }

    /// `["new", "vip"]`
    mutating func segments(_ value: JSONValue?, at path: Path) -> [Segment]? {
        enumeration(value, at: path, Segment.init(rawValue:), known: Segment.allCases.map(\.rawValue))
    }

    /// `["en-US", "de-DE"]`
    mutating func locales(_ value: JSONValue?, at path: Path) -> [StoreLocale]? {
        enumeration(value, at: path, StoreLocale.init(rawValue:), known: StoreLocale.allCases.map(\.rawValue))
    }

    private mutating func enumeration<Value: Equatable>(
        _ value: JSONValue?, at path: Path, _ make: (String) -> Value?, known: [String]
    ) -> [Value]? {
        guard let elements = array(value, at: path) else { return nil }
        var values: [Value] = []
        for (index, element) in elements.enumerated() {
            guard let text = string(element, at: path + [.index(index)], maxBytes: 64) else { continue }
            guard let parsed = make(text) else {
                error("\(Self.quoted(text)) is not one of \(known.joined(separator: ", "))", at: path + [.index(index)])
                continue
            }
            if values.contains(parsed) {
                error("\(Self.quoted(text)) is listed twice", at: path + [.index(index)])
            } else {
                values.append(parsed)
            }
        }
        return values
    }

    /// `{"min_app_version": "2.6.0", "capabilities": ["video"]}` (CONTRACT §4).
    mutating func requirements(_ value: JSONValue?, at path: Path) -> Requirements? {
        guard let object = object(value, at: path, keys: ["min_app_version", "capabilities"]) else { return nil }
        var requirements = Requirements()
        if let text = string(object["min_app_version"], at: path + [.key("min_app_version")], maxBytes: 64) {
            if let version = AppVersion(text) {
                requirements.minAppVersion = version
            } else {
                error("min_app_version \(Self.quoted(text)) is not a dotted version like 2.6.0", at: path + [.key("min_app_version")])
            }
        }
        requirements.capabilities = ids(object["capabilities"], at: path + [.key("capabilities")]) ?? []
        if requirements.minAppVersion == nil, requirements.capabilities.isEmpty {
            error("requires names neither a min_app_version nor capabilities", at: path)
        }
        return requirements
    }

    /// A picture: a served image name (`cmp-winter.jpg`) or an absolute http(s) URL.
    mutating func image(_ value: JSONValue?, at path: Path) -> String? {
        guard let text = string(value, at: path, maxBytes: .max) else { return nil }
        guard CatalogueImage.isValid(text) else {
            error("\(Self.describe(path)) \(Self.quoted(text)) must be an image name (A-Z a-z 0-9 . _ -, ending .jpg, .jpeg or .png) "
                  + "or an http(s) URL", at: path)
            return nil
        }
        return text
    }

    /// `{"categories": […], "on_sale": true, "in_stock": true, "ids": […], "sort": […], "limit": 10}`.
    mutating func query(_ value: JSONValue?, at path: Path) -> ProductQuery? {
        let keys = ["categories", "on_sale", "in_stock", "ids", "sort", "limit"]
        guard let object = object(value, at: path, keys: keys) else { return nil }
        var query = ProductQuery()
        query.categories = ids(object["categories"], at: path + [.key("categories")]) ?? []
        query.onSale = bool(object["on_sale"], at: path + [.key("on_sale")])
        query.inStock = bool(object["in_stock"], at: path + [.key("in_stock")])
        query.ids = ids(object["ids"], at: path + [.key("ids")]) ?? []
        query.limit = integer(object["limit"], at: path + [.key("limit")], in: 1...1_000)
        if let sorts = array(object["sort"], at: path + [.key("sort")]) {
            for (index, element) in sorts.enumerated() {
                guard let text = string(element, at: path + [.key("sort"), .index(index)], maxBytes: 64) else { continue }
                guard let key = ProductQuery.Sort(rawValue: text) else {
                    error("sort \(Self.quoted(text)) is not one of \(ProductQuery.Sort.allCases.map(\.rawValue).joined(separator: ", "))",
                          at: path + [.key("sort"), .index(index)])
                    continue
                }
                query.sort.append(key)
            }
        }
        return query
    }
}
