import FlowCore
import Testing
@testable import FlowPresentation

/// How each control of a widget reads (`PartReading`): a control the reading order hides (or
/// cannot read) is hidden on device too, never read by its drawn title, and the others read
/// as their own elements.
@Suite struct PartReadingTests {
    func elements(_ widget: String) throws -> [AccessibilityElement] {
        let page = try A11y.page(#"{"page": {"sections": [{"id": "s", "widgets": ["# + widget + "]}]}}")
        return ReadingOrder(catalog: StarterAccessibility.catalog, environment: A11y.environment()).elements(of: page)
    }

    @Test func aHiddenButtonOfARowOfSeveralIsHidden() throws {
        let row = try elements(#"{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "Internal tracking pixel", "accessibility": {"hidden": true}}, {"title": "Buy"}, {"title": "Save"}]}}"#)
        #expect(PartReading(part: 0, of: "r", in: row) == .hidden)
        #expect(PartReading(part: 1, of: "r", in: row).element?.label == "Buy")
    }

    @Test func anIconTheCatalogueCannotNameAndAZeroWidthTagAreHidden() throws {
        let rail = try elements(#"{"type": "tag_rail", "id": "t", "data": {"tags": [{"text": "\u200b"}, {"text": "New"}, {"text": "Sale"}]}}"#)
        #expect(PartReading(part: 0, of: "t", in: rail) == .hidden)
        #expect(PartReading(part: 2, of: "t", in: rail).element?.label == "Sale")
    }

    @Test func aControlOfAWidgetReadAsOneIsLeftInsideIt() throws {
        let row = try elements(#"{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "Hidden", "accessibility": {"hidden": true}}, {"title": "Only"}]}}"#)
        #expect(row.count == 1)
        #expect(PartReading(part: 0, of: "r", in: row) == .withinWidget)
        #expect(PartReading(part: 1, of: "r", in: row) == .withinWidget, "the widget's one element carries it")
    }

    @Test func aNavBarsHiddenButtonIsHiddenEvenBesideOneOther() throws {
        let page = try A11y.page(#"{"page": {"nav": {"left_button": {"title": "Back", "accessibility": {"hidden": true}}, "right_buttons": [{"title": "Cart"}]}, "sections": []}}"#)
        let nav = try #require(page.nav)
        let elements = ReadingOrder(catalog: StarterAccessibility.catalog, environment: A11y.environment()).navElements(nav)
        #expect(elements.map(\.label) == ["Cart"])
        #expect(PartReading(part: 0, of: "nav", in: elements, separate: true) == .hidden)
        #expect(PartReading(part: 1, of: "nav", in: elements, separate: true).element?.label == "Cart")
    }
}
