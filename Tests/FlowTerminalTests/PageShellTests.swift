import FlowPresentation
import Foundation
import RetailPresentation
import FlowCore
import FlowRuntime
import Testing
@testable import FlowTerminal

@MainActor
@Suite struct PageShellTests {
    /// Ten one-row widgets under a two-row header pinned to its section.
    static func longSection() throws -> PageModel {
        let rows = (0..<10).map { TestPages.title("w\($0)", "row \($0)") }.joined(separator: ",")
        return try TestPages.page(TestPages.json(
            sections: #"{"id": "s", "header": {"type": "title_block", "id": "hdr", "data": {"title": "Header", "subtitle": "two rows"}}, "widgets": [\#(rows)]}"#,
            extra: #""nav": {"title": "Shop"}, "header": {"sticky": true, "widgets": [\#(TestPages.title("sticky", "Sticky"))]}"#))
    }

    func fractions(_ frame: RenderedFrame) -> [String: Double] {
        Dictionary(frame.visibleWidgets.map { ($0.widget.id, $0.visibleFraction) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func navStickyHeaderAndBodyStackTopToBottom() throws {
        let frame = TestPages.render(.showing(try Self.longSection()), width: 12, height: 8)
        #expect(frame.buffer.plainLines == ["    Shop", "────────────", "Sticky", "Header", "two rows", "row 0", "row 1", "row 2"])
        #expect(frame.bodyRows == 3..<8)
    }

    @Test func headerAndFooterScrollWithTheBodyUnlessSticky() throws {
        let rows = (0..<6).map { TestPages.title("w\($0)", "row \($0)") }.joined(separator: ",")
        let strips = #""header": {"sticky": false, "widgets": [\#(TestPages.title("top", "Top"))]}, "footer": {"sticky": false, "widgets": [\#(TestPages.title("end", "End"))]}"#
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [\#(rows)]}"#, extra: strips))
        #expect(TestPages.render(.showing(page), width: 10, height: 3).buffer.plainLines == ["Top", "", "row 0"])
        #expect(TestPages.render(.showing(page), scroll: 100, width: 10, height: 3).buffer.plainLines == ["row 4", "row 5", "End"])
        let sticky = try TestPages.page(TestPages.json(sections: #"{"widgets": [\#(rows)]}"#, extra: strips.replacingOccurrences(of: "false", with: "true")))
        #expect(TestPages.render(.showing(sticky), scroll: 2, width: 10, height: 4).buffer.plainLines == ["Top", "row 2", "row 3", "End"])
    }

    @Test func aPinnedHeaderCoversTheRowsUnderIt() throws {
        let frame = TestPages.render(.showing(try Self.longSection()), scroll: 4, width: 12, height: 8)
        #expect(frame.buffer.plainLines == ["    Shop", "────────────", "Sticky", "Header", "two rows", "row 4", "row 5", "row 6"])
        let visible = fractions(frame)
        #expect(visible["hdr"] == 1)
        #expect(visible["w2"] == 0 && visible["w3"] == 0, "under the pinned header")
        #expect(visible["w4"] == 1)
        #expect(visible["w7"] == 0, "laid out below the viewport, reported at 0")
        #expect(visible["sticky"] == 1)
    }

    @Test func aSheetCoversTheBottomOfThePageAtItsDetent() throws {
        var state = PageScreenContent.showing(try Self.longSection())
        state.sheets = [try TestPages.sheet(#"{"sheet": {"id": "s", "config": {"detents": [0.5], "corner_radius": 12}, "sections": [{"widgets": [\#(TestPages.title("in", "Inside"))]}]}}"#)]
        let frame = TestPages.render(state, width: 12, height: 8)
        #expect(frame.buffer.plainLines.suffix(4) == ["╭───━━━━───╮", "│Inside    │", "│          │", "╰──────────╯"], "closed at the bottom")
        let visible = fractions(frame)
        #expect(visible["hdr"] == 0.5, "its second row is under the sheet")
        #expect(visible["w0"] == 0, "under the sheet")
        #expect(frame.hitMap.hitTest(x: 3, y: 5) == nil || frame.hitMap.hitTest(x: 3, y: 5)?.target != .sheetBackdrop)
        #expect(frame.hitMap.hitTest(x: 3, y: 0)?.target == .sheetBackdrop)
        #expect(frame.buffer[0, 2].style.attributes.contains(.dim), "the page behind is dimmed")
        #expect(!frame.buffer[1, 5].style.attributes.contains(.dim))
    }

    @Test func aToastCoversTheBottomOfTheBody() throws {
        var state = PageScreenContent.showing(try Self.longSection())
        state.toast = "Saved"
        let frame = TestPages.render(state, width: 12, height: 8)
        #expect(frame.buffer.plainLines.last == "   Saved", "the piece of a word beside it goes with the part the box covers")
        #expect(frame.hitMap.hitTest(x: 5, y: 7)?.target == .toast)
        // The toast is 9 columns wide (the message and two columns each side): 3 of 12 show.
        #expect(fractions(frame)["w2"] == 3.0 / 12.0)
    }

    @Test func statusScreensForLoadingEmptyAndAFailedFirstLoad() {
        let loading = TestPages.render(PageScreenContent(loadState: .loading, page: nil), width: 20, height: 3)
        #expect(loading.buffer.plainLines == ["", "      Loading…", ""])
        let failed = TestPages.render(PageScreenContent(loadState: .failed(message: "offline"), page: nil), width: 40, height: 6)
        #expect(failed.buffer.plainLines.contains { $0.contains(Words(.enUS)[EngineWord.loadFailedTitle]) })
        #expect(failed.buffer.plainLines.contains { $0.contains("offline") })
        #expect(failed.hitMap.regions.contains { $0.target == .retry })
    }

    @Test func theEndOfAPaginatedListShowsLoadingOrRetry() throws {
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [\#(TestPages.title("a", "A"))]}"#))
        var state = PageScreenContent.showing(page)
        state.hasMorePages = true
        #expect(TestPages.render(state, width: 20, height: 3).buffer.plainLines == ["A", "", "   Loading more…"])
        state.nextPage = .failed(message: "timeout")
        let failed = TestPages.render(state, width: 40, height: 3)
        #expect(failed.buffer.plainLines[2].contains("[ Retry ]"))
        #expect(failed.hitMap.regions.contains { $0.target == .retry })
    }

    @Test func clicksHitTheLastPresentedLayout() throws {
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [{"type": "button_row", "id": "b", "data": {"buttons": [{"title": "One", "action": {"type": "toast", "message": "1"}}, {"title": "Two"}]}}]}"#))
        let frame = TestPages.render(.showing(page), width: 30, height: 2)
        #expect(frame.buffer.plainLines[0] == "[ One ] [ Two ]")
        #expect(frame.hitMap.hitTest(x: 2, y: 0)?.target == .control(widgetID: "b", index: 0))
        #expect(frame.hitMap.hitTest(x: 2, y: 0)?.action?.type == "toast")
        #expect(frame.hitMap.hitTest(x: 10, y: 0)?.target == .control(widgetID: "b", index: 1))
        #expect(frame.hitMap.hitTest(x: 20, y: 0) == nil)
    }

    @Test func onlyWhatIsNearTheViewportIsLaidOut() throws {
        let rows = (0..<2000).map { TestPages.title("w\($0)", "row \($0)") }.joined(separator: ",")
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [\#(rows)]}"#))
        let renderer = PageRenderer(environment: TestPages.environment())
        let frame = renderer.render(.showing(page), width: 20, height: 10)
        #expect(frame.laidOut.count <= 10 + renderer.lookahead)
        #expect(frame.maxScroll == nil, "the end is not measured")
        let far = renderer.render(.showing(page), scroll: 1000, width: 20, height: 10)
        #expect(far.buffer.plainLines.first == "row 1000")
        let end = renderer.render(.showing(page), scroll: 99_999, width: 20, height: 10)
        #expect(end.scroll == 1990)
        #expect(end.buffer.plainLines.last == "row 1999")
    }
}
