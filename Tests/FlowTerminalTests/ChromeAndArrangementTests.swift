import FlowCore
import FlowPresentation
import Testing
@testable import FlowTerminal

@MainActor
@Suite struct ChromeAndArrangementTests {
    @Test func chromeIsAppliedInTheContractsOrder() throws {
        // margin 16 pt (2 columns, 1 row), border, padding 8 pt across (1 column), background.
        let layout = ##"{"margin": {"left": 16, "top": 16}, "padding": {"left": 8, "right": 8}, "border": {"width": 1}, "corner_radius": 8, "background": "#202020"}"##
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [\#(TestPages.title("t", "Hi", layout: layout))]}"#))
        let frame = TestPages.render(.showing(page), width: 12, height: 5, plain: false)
        #expect(frame.buffer.plainLines.prefix(4) == ["", "  ╭────────╮", "  │ Hi     │", "  ╰────────╯"])
        // The background fills the border and padding, not the margin.
        #expect(frame.buffer[2, 2].style.background == TerminalColor(red: 0x20, green: 0x20, blue: 0x20))
        #expect(frame.buffer[3, 2].style.background == TerminalColor(red: 0x20, green: 0x20, blue: 0x20))
        #expect(frame.buffer[1, 2].style.background == nil)
        let model = try #require(page.sections.first?.widgets.first?.layout)
        #expect(model.chromeLayers == [.padding, .width, .background, .cornerClip, .border, .margin], "the box spans the 12 columns less the margin")
    }

    @Test func squareCornersAndDashedBorders() throws {
        let layout = #"{"border": {"width": 1, "dash_width": 4}}"#
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [\#(TestPages.title("t", "Hi", layout: layout))]}"#))
        let frame = TestPages.render(.showing(page), width: 6, height: 3)
        #expect(frame.buffer.plainLines == ["┌╌╌╌╌┐", "╎Hi  ╎", "└╌╌╌╌┘"])
    }

    @Test func aHorizontalGradientRunsAcrossTheCells() throws {
        let layout = ##"{"gradient": {"colors": ["#000000", "#FF0000"], "angle": 0}}"##
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [\#(TestPages.title("t", "Hi", layout: layout))]}"#))
        let frame = TestPages.render(.showing(page), width: 11, height: 1, plain: false)
        let reds = (0..<11).map { Int(frame.buffer[$0, 0].style.background?.red ?? 0) }
        #expect(reds.first == 0 && reds.last == 255)
        #expect(reds == reds.sorted())
    }

    /// A peeking card keeps the words that fit whole before the edge.
    @Test func aPeekingCardShowsItsWholeWordsOnly() throws {
        let cards = ["Made in Portugal", "Recycled materials"].enumerated().map { TestPages.title("c\($0.offset)", $0.element, layout: #"{"width": 0.75}"#) }
        let page = try TestPages.page(TestPages.json(sections: #"{"layout": {"arrangement": "carousel", "item_spacing": 8}, "widgets": [\#(cards.joined(separator: ","))]}"#))
        // 25 columns for the first card, one of spacing, 8 of the next: "Recycled" fits whole.
        let frame = TestPages.render(.showing(page), width: 34, height: 1)
        #expect(frame.buffer.plainLines == ["Made in Portugal          Recycled"])
        // At 32 columns 7 of it show: the edge cuts "Recycled", which is left out.
        #expect(TestPages.render(.showing(page), width: 32, height: 1).buffer.plainLines == ["Made in Portugal"])
    }

    /// A card scrolled out past the left edge shows whole words too: "e" of "Made" is left out.
    @Test func aCardScrolledPastTheLeftEdgeShowsWholeWords() throws {
        let cards = ["Made in Portugal", "Recycled materials"].enumerated().map { TestPages.title("c\($0.offset)", $0.element, layout: #"{"width": 0.75}"#) }
        let page = try TestPages.page(TestPages.json(sections: #"{"layout": {"arrangement": "carousel", "item_spacing": 8}, "widgets": [\#(cards.joined(separator: ","))]}"#))
        var viewport = PageViewport()
        viewport.carouselOffsets = ["section@page.sections.0": 3]
        let scrolled = PageRenderer(environment: TestPages.environment()).render(.showing(page), viewport: &viewport, width: 34, height: 1)
        #expect(scrolled.buffer.plainLines.map { $0.trimmingCharacters(in: .whitespaces) } == ["in Portugal          Recycled"])
    }

    @Test func carouselCardsWithFractionalWidthsLetTheNextOnePeek() throws {
        let cards = (1...3).map { TestPages.title("c\($0)", "Card\($0)", layout: #"{"width": 0.75}"#) }.joined(separator: ",")
        let page = try TestPages.page(TestPages.json(sections: #"{"layout": {"arrangement": "carousel", "item_spacing": 8}, "widgets": [\#(cards)]}"#))
        let frame = TestPages.render(.showing(page), width: 20, height: 1)
        // 15 columns for the first card, one of spacing, the next peeks in its first 4, whose
        // word the edge cuts ("Card" of "Card2") is left out.
        #expect(frame.buffer.plainLines == ["Card1"])
        var viewport = PageViewport()
        viewport.carouselOffsets = ["section@page.sections.0": 16]
        let scrolled = PageRenderer(environment: TestPages.environment()).render(.showing(page), viewport: &viewport, width: 20, height: 1)
        #expect(scrolled.buffer.plainLines == ["Card2"])
        let fractions = Dictionary(frame.visibleWidgets.map { ($0.widget.id, $0.visibleFraction) }, uniquingKeysWith: { a, _ in a })
        #expect(fractions["c1"] == 1)
        #expect(abs((fractions["c2"] ?? 0) - 4.0 / 15.0) < 1e-9)
        #expect(fractions["c3"] == 0)
    }

    @Test func gridColumnsShareTheWidth() throws {
        let tiles = (1...5).map { TestPages.title("g\($0)", "T\($0)") }.joined(separator: ",")
        let page = try TestPages.page(TestPages.json(sections: #"{"layout": {"arrangement": "grid", "columns": 3, "item_spacing": 16}, "widgets": [\#(tiles)]}"#))
        let frame = TestPages.render(.showing(page), width: 30, height: 3)
        #expect(frame.buffer.plainLines == ["T1         T2         T3", "", "T4         T5"])
        #expect(ItemGeometry.gridColumns(container: 14, columns: 3, spacing: 2).map(\.width) == [3, 3, 3])
    }

    /// Past 120 columns a grid gets more columns, each at least as wide as at 120, not wider
    /// ones: at 200 columns a grid of 2 is not two cards of 97 columns.
    @Test(arguments: [(80, 2, 2), (120, 2, 2), (200, 2, 3), (200, 3, 5), (400, 2, 6)])
    func aWideScreenShowsMoreGridColumnsNotWiderOnes(width: Int, asked: Int, expected: Int) throws {
        let tiles = (1...8).map { TestPages.title("g\($0)", "T\($0)") }.joined(separator: ",")
        let page = try TestPages.page(TestPages.json(sections: #"{"layout": {"arrangement": "grid", "columns": \#(asked)}, "widgets": [\#(tiles)]}"#))
        let frame = TestPages.render(.showing(page), width: width, height: 1)
        let firstRow = frame.buffer.plainLines[0].split(separator: " ", omittingEmptySubsequences: true)
        #expect(firstRow.count == expected, "\(frame.buffer.plainLines[0])")
        #expect(PageBodyLayout.gridColumns(asked: Int.max, inner: 200) == Int.max, "no arithmetic on a server's number traps")
    }

    /// 12 columns 100 pt apart, each within the contract's limits, left cells no wider than
    /// nothing at 100 columns: the grid drew none of its widgets. It has fewer columns now.
    @Test func aGridWhoseColumnsDoNotFitHasFewerInsteadOfNone() throws {
        let tiles = (1...4).map { TestPages.title("g\($0)", "Tile\($0)") }.joined(separator: ",")
        let page = try TestPages.page(TestPages.json(sections: #"{"layout": {"arrangement": "grid", "columns": 12, "item_spacing": 100}, "widgets": [\#(tiles)]}"#))
        let frame = TestPages.render(.showing(page), width: 100, height: 8)
        let text = frame.buffer.plainLines.joined(separator: "\n")
        for title in ["Tile1", "Tile2", "Tile3", "Tile4"] { #expect(text.contains(title), "\(text)") }
        #expect(ItemGeometry.fittingColumnCount(container: 100, requested: 12, spacing: 13, minimumWidth: 8) == 5)
        #expect(ItemGeometry.fittingColumnCount(container: 5, requested: 3, spacing: 1, minimumWidth: 8) == 1)
        #expect(ItemGeometry.fittingColumnCount(container: 100, requested: 4, spacing: .max, minimumWidth: 8) == 1)
        #expect(ItemGeometry.fittingColumnCount(container: 100, requested: 4, spacing: 2, minimumWidth: 8) == 4)
    }

    @Test func pointsMapToCells() {
        let metrics = CellMetrics.standard
        #expect(metrics.columns(16) == 2)
        #expect(metrics.columns(12) == 1)
        #expect(metrics.rows(8) == 0)
        #expect(metrics.rows(12) == 1)
        #expect(metrics.rows(24) == 1)
        #expect(metrics.rows(40) == 2)
        #expect(metrics.imageRows(columns: 40, aspectRatio: 2) == 10)
        #expect(metrics.columns(-5) == 0 && metrics.rows(.nan) == 0)
    }
}
