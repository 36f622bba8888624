import FlowCore
import Testing
@testable import FlowPresentation

/// What activating, adjusting or naming an action of each element does: an element that
/// stands for a control does what that control does (VoiceOver double-tapping a row's one
/// readable button fires the button's action, not the widget's tap).
@Suite struct AccessibilityActivationTests {
    func elements(_ widget: String, state: [String: JSONValue] = [:]) throws -> [AccessibilityElement] {
        let page = try A11y.page(#"{"page": {"sections": [{"id": "s", "widgets": ["# + widget + "]}]}}")
        return ReadingOrder(catalog: StarterAccessibility.catalog, environment: A11y.environment(state: state)).elements(of: page)
    }

    func action(_ json: String) throws -> ActionData {
        try ActionData(from: JSONNode(value: JSONParser.parse(json), path: CodingPath(root: "action")))
    }

    @Test func aRowOfOneReadableButtonFiresThatButtonsAction() throws {
        let row = try elements(#"{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "Only", "action": {"type": "refresh_page"}}]}}"#)
        #expect(row.count == 1)
        #expect(row.first?.activation == .action(try action(#"{"type": "refresh_page"}"#)))
        let half = try elements(#"{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "A", "action": {"type": "refresh_page"}, "accessibility": {"hidden": true}}, {"title": "B", "action": {"type": "dismiss"}}]}}"#)
        #expect(half.map(\.label) == ["B"])
        #expect(half.first?.activation == .action(try action(#"{"type": "dismiss"}"#)), "the readable one, not the hidden one")
    }

    @Test func aDimmedButtonDoesNothing() throws {
        let row = try elements(#"{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "Off", "disabled": true, "action": {"type": "dismiss"}}]}}"#)
        #expect(row.first?.isDisabled == true)
        #expect(row.first?.activation == nil)
    }

    @Test func aRailOfOneTappableTagFiresTheTagsAction() throws {
        let rail = try elements(#"{"type": "tag_rail", "id": "t", "data": {"tags": [{"text": "Sale", "action": {"type": "dismiss"}}, {"text": "  "}]}}"#)
        #expect(rail.map(\.line) == ["button: Sale — Closes"])
        #expect(rail.first?.activation == .action(try action(#"{"type": "dismiss"}"#)))
        let plain = try elements(#"{"type": "tag_rail", "id": "t", "data": {"tags": [{"text": "New"}]}}"#)
        #expect(plain.first?.activation == nil)
    }

    @Test func anAccordionsHeaderOpensAndClosesIt() throws {
        let accordion = #"{"type": "accordion", "id": "a", "data": {"header": "Details", "items": [{"type": "title_block", "id": "i", "data": {"title": "Wool"}}]}}"#
        #expect(try elements(accordion).first?.activation == .state(.bool(true), event: nil))
        #expect(try elements(accordion, state: ["a": .bool(true)]).first?.activation == .state(.bool(false), event: nil))
        let labelled = accordion.replacingOccurrences(of: #""id": "a","#, with: #""id": "a", "accessibility": {"label": "Closed section"},"#)
        #expect(try elements(labelled).map(\.activation) == [.state(.bool(true), event: nil)], "a payload label keeps the header's toggle")
    }

    /// A correction on an open accordion (label, hint, role) leaves its items their own
    /// elements and what they do: merged into the accordion's, a nested button or stepper
    /// would be out of VoiceOver's reach.
    @Test func anOpenAccordionsCorrectionLeavesItsItemsTheirOwnElements() throws {
        let items = #"[{"type": "button_row", "id": "br", "data": {"buttons": [{"title": "Track order", "action": {"type": "open_page", "page_id": "track"}}]}}, {"type": "stepper_row", "id": "st", "data": {"title": "Gift wrap", "min": 0, "max": 3}}]"#
        for correction in [#"{"label": "Delivery and returns"}"#, #"{"hint": "Delivery options"}"#, #"{"role": "header"}"#] {
            let accordion = try elements(
                #"{"type": "accordion", "id": "acc", "accessibility": "# + correction + #", "data": {"header": "Delivery", "initially_expanded": true, "items": "# + items + "}}")
            try #require(accordion.map(\.widgetID) == ["acc", "br", "st"], "\(correction)")
            #expect(accordion.first?.activation == .state(.bool(false), event: nil), "the header still closes it")
            #expect(accordion.first?.label.contains("Track order") == false, "it names no control it does not carry")
            #expect(accordion[1].activation == .action(try action(#"{"type": "open_page", "page_id": "track"}"#)))
            #expect(accordion[2].isAdjustable, "the nested stepper is still adjustable")
        }
    }

    @Test func aStepperStepsBySwipesAndFiresChange() throws {
        let stepper = #"{"type": "stepper_row", "id": "s", "data": {"title": "Guests", "min": 1, "max": 4, "initial": 2}}"#
        let middle = try #require(try elements(stepper).first)
        #expect(middle.isAdjustable)
        #expect(middle.increment == .state(.number(3), event: "change"))
        #expect(middle.decrement == .state(.number(1), event: "change"))
        let top = try #require(try elements(stepper, state: ["s": .number(4)]).first)
        #expect(top.increment == nil, "nothing above the maximum")
        #expect(top.decrement == .state(.number(3), event: "change"))
        let labelled = stepper.replacingOccurrences(of: #""id": "s","#, with: #""id": "s", "accessibility": {"label": "Quantity"},"#)
        #expect(try elements(labelled).first?.increment == .state(.number(3), event: "change"), "a payload label keeps it adjustable")
    }

    @Test func aTappableWidgetFiresItsTap() throws {
        let card = try elements(#"{"type": "image_text_card", "id": "c", "data": {"title": "Boots"}, "actions": {"tap": {"type": "dismiss"}}}"#)
        #expect(card.first?.activation == .event("tap"))
        #expect(try elements(#"{"type": "title_block", "id": "t", "data": {"title": "Deals"}}"#).first?.activation == nil)
    }

    @Test func aCardsTagsWithActionsAreItsNamedActions() throws {
        let card = try elements(#"{"type": "image_text_card", "id": "c", "data": {"title": "Boots", "tags": [{"text": "Hot"}, {"text": "Sale", "action": {"type": "dismiss"}}]}}"#)
        #expect(card.first?.actions == [AccessibilityElement.CustomAction(name: "Sale", activation: .action(try action(#"{"type": "dismiss"}"#)))])
        #expect(card.first?.line == "text: Boots, Hot, Sale {actions: Sale}")
    }

    /// Named by the app's word for its symbol, or by the symbol in words when the engine
    /// names no such symbol.
    @Test func aCardsTrailingIconWithAnActionIsANamedActionInWords() throws {
        let card = try elements(#"{"type": "image_text_card", "id": "c", "data": {"title": "Scarf", "trailing_icon": {"symbol": "heart.fill", "action": {"type": "dismiss"}}}}"#)
        #expect(card.first?.actions == [AccessibilityElement.CustomAction(name: "favourite", activation: .action(try action(#"{"type": "dismiss"}"#)))])
        let flame = try elements(#"{"type": "image_text_card", "id": "c", "data": {"title": "Scarf", "trailing_icon": {"symbol": "flame.fill", "action": {"type": "dismiss"}}}}"#)
        #expect(flame.first?.actions.map(\.name) == ["flame"])
        #expect(try elements(#"{"type": "image_text_card", "id": "c", "data": {"title": "Scarf", "trailing_icon": "chevron.right"}}"#).first?.actions == [],
                "an icon without an action is decoration")
    }

    @Test func aLabelledRowKeepsEachButtonAsAnAction() throws {
        let row = try elements(#"{"type": "button_row", "id": "r", "accessibility": {"label": "Choices"}, "data": {"buttons": [{"title": "A", "action": {"type": "refresh_page"}}, {"title": "B", "action": {"type": "dismiss"}}]}}"#)
        #expect(row.count == 1)
        #expect(row.first?.activation == .action(try action(#"{"type": "refresh_page"}"#)), "the first control is the activation")
        #expect(row.first?.actions.map(\.name) == ["B"])
    }
}
