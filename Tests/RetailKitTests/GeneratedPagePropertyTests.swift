import FlowCore
import FlowWidgets
import Foundation
import RetailKit
import Testing

/// Pages from the shared benchmark generator, with faults injected at random: decoding never
/// crashes, and every widget the generator did not break keeps its id and its content.
@Suite struct GeneratedPagePropertyTests {
    static let generator = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/bench/gen_page.py")

    static func generate(seed: Int, faults: Double, sections: Int = 15, widgets: Int = 12) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", generator.path, "--sections", "\(sections)", "--widgets", "\(widgets)",
                             "--seed", "\(seed)", "--faults", "\(faults)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return data
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
        let bytes = try Self.generate(seed: seed, faults: 0.2)
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

