import FlowCore
import FlowRuntime
import Testing
@testable import FlowTerminal

/// Focus inside a widget: the keys reach every control the mouse can (a row of buttons, a
/// count's signs), arrows move between them before leaving the widget, Enter fires the one
/// that has the keys, and a disabled one fires nothing and never looks enabled.
@MainActor
@Suite struct ControlFocusTests {
    static func toast(_ message: String) -> String { #"{"type": "toast", "message": "\#(message)"}"# }

    /// A title, a row of three buttons (the first disabled when `firstDisabled`), a stepper,
    /// and a title below.
    static func page(firstDisabled: Bool = false) throws -> PageModel {
        let buttons = [
            #"{"title": "Buy", "style": "solid", "disabled": \#(firstDisabled), "action": \#(toast("buy"))}"#,
            #"{"title": "Alto", "action": \#(toast("alto"))}"#,
            #"{"title": "Brio", "action": \#(toast("brio"))}"#,
        ].joined(separator: ",")
        let widgets = [
            #"{"type": "title_block", "id": "top", "data": {"title": "Top"}, "actions": {"tap": \#(toast("top"))}}"#,
            #"{"type": "button_row", "id": "row", "data": {"buttons": [\#(buttons)]}}"#,
            #"{"type": "stepper_row", "id": "count", "data": {"title": "Count", "min": 0, "max": 3}, "actions": {"change": \#(toast("n"))}}"#,
            #"{"type": "title_block", "id": "bottom", "data": {"title": "Bottom"}, "actions": {"tap": \#(toast("bottom"))}}"#,
        ].joined(separator: ",")
        return try TestPages.page(TestPages.json(sections: #"{"id": "sec", "widgets": [\#(widgets)]}"#))
    }

    static func environment() -> RenderEnvironment { TestPages.environment(plain: false) }

    @discardableResult
    static func draw(_ screen: inout PageScreen, _ page: PageModel) -> PageScreenDrawing {
        screen.draw(.showing(page), with: PageRenderer(environment: environment()), environment: environment(), width: 60, height: 12)
    }

    /// `keys` applied one frame apart, as the loop draws between them.
    static func press(_ keys: [BrowseCommand], on screen: inout PageScreen, _ page: PageModel) {
        for key in keys {
            screen.viewport.apply(key)
            draw(&screen, page)
        }
    }

    static func fired(_ message: String, from widget: String) -> PageIntent {
        .fire(FiredAction(action: ActionData(type: "toast", ["message": .string(message)]), event: .tap, widgetID: widget, sectionID: "sec"))
    }

    @Test func arrowsReachEveryButtonOfARowAndEnterFiresTheOneWithTheKeys() throws {
        let page = try Self.page()
        var screen = PageScreen()
        Self.draw(&screen, page)
        Self.press([.down], on: &screen, page)
        #expect(screen.viewport.focus == .widget("row"))
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("buy", from: "row")], "the row as a whole fires its first button")
        Self.press([.right], on: &screen, page)
        #expect(screen.viewport.focus == .widget("row"), "right stays in the row")
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("alto", from: "row")])
        Self.press([.right], on: &screen, page)
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("brio", from: "row")])
        Self.press([.left, .left], on: &screen, page)
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("buy", from: "row")])
    }

    @Test func tabGoesThroughAWidgetsControlsThenOn() throws {
        let page = try Self.page()
        var screen = PageScreen()
        Self.draw(&screen, page)
        Self.press([.next], on: &screen, page)
        #expect(screen.viewport.focus == .widget("row"))
        Self.press([.next, .next], on: &screen, page)
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("brio", from: "row")])
        Self.press([.next], on: &screen, page)
        #expect(screen.viewport.focus == .widget("count"), "after the last control, the next widget")
        #expect(screen.viewport.control == nil, "a widget taking focus starts at its default")
    }

    @Test func theSignsOfACountAreReachedWithArrowsAndEnterStepsThem() throws {
        let page = try Self.page()
        var screen = PageScreen()
        Self.draw(&screen, page)
        Self.press([.down, .down], on: &screen, page)
        #expect(screen.viewport.focus == .widget("count"))
        Self.press([.right], on: &screen, page)
        #expect(screen.update(.activate, hasSheet: false) == [.step(widgetID: "count", delta: 1)])
        Self.press([.left], on: &screen, page)
        #expect(screen.update(.activate, hasSheet: false) == [.step(widgetID: "count", delta: -1)])
        Self.press([.down], on: &screen, page)
        #expect(screen.viewport.focus == .widget("bottom"), "down from the last row of controls leaves the widget")
    }

    @Test func enterOnADisabledFirstButtonFiresNothingRatherThanTheNextControl() throws {
        let page = try Self.page(firstDisabled: true)
        var screen = PageScreen()
        Self.draw(&screen, page)
        Self.press([.down], on: &screen, page)
        #expect(screen.viewport.focus == .widget("row"))
        #expect(screen.update(.activate, hasSheet: false) == [], "a sold-out button is no way to open a variant")
        #expect(screen.focusedTarget?.primaryAction == nil)
        Self.press([.right], on: &screen, page)
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("alto", from: "row")], "the enabled ones stay reachable")
    }

    @Test func aFocusedDisabledButtonLooksNothingLikeAFocusedEnabledOne() throws {
        func buyCells(disabled: Bool) throws -> [CellStyle] {
            let page = try Self.page(firstDisabled: disabled)
            var screen = PageScreen()
            Self.draw(&screen, page)
            Self.press([.down], on: &screen, page)
            let drawing = Self.draw(&screen, page)
            let row = try #require(drawing.frame.buffer.plainLines.firstIndex { $0.contains("Buy") })
            let x = try #require(drawing.frame.buffer.plainLines[row].range(of: "Buy")).lowerBound.utf16Offset(in: drawing.frame.buffer.plainLines[row])
            return (x..<(x + 3)).map { drawing.frame.buffer[$0, row].style }
        }
        let enabled = try buyCells(disabled: false), disabled = try buyCells(disabled: true)
        let brand = try #require(Self.environment().brand)
        #expect(enabled.allSatisfy { $0.attributes.isSuperset(of: [.bold, .underline]) })
        #expect(enabled.allSatisfy { $0.background != nil && $0.background != brand }, "lifted from the brand colour")
        for style in disabled {
            #expect(style.attributes.contains(.underline), "focus still shows where the keys are")
            #expect(!style.attributes.contains(.bold))
            #expect(style.background != brand && style.background != enabled[0].background, "never the colour of one that works")
            #expect(style.foreground == Self.environment().token("text.secondary"))
        }
    }

    /// A focused wide button underlines its label, not the padding around it (seen in tmux: a
    /// sold-out "Épuisé" read as "________Épuisé").
    @Test func aFocusedWideButtonUnderlinesItsLabelOnly() throws {
        let button = #"{"type": "button_row", "id": "row", "data": {"buttons": [{"title": "Buy", "style": "solid", "full_width": true, "action": \#(Self.toast("buy"))}]}}"#
        let page = try TestPages.page(TestPages.json(sections: #"{"id": "sec", "widgets": [\#(button)]}"#))
        var screen = PageScreen()
        Self.draw(&screen, page)
        let drawing = Self.draw(&screen, page)
        let line = drawing.frame.buffer.plainLines[0]
        let start = try #require(line.range(of: "Buy")).lowerBound.utf16Offset(in: line)
        let label = (start..<(start + 3)).map { drawing.frame.buffer[$0, 0].style.attributes.contains(.underline) }
        let padding = [start - 2, start + 4].map { drawing.frame.buffer[$0, 0].style.attributes.contains(.underline) }
        #expect(label == [true, true, true], "the focused button's label")
        #expect(padding == [false, false], "\(line)")
    }

    @Test func aClickOnAControlGivesItTheKeys() throws {
        let page = try Self.page()
        var screen = PageScreen()
        let drawing = Self.draw(&screen, page)
        let brio = try #require(drawing.layout.hitMap.regions.first { $0.target == .control(widgetID: "row", index: 2) })
        _ = screen.update(.click(x: brio.rect.x, y: brio.rect.y), hasSheet: false)
        Self.draw(&screen, page)
        #expect(screen.viewport.control == .control(widgetID: "row", index: 2))
        Self.press([.left], on: &screen, page)
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("alto", from: "row")])
    }

    @Test func aControlBelowTheViewportIsReachedAndScrolledIntoView() throws {
        // A row of buttons wrapping under a short screen: the keys reach the row out of view.
        let buttons = (0..<6).map { index in
            let action = Self.toast("o\(index)")
            return #"{"title": "Option number \#(index)", "full_width": true, "action": \#(action)}"#
        }
        let page = try TestPages.page(TestPages.json(sections: #"{"id": "sec", "widgets": [{"type": "button_row", "id": "row", "data": {"buttons": [\#(buttons.joined(separator: ","))]}}]}"#))
        var screen = PageScreen()
        func draw() -> PageScreenDrawing {
            screen.draw(.showing(page), with: PageRenderer(environment: Self.environment()), environment: Self.environment(), width: 40, height: 4)
        }
        _ = draw()
        for _ in 0..<5 {
            screen.viewport.apply(.down)
            _ = draw()
        }
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("o5", from: "row")])
        #expect(draw().frame.buffer.plainLines.contains { $0.contains("Option number 5") }, "scrolled to the control")
    }

    /// A card's `trailing_icon` with an action is a control after the card's tags (drawn at
    /// the card's right, on its middle row, here the title's): the keys reach it as they reach
    /// any stop, by where it is, and Enter fires it.
    @Test func aCardsTrailingIconWithAnActionIsAControlAfterItsTags() throws {
        let card = #"{"type": "image_text_card", "id": "card", "data": {"title": "Scarf", "tags": [{"text": "Sale", "action": \#(Self.toast("sale"))}], "trailing_icon": {"symbol": "heart", "action": \#(Self.toast("saved"))}}}"#
        let page = try TestPages.page(TestPages.json(sections: #"{"id": "sec", "widgets": [\#(card)]}"#))
        var screen = PageScreen()
        Self.draw(&screen, page)
        #expect(screen.viewport.focus == .widget("card"))
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("sale", from: "card")], "the first control first")
        Self.press([.up], on: &screen, page)
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("saved", from: "card")], "up from the tags, the icon")
        Self.press([.down], on: &screen, page)
        #expect(screen.update(.activate, hasSheet: false) == [Self.fired("sale", from: "card")])
    }
}
