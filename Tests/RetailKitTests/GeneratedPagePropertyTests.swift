import FlowCore
import FlowWidgets
import Foundation
import PageGenerator
import RetailKit
import Testing

/// Pages from the benchmark generator, with faults injected at random: decoding never
/// crashes, and every widget the generator did not break keeps its id and its content.
@Suite struct GeneratedPagePropertyTests {
    static func generate(seed: Int, faults: Double, sections: Int = 15, widgets: Int = 12) -> Data {
        Data(PageGenerator(sections: sections, widgetsPerSection: widgets, faultRate: faults, seed: UInt64(seed)).bytes())
    }

    /// The required keys of each generated type, per CONTRACT §6.
    static let required: [String: [String]] = [
        "product_card": ["product_id", "title", "price", "availability"], "image_text_card": ["title"],
        "banner": ["image"], "tag_rail": [], "title_block": ["title"],
    ]

    /// What a careful reader of the contract expects of one raw widget.
    static func expectedStatus(_ raw: JSONValue, catalog: WidgetCatalog) -> String? {
        guard let type = raw["type"]?.stringValue else { return nil }
        guard catalog.contains(type) else { return "unknown" }
        guard case .object(let data)? = raw["data"] else { return "malformed" }
        let missing = (required[type] ?? []).contains { data[$0] == nil }
        return missing ? "malformed" : "ok"
    }

    @Test(arguments: 1...12)
    func faultyPagesKeepEveryUnbrokenWidget(seed: Int) throws {
        let bytes = Self.generate(seed: seed, faults: 0.2)
        let catalog = VitrineApp.makeWidgetCatalog()
        let decoded = try PageDecoder(catalog: catalog).decodePage(bytes)
        let raw = try JSONParser.parse(bytes)
        let rawSections = try #require(raw["page"]?["sections"]?.arrayValue)
        #expect(decoded.page.sections.count == rawSections.count)

        var seenIDs: Set<String> = []
        for (rawSection, section) in zip(rawSections, decoded.page.sections) {
            let typed = (rawSection["widgets"]?.arrayValue ?? []).filter { $0["type"]?.stringValue != nil }
            try #require(typed.count == section.widgets.count)
            for (rawWidget, widget) in zip(typed, section.widgets) {
                let expected = Self.expectedStatus(rawWidget, catalog: catalog)
                let actual: String = switch widget.content {
                case .decoded: "ok"
                case .unknown: "unknown"
                case .malformed: "malformed"
                }
                #expect(actual == expected, "\(widget.id): \(rawWidget)")
                let rawID = try #require(rawWidget["id"]?.stringValue)
                if seenIDs.insert(rawID).inserted {
                    #expect(widget.id == rawID)
                } else {
                    #expect(widget.id.hasPrefix(rawID + "#"))
                }
                if actual == "ok" { try Self.expectSameContent(widget, rawWidget["data"]) }
            }
        }
        let ids = decoded.page.widgetsInDocumentOrder.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test func aPageWithoutFaultsDecodesWithoutDiagnostics() throws {
        let decoded = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog()).decodePage(Self.generate(seed: 7, faults: 0, sections: 40))
        #expect(decoded.diagnostics.isEmpty)
        #expect(decoded.page.sections.count == 40)
        #expect(decoded.page.pagination?.hasMore == true)
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOthers() {
        let first = Self.generate(seed: 11, faults: 0.3)
        #expect(Self.generate(seed: 11, faults: 0.3) == first)
        #expect(Self.generate(seed: 12, faults: 0.3) != first)
    }

    @Test func aFaultRateBreaksAboutThatShareOfWidgets() throws {
        let decoded = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
            .decodePage(Self.generate(seed: 3, faults: 0.25, sections: 40, widgets: 10))
        let kinds = Set(decoded.diagnostics.map(\.kind))
        #expect(kinds.isSuperset(of: [.unknownType, .malformedPayload, .droppedElement, .duplicateID, .unknownArrangement]))
        // 400 widgets at 25 %: each of five faults costs one diagnostic or more per broken widget.
        let broken = decoded.diagnostics.filter { $0.path.contains(".widgets.") }.count
        #expect((50...200).contains(broken), "\(broken) widget diagnostics")
    }

    static func expectSameContent(_ widget: WidgetModel, _ data: JSONValue?) throws {
        let data = try #require(data)
        switch widget.type {
        case "product_card":
            let card = try #require(widget.content(as: ProductCardContent.self))
            #expect(card.productID == data["product_id"]?.stringValue)
            #expect(card.title.text == data["title"]?.stringValue)
            #expect(card.price.amount == data["price"]?["amount"]?.doubleValue)
            #expect(card.availability.rawValue == data["availability"]?.stringValue)
            #expect(card.image?.url == data["image"]?["url"]?.stringValue)
            #expect(card.badges.count == data["badges"]?.arrayValue?.count ?? 0)
        case "image_text_card":
            let card = try #require(widget.content(as: ImageTextCardContent.self))
            #expect(card.title.text == data["title"]?["text"]?.stringValue)
            #expect(card.tags.count == data["tags"]?.arrayValue?.count ?? 0)
        case "banner":
            let banner = try #require(widget.content(as: BannerContent.self))
            #expect(banner.image.url == data["image"]?["url"]?.stringValue)
            #expect(banner.title?.text == data["title"]?.stringValue)
        case "tag_rail":
            let rail = try #require(widget.content(as: TagRailContent.self))
            #expect(rail.tags.map(\.text.text) == (data["tags"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue })
        default:
            Issue.record("the generator made an unexpected type '\(widget.type)'")
        }
    }
}

