import FlowCore
import RetailContract

/// The widgets a generated page is made of, and the faults that break them.
extension PageGenerator {
    private static let words = """
        linen shirt sneaker denim jacket wool scarf leather bag summer sale running shoe classic \
        watch silk dress cotton tee travel pack rain coat city boot chino short knit sweater trail \
        vest studio lamp
        """.split(separator: " ").map(String.init)

    /// `count` catalogue words, the first capitalised.
    static func words(_ count: Int, random: inout SeededRandom) -> String {
        let text = (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    static func color(random: inout SeededRandom) -> JSONValue {
        let value = random.below(0x100_0000)
        let hex = String(value, radix: 16, uppercase: true)
        return .string("#" + String(repeating: "0", count: 6 - hex.utf8.count) + hex)
    }

    static func image(_ name: String, width: Int, height: Int, random: inout SeededRandom) -> JSONValue {
        let ratio = (Double(width) / Double(height) * 1000).rounded() / 1000
        return [
            "url": .string("https://cdn.example.com/img/\(name).jpg?w=\(width)&h=\(height)"),
            "aspect_ratio": .number(ratio), "alt": .string(words(3, random: &random)),
        ]
    }

    static func productCard(_ id: String, position: Int, random: inout SeededRandom) -> JSONValue {
        let amount = (random.unit() * 395 + 5) * 100
        let availability = random.pick(["available", "available", "low_stock", "unavailable"])
        let badges: JSONValue = random.unit() < 0.3 ? [["text": "NEW"]] : []
        return [
            "type": .string(RetailWidgetType.productCard), "id": .string(id),
            "layout": ["padding": ["top": 8, "left": 8, "right": 8, "bottom": 8], "corner_radius": 12,
                       "background": ["hex": "#FFFFFF", "dark_hex": "#1C1C1E"], "width": 0.45],
            "data": [
                "product_id": .string(id), "title": .string(words(3, random: &random)),
                "subtitle": .string(words(5, random: &random)),
                "image": image(id, width: 1600, height: 1200, random: &random),
                "price": ["amount": .number(amount.rounded() / 100), "currency": "EUR"],
                "availability": .string(availability), "badges": badges,
            ],
            "actions": ["tap": ["type": .string(RetailActionType.deeplink), "url": .string("vitrine://product/\(id)")],
                        WidgetEvent.addToCart.name: ["type": .string(RetailActionType.addToCart), "product_id": .string(id), "quantity": 1]],
            "tracking": ["item_id": .string(id), "position": .number(Double(position))],
        ]
    }

    static func imageTextCard(_ id: String, position: Int, random: inout SeededRandom) -> JSONValue {
        let tags: [JSONValue] = (0..<random.below(3)).map { _ in
            ["text": .string(words(1, random: &random).uppercased()), "bg_color": color(random: &random)]
        }
        return [
            "type": "image_text_card", "id": .string(id),
            "layout": ["margin": ["left": 16, "right": 16], "padding": ["top": 10, "left": 10, "right": 10, "bottom": 10],
                       "corner_radius": 12, "border": ["width": 1, "color": ["hex": "#EAEAEA"]]],
            "data": [
                "image": image(id, width: 800, height: 800, random: &random),
                "title": ["text": .string(words(3, random: &random)), "font": ["size": 16, "weight": "semibold"]],
                "subtitle": ["text": .string(words(8, random: &random)), "color": "#767676", "max_lines": 2],
                "tags": .array(tags), "trailing_icon": "chevron.right",
            ],
            "actions": ["tap": ["type": .string(RetailActionType.deeplink), "url": .string("vitrine://campaign/\(id)")]],
            "tracking": ["item_id": .string(id), "position": .number(Double(position))],
        ]
    }

    static func banner(_ id: String, section: Int, position: Int, random: inout SeededRandom) -> JSONValue {
        [
            "type": "banner", "id": .string(id),
            "layout": ["corner_radius": 16,
                       "gradient": ["colors": [["hex": color(random: &random)], ["hex": color(random: &random)]], "angle": 90]],
            "data": ["image": image(id, width: 2400, height: 1000, random: &random),
                     "title": .string(words(3, random: &random)), "subtitle": .string(words(6, random: &random))],
            "actions": ["tap": ["type": .string(RetailActionType.deeplink), "url": .string("vitrine://campaign/\(id)")]],
            "tracking": ["item_id": .string(id), "campaign_id": .string("cmp-\(section)"), "position": .number(Double(position))],
        ]
    }

    static func tagRail(_ id: String, position: Int, random: inout SeededRandom) -> JSONValue {
        let tags: [JSONValue] = (0..<6).map { category in
            ["text": .string(words(1, random: &random)), "corner_radius": 6,
             "action": ["type": .string(RetailActionType.deeplink), "url": .string("vitrine://category/\(category)")]]
        }
        return ["type": "tag_rail", "id": .string(id), "data": ["tags": .array(tags)],
                "tracking": ["item_id": .string(id), "position": .number(Double(position))]]
    }

    static func titleBlock(_ id: String, random: inout SeededRandom) -> JSONValue {
        ["type": "title_block", "id": .string(id),
         "data": ["title": ["text": .string(words(3, random: &random)), "font": ["size": 20, "weight": "bold"]],
                  "subtitle": .string(words(6, random: &random))]]
    }

    /// `widget` broken one of five ways, as a careless backend would break it.
    static func broken(_ widget: JSONValue, random: inout SeededRandom) -> JSONValue {
        guard case .object(var object) = widget, case .object(var data)? = object["data"],
            let type = object["type"]?.stringValue
        else { return widget }
        switch random.below(5) {
        case 0:
            object["type"] = .string("hologram_" + type)  // an unknown type
        case 1:
            // A missing required key: the title (or, for a tag rail, its tags); a product
            // card loses its price as well.
            if data["title"] != nil { data["title"] = nil } else { data["tags"] = nil }
            if type.isByteEqual(to: RetailWidgetType.productCard) { data["price"] = nil }
            object["data"] = .object(data)
        case 2:
            object["data"] = "not-an-object"  // data of the wrong JSON type
        case 3:
            object["id"] = "dup"  // a duplicate id
        default:
            object["type"] = nil  // no type at all: the element is dropped
        }
        return .object(object)
    }
}
