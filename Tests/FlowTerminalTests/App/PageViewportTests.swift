import FlowCore
import FlowRuntime
import Testing
@testable import FlowTerminal

/// A page screen driven as the app drives it: a command, then frames until one changes
/// nothing (each presented frame adopted), as the loop does.
@MainActor
struct BrowsedScreen {
    var screen = PageScreen()
    var viewport: PageViewport {
        get { screen.viewport }
        set { screen.viewport = newValue }
    }
    var page: PageModel
    let renderer = PageRenderer(environment: TestPages.environment())
    var width: Int
    var height: Int
    private(set) var frames = 0

    init(_ page: PageModel, width: Int = 40, height: Int = 12) {
        self.page = page
        self.width = width
        self.height = height
        present()
    }

    mutating func present() {
        for _ in 0..<20 {
            let drawing = screen.draw(.showing(page), with: renderer, environment: TestPages.environment(), width: width, height: height)
            frames += 1
            guard drawing.needsAnotherFrame else { return }
        }
        Issue.record("frames kept changing the viewport")
    }

    mutating func press(_ command: BrowseCommand, times: Int = 1) {
        for _ in 0..<times {
            viewport.apply(command)
            present()
        }
    }

    var focused: String? {
        if case .widget(let id) = viewport.focus { return id.string }
        return nil
    }

    /// The focused widget's rectangle in the last frame.
    var focusedRect: CellRect? { viewport.focusedTarget?.rect }

    var lines: [String] {
        var viewport = viewport
        renderer.environment = viewport.focusing(TestPages.environment())
        return renderer.render(.showing(page), viewport: &viewport, width: width, height: height).buffer.plainLines
    }
}

@MainActor
@Suite struct PageViewportTests {
    static func tappable(_ id: String, _ text: String, layout: String = "") -> String {
        #"{"type": "title_block", "id": "\#(id)"\#(layout.isEmpty ? "" : ", \"layout\": " + layout), "data": {"title": "\#(text)"}, "actions": {"tap": {"type": "toast", "message": "\#(id)"}}}"#
    }

