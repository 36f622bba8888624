import FlowCore
import FlowWidgets
import Foundation
import Testing

/// Each row of the peer fixtures' README: Flow-UI payloads decode here with the same result.
@Suite struct PeerFixtureTests {
    @Test func problemWidgetsAreContainedOneByOne() throws {
        let decoded = try decoder(registering: [TestText.self]).decodePage(peerFixture("page_problem_widgets.json"))
        let section = try #require(decoded.page.section(id: "sec_1"))
        #expect(section.widgets.map(\.id) == ["good_1", "unknown_1", "broken_1", "good_2"])
        #expect(section.widgets.map(status) == ["ok", "unknown", "malformed", "ok"])
        let kinds = Set(decoded.diagnostics.map(\.kind))
        #expect(kinds.isSuperset(of: [.unknownType, .malformedPayload, .droppedElement]))
        let broken = try #require(decoded.diagnostics.first { $0.kind == .malformedPayload })
        #expect(broken.message.contains("title"))
    }

    @Test func identityRenamesDuplicatesInDocumentOrder() throws {
        let bytes = try peerFixture("page_identity.json")
        let decoded = try decoder(registering: [TestText.self]).decodePage(bytes)
        let ids = decoded.page.widgetsInDocumentOrder.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(decoded.page.header?.widgets.first?.id == "dup")
        #expect(ids.filter { $0.hasPrefix("dup") } == ["dup", "dup#2", "dup#3"])
        let duplicates = decoded.diagnostics.filter { $0.kind == .duplicateID }
        #expect(duplicates.count == 2)
        #expect(duplicates.allSatisfy { $0.message.contains("'dup'") })
        let again = try decoder(registering: [TestText.self]).decodePage(bytes)
        #expect(again.page.widgetsInDocumentOrder.map(\.id) == ids)
    }

    @Test func aWidthWrittenAsANumberOrAStringIsTheSameFraction() throws {
        let decoded = try decoder(registering: [TestText.self]).decodePage(peerFixture("page_basic.json"))
        #expect(decoded.page.widget(id: "c_1")?.layout?.width == .fraction(0.75))
        #expect(decoded.page.widget(id: "c_2")?.layout?.width == .fraction(0.75))
        #expect(!decoded.diagnostics.contains { $0.path.contains("sections.1") })
    }

    @Test func mutationsReachBodiesHeaderAndFooter() throws {
        let decoder = decoder(registering: [TestText.self])
        var page = try decoder.decodePage(peerFixture("page_basic.json")).page
        let bodyID = try #require(page.sections.first?.widgets.first?.id)
        let replacement: JSONValue = ["type": "test_text", "data": ["title": "replaced"]]
        let result = page.apply([
            .replaceWidget(bodyID, with: replacement),
            .replaceWidget("header_title", with: replacement),
            .removeWidget("footer_cta"),
        ], mode: .partial, decoder: decoder)
        #expect(result.appliedCount == 3)
        #expect(result.diagnostics.isEmpty)
        #expect(page.widget(id: bodyID)?.content(as: TestText.self)?.title == "replaced")
        #expect(page.widget(id: "header_title")?.content(as: TestText.self)?.title == "replaced")
        #expect(page.widget(id: "footer_cta") == nil)
        #expect(page.footer?.widgets.contains { $0.id == "footer_cta" } == false)
    }

    @Test func withNothingRegisteredEveryWidgetStaysAsUnknown() throws {
        let bytes = try peerFixture("page_basic.json")
        let raw = try JSONParser.parse(bytes)
        let decoded = try PageDecoder(catalog: WidgetCatalog()).decodePage(bytes)
        let widgets = decoded.page.widgetsInDocumentOrder
        #expect(!widgets.isEmpty)
        #expect(widgets.allSatisfy { status(of: $0) == "unknown" })
        #expect(widgets.count == rawWidgetCount(raw))
    }

    @Test func sheetDecodesFromItsOwnRoot() throws {
        let decoded = try decoder(registering: [TestText.self]).decodeSheet(peerFixture("sheet_basic.json"))
        #expect(decoded.sheet.id == "confirm_sheet")
        #expect(decoded.sheet.header.count == 1)
        #expect(decoded.sheet.sections.first?.widgets.count == 2)
        #expect(decoded.sheet.footer.count == 1)
        #expect(decoded.sheet.config.detents.count == 2)
        #expect(decoded.sheet.config.cornerRadius == 24)
        #expect(decoded.diagnostics.isEmpty)
    }

    @Test(arguments: ["home.json", "feed.json", "feed_page_2.json", "checkout.json", "layouts.json", "showcase.json"])
    func starterPagesDecodeWithOnlyTheDemoAppsCustomTypesUnknown(file: String) throws {
        let decoded = try starterDecoder().decodePage(peerFixture(file))
        var all = decoded.page.widgetsInDocumentOrder
        for widget in all {
            if case .decoded(let content) = widget.content { all += content.nestedWidgets }
        }
        let unknown = Set(all.filter { status(of: $0) == "unknown" }.map(\.type))
        #expect(unknown.isSubset(of: ["order_card", "date_picker_row"]))
        #expect(all.allSatisfy { status(of: $0) != "malformed" }, "malformed: \(decoded.diagnostics)")
        let unexpected = decoded.diagnostics.filter { !($0.kind == .unknownType && ["order_card", "date_picker_row"].contains($0.widgetType ?? "")) }
        #expect(unexpected.isEmpty)
    }

    @Test func problemsPageKeepsHealthyWidgetsRenderable() throws {
        let decoded = try starterDecoder().decodePage(peerFixture("problems.json"))
        let widgets = decoded.page.widgetsInDocumentOrder
        let context = EvaluationContext(client: ClientContext(appVersion: AppVersion(major: 1)), now: Date())
        let byID = Dictionary(uniqueKeysWithValues: widgets.map { ($0.id, $0.resolve(in: context).status.rawValue) })
        #expect(byID["intro"] == "ok")
        #expect(byID["healthy_1"] == "ok")
        #expect(byID["healthy_2"] == "ok")
        #expect(byID["unknown_1"] == "unknown")
        #expect(byID["broken_1"] == "malformed")
        #expect(byID["typeless"] == nil)
        #expect(decoded.diagnostics.contains { $0.kind == .droppedElement })
    }

    @Test func checkoutsNestedSheetDecodesWhenItsActionFires() throws {
        let decoder = starterDecoder()
        let page = try decoder.decodePage(peerFixture("checkout.json")).page
        let row = try #require(page.widget(id: "confirm_cta")?.content(as: ButtonRowContent.self))
        let action = try #require(row.buttons.first?.action)
        let sheet = try decoder.decodeSheet(action.decode(OpenBottomSheetAction.self).sheet)
        #expect(sheet.sheet.id == "confirm_sheet")
        #expect(sheet.sheet.config.detents == [.fraction(0.35)])
        #expect(sheet.diagnostics.isEmpty)
    }

    /// Widgets with a `type` in page header, sections (headers and bodies) and footer.
    private func rawWidgetCount(_ document: JSONValue) -> Int {
        guard let page = document["page"] else { return 0 }
        func typed(_ list: JSONValue?) -> Int { (list?.arrayValue ?? []).filter { $0["type"]?.stringValue != nil }.count }
        var count = typed(page["header"]?["widgets"]) + typed(page["footer"]?["widgets"])
        for section in page["sections"]?.arrayValue ?? [] {
            count += typed(section["widgets"]) + (section["header"]?["type"] != nil ? 1 : 0)
        }
        return count
    }
}
