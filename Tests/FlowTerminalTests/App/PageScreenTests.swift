import FlowCore
import FlowRuntime
import Testing
@testable import FlowTerminal

/// The page screen's update: what it asks of its app for each input, from the layout of the
/// last frame it drew.
@MainActor
@Suite struct PageScreenTests {
    static func page() throws -> PageModel {
        let widgets = [
            #"{"type": "title_block", "id": "t", "data": {"title": "Tap me"}, "actions": {"tap": {"type": "toast", "message": "hi"}}}"#,
            #"{"type": "stepper_row", "id": "s", "data": {"title": "Count", "min": 0, "max": 3}, "actions": {"change": {"type": "toast", "message": "n"}}}"#,
        ].joined(separator: ",")
        return try TestPages.page(TestPages.json(sections: #"{"id": "sec", "widgets": [\#(widgets)]}"#))
    }

    func drawn(_ screen: inout PageScreen, _ page: PageModel) -> PageScreenDrawing {
        screen.draw(.showing(page), with: PageRenderer(environment: TestPages.environment()), environment: TestPages.environment(), width: 40, height: 8)
    }

    @Test func enterFiresTheFocusedTapFromItsOrigin() throws {
        let page = try Self.page()
        var screen = PageScreen()
        _ = drawn(&screen, page)
        let intents = screen.update(.activate, hasSheet: false)
        #expect(intents == [.fire(FiredAction(action: ActionData(type: "toast", ["message": "hi"]), event: .tap, widgetID: "t", sectionID: "sec"))])
    }

    @Test func anEventTheFocusedWidgetLacksIsSaidNotFired() throws {
        let page = try Self.page()
        var screen = PageScreen()
        _ = drawn(&screen, page)
        let intents = screen.update(.fire(.addToCart), hasSheet: false)
        guard case .missingAction(.addToCart, let widget)? = intents.first, intents.count == 1 else {
            Issue.record("\(intents)")
            return
        }
        #expect(widget?.id == "t", "the widget it was asked of, for the app to say why")
    }

    @Test func escClosesTheSheetFirstThenAsksToGoBack() throws {
        var screen = PageScreen()
        #expect(screen.update(.dismiss, hasSheet: true) == [.dismissSheet])
        #expect(screen.update(.dismiss, hasSheet: false) == [.back])
    }

    @Test func plusAndMinusAndAClickOnAStepperStepTheWidget() throws {
        let page = try Self.page()
        var screen = PageScreen()
        _ = drawn(&screen, page)
        screen.viewport.apply(.down)
        _ = drawn(&screen, page)
        #expect(screen.update(.step(1), hasSheet: false) == [.step(widgetID: "s", delta: 1)])
        let plus = try #require(screen.viewport.layout?.hitMap.regions.first { $0.target == .stepper(widgetID: "s", delta: 1) })
        #expect(screen.update(.click(x: plus.rect.x, y: plus.rect.y), hasSheet: false) == [.step(widgetID: "s", delta: 1)])
    }

    @Test func theRendererClampsTheViewportsScrollWhereItLives() throws {
        let page = try Self.page()
        var screen = PageScreen(viewport: PageViewport(scroll: 10_000))
        let drawing = drawn(&screen, page)
        #expect(screen.viewport.scroll == drawing.frame.scroll)
        #expect(screen.viewport.scroll == 0, "a short page does not scroll")
        #expect(drawing.layout.bodyRows == screen.viewport.layout?.bodyRows)
    }
}
