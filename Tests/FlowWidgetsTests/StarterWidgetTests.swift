import FlowCore
import FlowWidgets
import Foundation
import Testing

@Suite struct StarterWidgetTests {
    func content<Content: WidgetContent>(_ type: Content.Type, _ data: String) throws -> Content {
        try Content(from: JSONNode(value: JSONParser.parse(data), path: CodingPath(root: "data")))
    }

    @Test func registersAllEightStarterTypes() {
        var catalog = WidgetCatalog()
        StarterWidgets.register(on: &catalog)
        #expect(catalog.registeredTypes == ["accordion", "banner", "button_row", "image_text_card", "separator", "stepper_row", "tag_rail", "title_block"])
    }

    @Test func requiredFieldsFailTheirWidget() {
        #expect(throws: DecodingFailure.self) { try content(TitleBlockContent.self, #"{"subtitle": "s"}"#) }
        #expect(throws: DecodingFailure.self) { try content(ImageTextCardContent.self, #"{"image": "u"}"#) }
        #expect(throws: DecodingFailure.self) { try content(BannerContent.self, #"{"title": "t"}"#) }
        #expect(throws: DecodingFailure.self) { try content(StepperRowContent.self, #"{"min": 1}"#) }
        #expect(throws: DecodingFailure.self) { try content(AccordionContent.self, #"{"items": []}"#) }
    }

    @Test func stepperClampsItsInitialCountAndRefusesAnEmptyRange() throws {
        let stepper = try content(StepperRowContent.self, #"{"title": "Packages", "min": 1, "max": 8, "initial": 20}"#)
        #expect(stepper.initial == 8)
        #expect(stepper.clamped(0) == 1)
        #expect(throws: DecodingFailure.self) { try content(StepperRowContent.self, #"{"title": "x", "min": 5, "max": 1}"#) }
    }

    @Test func separatorDataIsTheWholeDataObject() throws {
        let separator = try content(SeparatorContent.self, #"{"style": "dashed", "thickness": 2, "insets": {"left": 16}}"#)
        #expect(separator.separator == SeparatorData(style: .dashed, thickness: 2, insets: Insets(left: 16)))
    }

    @Test func innerArraysAreLossy() throws {
        let page = try starterDecoder().decodePage(Data("""
            {"page": {"sections": [{"widgets": [
              {"type": "button_row", "id": "r", "data": {"buttons": [{"title": "Ok"}, {"style": "plain"}, 4]}},
              {"type": "tag_rail", "id": "t", "data": {"tags": [{"text": "a"}, {"bg_color": "#FFF"}]}}]}]}}
            """.utf8))
        #expect(page.page.widget(id: "r")?.content(as: ButtonRowContent.self)?.buttons.count == 1)
        #expect(page.page.widget(id: "t")?.content(as: TagRailContent.self)?.tags.count == 1)
        #expect(page.diagnostics.map(\.kind) == [.droppedElement, .droppedElement, .droppedElement])
        #expect(page.diagnostics.map(\.path) == ["page.sections.0.widgets.0.data.buttons.1", "page.sections.0.widgets.0.data.buttons.2", "page.sections.0.widgets.1.data.tags.1"])
    }
}
