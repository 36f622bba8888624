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

    @Test func stepperClampsItsInitialCountAndMendsAnEmptyRange() throws {
        let stepper = try content(StepperRowContent.self, #"{"title": "Packages", "min": 1, "max": 8, "initial": 20}"#)
        #expect(stepper.initial == 8)
        #expect(stepper.clamped(0) == 1)
        let empty = try content(StepperRowContent.self, #"{"title": "x", "min": 5, "max": 1}"#)
        #expect((empty.minimum, empty.maximum, empty.initial) == (5, 5, 5))
    }

    @Test func stepperStepsSaturateAtTheEdgesOfInt() {
        let whole = StepperRowContent(title: "n", minimum: .min, maximum: .max, initial: 0)
        #expect(whole.stepped(from: .max, by: 1) == .max)
        #expect(whole.stepped(from: .min, by: -1) == .min)
        #expect(whole.stepped(from: .max - 1, by: 1) == .max)
        #expect(whole.stepped(from: .min, by: 1) == .min + 1)
        #expect(!whole.canStep(from: .max, by: 1) && whole.canStep(from: .max, by: -1))
        #expect(!whole.canStep(from: .min, by: -1) && whole.canStep(from: .min, by: 1))
        let bounded = StepperRowContent(title: "n", minimum: 1, maximum: 4, initial: 2)
        #expect(bounded.stepped(from: 4, by: 1) == 4)
        #expect(bounded.stepped(from: 1, by: -1) == 1)
        #expect(bounded.stepped(from: 2, by: 1) == 3)
        #expect(bounded.stepped(from: 99, by: -1) == 3, "a count outside the bounds is clamped before the step")
    }

    @Test func stepperReadsItsLiveCountWithinItsBoundsWhateverTheStoredNumber() throws {
        let whole = StepperRowContent(title: "n", minimum: .min, maximum: .max, initial: 7)
        #expect(whole.count(from: nil) == 7)
        #expect(whole.count(from: .string("3")) == 7)
        #expect(whole.count(from: .number(.nan)) == 7)
        // Int.max stored as a JSON number is 2^63, past Int's range: it reads as the bound.
        #expect(whole.count(from: .number(Double(Int.max))) == .max)
        #expect(whole.count(from: .number(.infinity)) == .max)
        #expect(whole.count(from: .number(-.infinity)) == .min)
        #expect(whole.count(from: .number(-1e300)) == .min)
        #expect(whole.count(from: .number(42)) == 42)
        let bounded = try content(StepperRowContent.self, #"{"title": "Bags", "min": -9223372036854775808, "max": 3}"#)
        #expect(bounded.minimum == .min)
        #expect(bounded.count(from: .number(2.9)) == 2)
        #expect(bounded.count(from: .number(1e19)) == 3)
        #expect(bounded.stepped(from: bounded.count(from: .number(-1e300)), by: -1) == .min)
    }

    /// Cosmetic values out of range are adjusted and reported; the widget stays `ok`.
    @Test func cosmeticValuesOutOfRangeKeepTheirWidgetAndAreReported() throws {
        let page = try starterDecoder().decodePage(Data("""
            {"page": {"sections": [{"widgets": [
              {"type": "stepper_row", "id": "s", "data": {"title": "Bags", "min": 5, "max": 1}},
              {"type": "banner", "id": "b", "data": {"image": {"url": "u", "aspect_ratio": 0, "corner_radius": -4}}},
              {"type": "title_block", "id": "t", "layout": {"width": 1.5, "padding": {"top": 4}},
               "data": {"title": {"text": "T", "max_lines": 0, "font": {"size": -1}, "color": {"hex": "#000", "alpha": 2}}}}]}]}}
            """.utf8))
        let widgets = page.page.sections[0].widgets
        #expect(widgets.map(status) == ["ok", "ok", "ok"])
        #expect(page.page.widget(id: "s")?.content(as: StepperRowContent.self)?.maximum == 5)
        #expect(page.page.widget(id: "b")?.content(as: BannerContent.self)?.image.aspectRatio == nil)
        #expect(page.page.widget(id: "b")?.content(as: BannerContent.self)?.image.cornerRadius == 0)
        #expect(page.page.widget(id: "t")?.layout?.padding.top == 4)
        #expect(page.page.widget(id: "t")?.layout?.width == nil)
        let title = page.page.widget(id: "t")?.content(as: TitleBlockContent.self)?.title
        #expect(title?.maxLines == nil && title?.font?.size == nil && title?.color?.alpha == 1)
        #expect(page.diagnostics.allSatisfy { $0.kind == .malformedPayload && $0.message.hasPrefix("adjusted:") })
        #expect(Set(page.diagnostics.map(\.path)) == [
            "page.sections.0.widgets.0.data.max", "page.sections.0.widgets.1.data.image.aspect_ratio",
            "page.sections.0.widgets.1.data.image.corner_radius", "page.sections.0.widgets.2.layout.width",
            "page.sections.0.widgets.2.data.title.max_lines", "page.sections.0.widgets.2.data.title.font.size",
            "page.sections.0.widgets.2.data.title.color.alpha",
        ])
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