    /// Ten tappable rows, a carousel of six cards, then five more rows.
    static func page() throws -> PageModel {
        let rows = (0..<10).map { tappable("r\($0)", "Row \($0)") }.joined(separator: ", ")
        let cards = (0..<6).map { tappable("c\($0)", "Card \($0)", layout: #"{"width": 0.45}"#) }.joined(separator: ", ")
        let tail = (10..<15).map { tappable("r\($0)", "Row \($0)") }.joined(separator: ", ")
        return try TestPages.page(TestPages.json(sections: """
            {"id": "rows", "widgets": [\(rows)]},
            {"id": "cards", "layout": {"arrangement": "carousel", "item_spacing": 8}, "widgets": [\(cards)]},
            {"id": "tail", "widgets": [\(tail)]}
            """))
    }

    /// Shrunk to a few rows (10 × 3) and grown back to 80 × 24, focus had moved to the sticky
    /// search bar while the page stayed scrolled where it was. With a nav bar above the search
    /// bar, as the home page has, the bars take all three rows and the body has none.
    @Test(arguments: [false, true])
    func aScreenShrunkToNothingAndGrownBackKeepsTheFocusedWidget(withNavBar: Bool) throws {
        let rows = (0..<30).map { Self.tappable("r\($0)", "Row \($0)") }.joined(separator: ", ")
        let nav = withNavBar ? #""nav": {"title": "Shop"}, "# : ""
        let page = try TestPages.page(TestPages.json(
            sections: #"{"id": "rows", "widgets": [\#(rows)]}"#,
            extra: nav + #""header": {"sticky": true, "widgets": [\#(Self.tappable("search", "Search"))]}"#))
        var screen = BrowsedScreen(page, width: 80, height: 24)
        screen.press(.bottom)
        let focused = try #require(screen.focused)
        #expect(focused != "search")
        for (width, height) in [(10, 3), (10, 1), (80, 24), (10, 3), (80, 24)] {
            screen.width = width
            screen.height = height
            screen.present()
        }
        #expect(screen.focused == focused)
        let rect = try #require(screen.focusedRect)
        #expect(rect.y >= 0 && rect.maxY <= 24, "and in view: \(rect)")
    }

    @Test func theFirstFrameFocusesTheFirstWidgetInView() throws {
        let screen = BrowsedScreen(try Self.page())
        #expect(screen.focused == "r0")
        #expect(screen.lines.contains { $0.hasPrefix("Row 0") })
    }

    @Test func downAndUpMoveRowByRowAndScrollToKeepFocusInView() throws {
        var screen = BrowsedScreen(try Self.page(), height: 6)
        screen.press(.down, times: 7)
        #expect(screen.focused == "r7")
        let rect = try #require(screen.focusedRect)
        #expect(rect.y >= 0 && rect.maxY <= 6, "the focused row is on screen: \(rect)")
        #expect(screen.viewport.scroll > 0)
        screen.press(.up, times: 7)
        #expect(screen.focused == "r0")
        #expect(screen.viewport.scroll == 0)
    }

    @Test func leftAndRightMoveWithinACarouselAndScrollIt() throws {
        var screen = BrowsedScreen(try Self.page(), height: 8)
        screen.press(.down, times: 10)
        #expect(screen.focused == "c0", "down from the last row enters the carousel")
        screen.press(.right, times: 3)
        #expect(screen.focused == "c3")
        let offset = try #require(screen.viewport.carouselOffsets["cards"])
        #expect(offset > 0, "the carousel scrolled to show the card")
        let rect = try #require(screen.focusedRect)
        #expect(rect.x >= 0 && rect.maxX <= screen.width, "the card shows whole: \(rect)")
        screen.press(.right, times: 5)
        #expect(screen.focused == "c5", "the last card stays focused")
        screen.press(.left, times: 5)
        #expect(screen.focused == "c0")
        #expect(screen.viewport.carouselOffsets["cards"] == 0)
        screen.press(.down)
        #expect(screen.focused == "r10", "down leaves the carousel")
    }

    @Test func tabGoesThroughWidgetsInReadingOrder() throws {
        var screen = BrowsedScreen(try Self.page(), height: 8)
        screen.press(.next, times: 11)
        #expect(screen.focused == "c1", "after the rows, each card in turn")
        screen.press(.previous, times: 2)
        #expect(screen.focused == "r9")
    }

    @Test func pagingScrollsAScreenAndFocusFollowsIntoView() throws {
        var screen = BrowsedScreen(try Self.page(), height: 6)
        screen.press(.pageDown)
        #expect(screen.viewport.scroll == 4, "a screen less two rows")
        let rect = try #require(screen.focusedRect)
        #expect(rect.y >= 0 && rect.maxY <= 6, "focus moved to a widget in view")
        screen.press(.pageUp)
        #expect(screen.viewport.scroll == 0)
    }

    @Test func endAndHomeJumpAndFocusTheLastAndFirstInView() throws {
        var screen = BrowsedScreen(try Self.page(), height: 6)
        screen.press(.bottom)
        #expect(screen.focused == "r14")
        #expect(screen.viewport.scroll == screen.viewport.layout?.maxScroll)
        #expect(screen.viewport.isNearEnd)
        screen.press(.top)
        #expect(screen.focused == "r0")
        #expect(screen.viewport.scroll == 0)
        #expect(!screen.viewport.isNearEnd)
    }

    @Test func downPastWhatIsLaidOutScrollsOnUntilAWidgetComes() throws {
        // A tall block with no action between two tappable rows, taller than the look-ahead.
        let filler = (0..<40).map { TestPages.title("f\($0)", "Filler \($0)") }.joined(separator: ", ")
        let page = try TestPages.page(TestPages.json(sections: """
            {"id": "a", "widgets": [\(Self.tappable("top", "Top")), \(filler), \(Self.tappable("bottom", "Bottom"))]}
            """))
        var screen = BrowsedScreen(page, height: 6)
        screen.renderer.lookahead = 2
        screen.press(.down)
        #expect(screen.focused == "bottom")
        #expect(screen.lines.contains { $0.hasPrefix("Bottom") })
    }

    @Test func focusIsKeptByIDAcrossANewComposition() throws {
        var screen = BrowsedScreen(try Self.page(), height: 6)
        screen.press(.down, times: 3)
        #expect(screen.focused == "r3")
        screen.page = try Self.page()
        screen.present()
        #expect(screen.focused == "r3")
        // A composition without the focused widget moves focus to one in view.
        let rows = [0, 1, 2, 4, 5, 6].map { Self.tappable("r\($0)", "Row \($0)") }.joined(separator: ", ")
        screen.page = try TestPages.page(TestPages.json(sections: #"{"id": "rows", "widgets": [\#(rows)]}"#))
        screen.renderer.invalidateLayout()
        screen.present()
        let focused = try #require(screen.focused)
        #expect(focused != "r3")
        #expect(screen.focusedRect.map { $0.y >= 0 && $0.maxY <= 6 } == true)
    }

    @Test func aClickFocusesTheWidgetHitAndReturnsItsRegion() throws {
        var screen = BrowsedScreen(try Self.page(), height: 8)
        let region = screen.viewport.focus(at: 1, y: 2)
        #expect(region?.target == .widget(id: "r2", event: "tap"))
        #expect(region?.action?.type == "toast")
        #expect(screen.focused == "r2")
    }

    @Test func theFocusedWidgetHasItsTitleEmphasisedAndNothingReversed() throws {
        let screen = BrowsedScreen(try Self.page(), height: 6)
        var viewport = screen.viewport
        screen.renderer.environment = viewport.focusing(TestPages.environment())
        let frame = screen.renderer.render(.showing(screen.page), viewport: &viewport, width: 40, height: 6)
        #expect(frame.buffer[0, 0].style.attributes.isSuperset(of: [.bold, .underline]), "r0 is focused")
        #expect(!frame.buffer[0, 1].style.attributes.contains(.underline), "r1 is not")
        #expect(frame.buffer.cells.allSatisfy { !$0.style.attributes.contains(.reverse) }, "never reversed")
    }

    @Test func aFocusedWidgetWithRoomBesideItHasTheEdgeBarDownItsSide() throws {
        let rows = (0..<4).map { Self.tappable("r\($0)", "Row \($0)") }.joined(separator: ",")
        let page = try TestPages.page(TestPages.json(sections: #"{"layout": {"insets": {"left": 16}}, "widgets": [\#(rows)]}"#))
        var screen = BrowsedScreen(page, height: 6)
        screen.press(.down)
        #expect(screen.focused == "r1")
        #expect(screen.lines[1].hasPrefix(" ▌Row 1"), "\(screen.lines)")
        #expect(!screen.lines[0].contains("▌"))
    }
}
