import FlowCore
import FlowRuntime
import Testing
@testable import FlowTerminal

/// Every view, and the page itself, drawn into an area with no cells: nothing drawn, nothing
/// measured, nothing broken.
@MainActor
@Suite struct ZeroSizeTests {
    nonisolated static let widgets: [String] = [
        #"{"type": "title_block", "data": {"title": "T", "subtitle": "S"}}"#,
        #"{"type": "image_text_card", "data": {"title": "T", "image": "https://x/i.jpg", "tags": [{"text": "a"}], "trailing_icon": "chevron.right"}}"#,
        #"{"type": "banner", "data": {"image": "https://x/i.jpg", "title": "T"}}"#,
        #"{"type": "button_row", "data": {"buttons": [{"title": "B"}, {"title": "C", "full_width": true}]}}"#,
        #"{"type": "tag_rail", "data": {"tags": [{"text": "a"}]}}"#,
        #"{"type": "stepper_row", "data": {"title": "T", "subtitle": "S"}}"#,
        #"{"type": "accordion", "data": {"header": "H", "initially_expanded": true, "items": [{"type": "title_block", "data": {"title": "x"}}]}}"#,
        #"{"type": "separator", "data": {"style": "space"}}"#,
        #"{"type": "mystery", "data": {}}"#,
    ]

    @Test(arguments: widgets)
    func aViewInAZeroSizeAreaDrawsNothing(widget: String) throws {
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [\#(widget)]}"#))
        let environment = TestPages.environment(plain: false)
        let resolved = try #require(page.sections.first?.widgets.first).resolve(in: environment.evaluation)
        let box = try #require(WidgetBox.make(resolved, environment: environment))
        #expect(box.view.height(width: 0, environment: environment) == 0)
        #expect(box.height(outerWidth: 0, environment: environment) == 0)
        let empty = DrawSurface(width: 0, height: 0)
        box.draw(in: Canvas(surface: empty, rect: .zero), environment: environment)
        box.view.draw(in: Canvas(surface: empty, rect: .zero), environment: environment)
        let surface = DrawSurface(width: 6, height: 3)
        box.draw(in: Canvas(surface: surface, rect: CellRect(x: 2, y: 1, width: 0, height: 0)), environment: environment)
        box.view.draw(in: Canvas(surface: surface, rect: CellRect(x: 2, y: 1, width: 0, height: 0)), environment: environment)
        #expect(surface.buffer == CellBuffer(width: 6, height: 3))
        #expect(surface.hitMap.regions.isEmpty)
    }

    @Test func aPageOnAZeroSizeScreenDrawsNothing() throws {
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [\#(Self.widgets.joined(separator: ","))]}"#, extra: #""nav": {"title": "N"}"#))
        var state = PageScreenContent.showing(page)
        state.toast = "t"
        for (width, height) in [(0, 0), (0, 10), (10, 0)] {
            let frame = TestPages.render(state, width: width, height: height)
            #expect(frame.buffer.cells.isEmpty)
            #expect(frame.visibleWidgets.allSatisfy { $0.visibleFraction == 0 })
        }
    }
}
