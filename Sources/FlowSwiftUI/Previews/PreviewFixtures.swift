import FlowCore
import Foundation

/// One widget of each starter type as a payload, for the previews and their test (every
/// registered type has one, and each decodes `ok`).
public enum PreviewFixtures {
    public struct Fixture: Sendable {
        public var type: String
        public var json: String

        public init(type: String, json: String) {
            self.type = type
            self.json = json
        }
    }

    public static let starter: [Fixture] = [
        Fixture(type: "title_block", json: #"{"type": "title_block", "id": "title", "data": {"title": "Recommended for you", "subtitle": "Based on what you viewed"}}"#),
        Fixture(type: "image_text_card", json: #"{"type": "image_text_card", "id": "card", "data": {"title": "Boots week", "subtitle": "New arrivals", "image": {"url": "https://cdn.example.com/boots.jpg", "aspect_ratio": 1, "alt": "Brown boots"}, "tags": [{"text": "New"}], "trailing_icon": "chevron.right"}}"#),
        Fixture(type: "banner", json: #"{"type": "banner", "id": "banner", "data": {"image": {"url": "https://cdn.example.com/sale.jpg", "aspect_ratio": 2, "alt": "Winter coats"}, "title": "Winter Sale", "subtitle": "Up to 50 % off"}}"#),
        Fixture(type: "button_row", json: #"{"type": "button_row", "id": "buttons", "data": {"buttons": [{"title": "Shop now", "style": "solid"}, {"title": "Later", "style": "outline"}, {"icon": "heart"}]}}"#),
        Fixture(type: "tag_rail", json: ##"{"type": "tag_rail", "id": "tags", "data": {"tags": [{"text": "Coats"}, {"text": "Boots", "bg_color": "#FFE0B2"}, {"text": "Scarves"}]}}"##),
        Fixture(type: "stepper_row", json: #"{"type": "stepper_row", "id": "stepper", "data": {"title": "Guests", "subtitle": "Up to 4", "min": 1, "max": 4, "initial": 2}}"#),
        Fixture(type: "accordion", json: #"{"type": "accordion", "id": "accordion", "data": {"header": "Delivery and returns", "initially_expanded": true, "items": [{"type": "title_block", "data": {"title": "Free returns within 30 days"}}]}}"#),
        Fixture(type: "separator", json: #"{"type": "separator", "id": "separator", "data": {"style": "dashed", "thickness": 1}}"#),
    ]

    /// `widgets` as the one section of a page document.
    public static func page(_ widgets: [Fixture]) -> Data {
        let widgets = widgets.map(\.json).joined(separator: ", ")
        return Data((#"{"page": {"id": "preview", "sections": [{"id": "preview", "widgets": ["# + widgets + "]}]}}").utf8)
    }
}
