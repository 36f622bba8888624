import FlowCore
import Foundation

/// `vitrine catalogue upgrade DIR`: a catalogue directory of the earlier layout, whose products
/// were generated from each category's `nouns` and `base_price` and `catalogue.json`'s
/// `products` (models and descriptors), gets the product feed those made, written out once
/// as `products.json` with the ids they had (`p-1001`, … in the order of the files), so every
/// cart, idempotency answer and link keeps naming the product it named. The generator's keys
/// are then taken out of `catalogue.json` and `categories.json`; nothing else changes.
///
/// The earlier generator's rules live here and nowhere else: its dollar prices ±40 % around the
/// category's base price, euro prices at a fixed rate, every 11th product unavailable, every
/// 7th low on stock, every 4th on sale.
enum CatalogueUpgrade {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The files rewritten, relative to `directory`.
    static func run(_ directory: URL) throws(Failure) -> [String] {
        let feed = directory.appendingPathComponent(CatalogueDirectory.productsFile)
        guard !FileManager.default.fileExists(atPath: feed.path),
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent(CatalogueDirectory.productsFolder).path)
        else { throw Failure(description: "it has a product feed already: nothing to upgrade") }
        guard var settings = try document("catalogue.json", in: directory).objectValue,
            var categories = try document("categories.json", in: directory).objectValue
        else { throw Failure(description: "catalogue.json and categories.json must each hold an object") }
        guard let generator = settings["products"]?.objectValue, let list = categories["categories"]?.arrayValue,
            let models = generator["models"]?.arrayValue?.compactMap(\.stringValue), !models.isEmpty,
            let descriptors = generator["descriptors"]?.arrayValue, !descriptors.isEmpty
        else { throw Failure(description: "catalogue.json has no products.models and products.descriptors to upgrade from") }

        var products: [JSONValue] = []
        for category in list {
            guard let id = category["id"]?.stringValue, let basePrice = category["base_price"]?.intValue,
                let nouns = category["nouns"]?.arrayValue
            else { throw Failure(description: "categories.json has a category without id, base_price or nouns") }
            for noun in nouns {
                for (modelIndex, model) in models.enumerated() {
                    products.append(product(index: products.count, category: id, basePrice: basePrice, noun: noun, model: model,
                                            descriptor: descriptors[(products.count + modelIndex) % descriptors.count]))
                }
            }
        }
        settings["products"] = nil
        categories["categories"] = .array(list.map { category in
            guard var members = category.objectValue else { return category }
            members["base_price"] = nil
            members["nouns"] = nil
            return .object(members)
        })
        let files: [(String, JSONValue)] = [
            (CatalogueDirectory.productsFile, ["products": .array(products)]), ("catalogue.json", .object(settings)),
            ("categories.json", .object(categories)),
        ]
        do {
            for (name, value) in files {
                try JSONWriter.prettyData(for: value).write(to: directory.appendingPathComponent(name), options: .atomic)
            }
        } catch {
            throw Failure(description: "cannot write: \(error.localizedDescription)")
        }
        return files.map(\.0)
    }

    private static func document(_ name: String, in directory: URL) throws(Failure) -> JSONValue {
        do {
            return try JSONParser.parse(Data(contentsOf: directory.appendingPathComponent(name)))
        } catch {
            throw Failure(description: "\(name) cannot be read: \(error)")
        }
    }

    /// The earlier generator's product at `index`, with the id it gave.
    private static func product(index: Int, category: String, basePrice: Int, noun: JSONValue, model: String, descriptor: JSONValue) -> JSONValue {
        let mix = (index * 37 + 11) % 97
        let dollars = max(5, basePrice * (60 + mix * 80 / 96) / 100)
        let cents = index % 5 == 0 ? dollars * 100 : dollars * 100 - 1
        let compareAt = index % 4 == 1 ? (dollars * 125 / 100 + 1) * 100 - 1 : nil
        let availability = index % 11 == 3 ? "unavailable" : (index % 7 == 2 ? "low_stock" : "available")
        let id = "p-\(1001 + index)"
        let title = JSONValue.members(StoreLocale.allCases.compactMap { locale in
            noun[locale.rawValue]?.stringValue.map { (locale.rawValue, .string("\($0) \(model)")) }
        })
        let arrived = Date(timeIntervalSince1970: 1_772_323_200 + Double((index * 53) % 216) * 86_400)
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("category", .string(category)), ("title", title), ("subtitle", descriptor),
            ("price", ["USD": .integer(cents), "EUR": .integer(euroCents(cents))]),
        ]
        if let compareAt { members.append(("compare_at", ["USD": .integer(compareAt), "EUR": .integer(euroCents(compareAt))])) }
        if availability != "available" { members.append(("availability", .string(availability))) }
        let slug = String(decoding: (noun["en-US"]?.stringValue ?? "kind").lowercased().utf8.map { CatalogueImage.isNameByte($0) ? $0 : UInt8(ascii: "-") },
                          as: UTF8.self)
        members += [
            ("image", .string("\(id).jpg")), ("rating", .number(Double(35 + (index * 13) % 15) / 10)),
            ("rating_count", .integer(12 + (index * 29) % 400)), ("arrived", .string(String(RFC3339.string(from: arrived).prefix(10)))),
            ("variant", ["group": .string(String("\(category).\(slug)".utf8.prefix(64))!), "label": .string(model)]),
        ]
        return .members(members)
    }

    /// The earlier fixed conversion: euros at 0.92 to the dollar, ending in .99 or .00 as the
    /// dollar price does.
    private static func euroCents(_ usdCents: Int) -> Int {
        let euros = max(1, usdCents * 92 / 10_000)
        return usdCents % 100 == 0 ? euros * 100 : euros * 100 - 1
    }
}
