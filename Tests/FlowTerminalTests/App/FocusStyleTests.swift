import FlowCore
import FlowRuntime
import Testing
@testable import FlowTerminal

/// One focus style for every focusable thing: the edge bar also marks a widget drawn against the
/// screen's left edge (a full-bleed hero), the retry of a list's end and of a failed screen; a row
/// of buttons is no title to emphasise.
@MainActor
@Suite struct FocusStyleTests {
    static func environment() -> RenderEnvironment { TestPages.environment(plain: false) }

    /// Draws `content` through the page screen, focus settled, `width` × `height`.
    static func draw(_ content: PageScreenContent, width: Int, height: Int, focus: FocusID? = nil) -> CellBuffer {
        var screen = PageScreen()
        let renderer = PageRenderer(environment: environment())
        var drawing = screen.draw(content, with: renderer, environment: environment(), width: width, height: height)
        if let focus {
            screen.viewport.focus = focus
            drawing = screen.draw(content, with: renderer, environment: environment(), width: width, height: height)
        }
        return drawing.frame.buffer
    }

    /// Whether the cell at (`x`, `y`) carries the mark: the bar, or the brand colour behind a letter.
    static func marked(_ buffer: CellBuffer, x: Int, y: Int) -> Bool {
        let cell = buffer[x, y], brand = environment().brand
        return cell.grapheme == String(FocusMark.bar) && cell.style.foreground == brand || cell.style.background == brand
    }

    @Test func aWidgetAgainstTheLeftEdgeHasTheBarInItsFirstColumnAndKeepsItsText() throws {
        let widget = #"{"type": "title_block", "id": "hero", "data": {"title": "Winter", "subtitle": "Sale"}, "actions": {"tap": {"type": "toast", "message": "go"}}}"#
        let page = try TestPages.page(TestPages.json(sections: #"{"id": "s", "widgets": [\#(widget)]}"#))
        let unfocused = Self.draw(.showing(page), width: 30, height: 6)
        let buffer = Self.draw(.showing(page), width: 30, height: 6, focus: .widget(ExactString("hero")))
        let markedUnfocused = Self.marked(unfocused, x: 0, y: 0)
        #expect(!markedUnfocused, "only focus marks it")
        for y in 0..<2 {
            let marked = Self.marked(buffer, x: 0, y: y)
            #expect(marked, "row \(y): \(buffer.plainLines)")
        }
        #expect(buffer.plainLines[0].hasPrefix("Winter"), "the letter under the bar stays: \(buffer.plainLines)")
    }

    @Test func theRetryAtAListsEndHasTheBarWhenFocused() throws {
        let page = try TestPages.page(TestPages.json(sections: #"{"id": "s", "layout": {"insets": {"left": 16}}, "widgets": [\#(TestPages.title("a", "A"))]}"#))
        var content = PageScreenContent.showing(page)
        content.hasMorePages = true
        content.nextPage = .failed(message: "timeout")
        let buffer = Self.draw(content, width: 40, height: 4, focus: .retry)
        let row = try #require(buffer.plainLines.firstIndex { $0.contains("Retry") })
        let marked = (0..<4).contains { Self.marked(buffer, x: $0, y: row) }
        #expect(marked, "\(buffer.plainLines)")
    }

    @Test func theRetryOfAFailedScreenHasTheBarWhenFocused() throws {
        let buffer = Self.draw(PageScreenContent(loadState: .failed(message: "offline"), page: nil), width: 40, height: 8, focus: .retry)
        let row = try #require(buffer.plainLines.firstIndex { $0.contains("Retry") })
        let x = try #require(buffer.plainLines[row].firstIndex(of: "[")).utf16Offset(in: buffer.plainLines[row])
        let marked = Self.marked(buffer, x: x - 2, y: row) || Self.marked(buffer, x: x - 1, y: row)
        #expect(marked, "\(buffer.plainLines)")
    }
}
