import FlowCore
import FlowRuntime
import Foundation
import Testing
import TestSupport
import FlowWidgets
@testable import FlowPresentation

/// What a renderer in points hands the impression tracker.
@Suite struct ImpressionInputsTests {
    func widgets() throws -> (PageModel, [WidgetModel]) {
        let page = try A11y.page(#"{"page": {"sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}, {"type": "title_block", "id": "b", "data": {"title": "b"}}, {"type": "title_block", "id": "c", "data": {"title": "c"}}]}]}}"#)
        return (page, page.sections[0].widgets)
    }

    @Test func visibleFractionsUnderTheStickyBarAndClips() throws {
        let (page, widgets) = try widgets()
        let section = page.sections[0]
        let viewport = LayoutRect(x: 0, y: 0, width: 390, height: 800)
        let placements = [
            WidgetPlacement(widget: widgets[0], section: section, position: 0, frame: LayoutRect(x: 0, y: 0, width: 390, height: 100)),
            WidgetPlacement(widget: widgets[1], section: section, position: 1, frame: LayoutRect(x: 300, y: 200, width: 200, height: 100),
                            clips: [LayoutRect(x: 0, y: 200, width: 390, height: 100)]),
            WidgetPlacement(widget: widgets[2], section: section, position: 2, frame: LayoutRect(x: 0, y: 900, width: 390, height: 100)),
        ]
        let stickyBar = LayoutRect(x: 0, y: 0, width: 390, height: 50)
        let visible = ImpressionInputs.visibleWidgets(placements, viewport: viewport, covers: [stickyBar])
        #expect(visible.map(\.widget.id) == ["a", "b"], "the widget below the screen is left out")
        #expect(visible[0].visibleFraction == 0.5, "half under the sticky bar")
        #expect(abs(visible[1].visibleFraction - 0.45) < 1e-9, "a carousel card clipped by its row")
        #expect(visible[1].position == 1 && visible[1].section?.id == "s")
    }

    @MainActor
    @Test func theTrackerCountsWhatTheInputsSay() throws {
        let (page, widgets) = try widgets()
        let clock = TestClock()
        var events: [ImpressionEvent] = []
        let tracker = ImpressionTracker(clock: clock) { events.append($0) }
        let viewport = LayoutRect(x: 0, y: 0, width: 390, height: 800)
        let half = [WidgetPlacement(widget: widgets[0], section: page.sections[0], position: 0, frame: LayoutRect(x: 0, y: 750, width: 390, height: 100))]
        tracker.update(page: page, visible: ImpressionInputs.visibleWidgets(half, viewport: viewport))
        #expect(tracker.isTiming("a"), "exactly 50 % visible meets the default 50 %")
        let less = [WidgetPlacement(widget: widgets[0], section: page.sections[0], position: 0, frame: LayoutRect(x: 0, y: 760, width: 390, height: 100))]
        tracker.update(page: page, visible: ImpressionInputs.visibleWidgets(less, viewport: viewport))
        #expect(!tracker.isTiming("a"), "40 % visible is not an impression")
        #expect(events.isEmpty)
    }
}

/// The feed a view-by-view renderer reports geometry to.
@MainActor
@Suite struct PlacementFeedTests {
    @Test func dwellStartsWhenAWidgetIsPlacedOnScreenAndStopsWhenItLeaves() throws {
        let page = try A11y.page(#"{"page": {"sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let clock = TestClock()
        var events: [ImpressionEvent] = []
        let tracker = ImpressionTracker(clock: clock) { events.append($0) }
        let feed = PlacementFeed(tracker: tracker)
        feed.show(page)
        feed.setViewport(LayoutRect(x: 0, y: 0, width: 390, height: 800))
        feed.place(WidgetPlacement(widget: page.sections[0].widgets[0], section: page.sections[0], position: 0,
                                   frame: LayoutRect(x: 0, y: 100, width: 390, height: 200)))
        #expect(tracker.isTiming("a"))
        feed.setCovers([LayoutRect(x: 0, y: 0, width: 390, height: 800)], from: .sheets)
        #expect(!tracker.isTiming("a"), "a sheet over the whole page hides it")
        feed.setCovers([LayoutRect(x: 0, y: 700, width: 390, height: 100)], from: .stickyBars)
        feed.setCovers([], from: .sheets)
        #expect(tracker.isTiming("a"), "the sheet went; the sticky footer covers nothing of it")
        feed.setCovers([LayoutRect(x: 0, y: 50, width: 390, height: 200)], from: .toast)
        #expect(!tracker.isTiming("a"), "a toast over three quarters of it")
        #expect(feed.covers.count == 2, "each layer keeps its own covers")
        feed.setCovers([], from: .toast)
        #expect(tracker.isTiming("a"))
        feed.remove(widgetID: "a")
        #expect(!tracker.isTiming("a"))
        #expect(feed.visible.isEmpty)
    }

    @Test func aRefreshKeepsTheWidgetsStillOnThePageAndDropsTheRest() throws {
        let before = try A11y.page(#"{"page": {"id": "home", "request_id": "r1", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}, {"type": "title_block", "id": "b", "data": {"title": "b"}}]}]}}"#)
        let after = try A11y.page(#"{"page": {"id": "home", "request_id": "r2", "sections": [{"id": "s2", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a, new"}}]}]}}"#)
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let feed = PlacementFeed(tracker: tracker)
        feed.show(before)
        feed.setViewport(LayoutRect(x: 0, y: 0, width: 100, height: 100))
        for (index, widget) in before.sections[0].widgets.enumerated() {
            feed.place(WidgetPlacement(widget: widget, section: before.sections[0], position: index, frame: LayoutRect(x: 0, y: Double(index) * 10, width: 100, height: 10)))
        }
        feed.show(after)
        #expect(feed.visible.map(\.widget.id) == ["a"], "a is still on screen; b is gone")
        #expect(feed.visible.first?.section?.id == "s2", "with the refreshed page's section")
        #expect(tracker.isTiming("a"))
    }

    @Test func idsThatReadAlikeAreTwoWidgets() throws {
        let page = try A11y.page(#"{"page": {"sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "\u00e9", "data": {"title": "a"}}, {"type": "title_block", "id": "e\u0301", "data": {"title": "b"}}]}]}}"#)
        let feed = PlacementFeed(tracker: ImpressionTracker(clock: TestClock()) { _ in })
        feed.show(page)
        feed.setViewport(LayoutRect(x: 0, y: 0, width: 100, height: 100))
        for widget in page.sections[0].widgets {
            feed.place(WidgetPlacement(widget: widget, section: page.sections[0], position: 0, frame: LayoutRect(x: 0, y: 0, width: 100, height: 10)))
        }
        #expect(feed.visible.count == 2)
        feed.remove(widgetID: "e\u{301}")
        #expect(feed.visible.map { Array($0.widget.id.unicodeScalars) } == [["\u{E9}"]])
    }

    @Test func anotherPageForgetsTheOldPlacements() throws {
        let first = try A11y.page(#"{"page": {"id": "p1", "request_id": "r1", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let second = try A11y.page(#"{"page": {"id": "p2", "request_id": "r2", "sections": []}}"#)
        let feed = PlacementFeed(tracker: ImpressionTracker(clock: TestClock()) { _ in })
        feed.show(first)
        feed.setViewport(LayoutRect(x: 0, y: 0, width: 100, height: 100))
        feed.place(WidgetPlacement(widget: first.sections[0].widgets[0], section: first.sections[0], position: 0, frame: LayoutRect(x: 0, y: 0, width: 100, height: 10)))
        #expect(feed.visible.count == 1)
        feed.show(second)
        #expect(feed.visible.isEmpty)
    }

    static let screen = LayoutRect(x: 0, y: 0, width: 390, height: 844)

    func placed(_ widget: WidgetModel, _ section: SectionModel?, y: Double, height: Double = 60, layer: Int = 0) -> WidgetPlacement {
        WidgetPlacement(widget: widget, section: section, position: 0, frame: LayoutRect(x: 0, y: y, width: 390, height: height), layer: layer)
    }

    @Test func aStickyStripsOwnWidgetsCountAndCoverWhatScrollsUnderThem() throws {
        let page = try A11y.page(#"{"page": {"id": "home", "header": {"sticky": true, "widgets": [{"type": "title_block", "id": "search", "data": {"title": "S"}}]},"#
            + #" "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let feed = PlacementFeed(tracker: tracker)
        feed.show(page)
        feed.setViewport(Self.screen)
        let strip = LayoutRect(x: 0, y: 47, width: 390, height: 60)
        feed.setCovers([strip], from: .stickyBars)
        feed.place(placed(try #require(page.header?.widgets.first), nil, y: 47, layer: 1))
        feed.place(placed(page.sections[0].widgets[0], page.sections[0], y: 47))
        #expect(feed.visible.map(\.widget.id) == ["search"], "the strip's widget is on screen; the one under the strip is not")
        #expect(tracker.isTiming("search"))
        feed.setCovers([Self.screen], from: .sheets)
        #expect(!tracker.isTiming("search"), "a sheet covers the strip too")
    }

    @Test func aPinnedSectionHeaderCoversWhatScrollsUnderItButNotItself() throws {
        let page = try A11y.page(#"{"page": {"sections": [{"id": "s", "header": {"type": "title_block", "id": "h", "data": {"title": "Deals"}},"#
            + #" "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let feed = PlacementFeed(tracker: tracker)
        feed.show(page)
        feed.setViewport(Self.screen)
        let header = try #require(page.sections[0].header)
        feed.place(placed(header, page.sections[0], y: 0, height: 40, layer: 1))
        feed.place(placed(page.sections[0].widgets[0], page.sections[0], y: 0, height: 60))
        feed.setHeaderCover(LayoutRect(x: 0, y: 0, width: 390, height: 40), sectionID: "s")
        #expect(tracker.isTiming("h"))
        #expect(!tracker.isTiming("a"), "two thirds of it under the pinned header")
        feed.setHeaderCover(nil, sectionID: "s")
        #expect(tracker.isTiming("a"))
        feed.setCovers([LayoutRect(x: 0, y: 0, width: 390, height: 40)], from: .toast)
        #expect(!tracker.isTiming("h"), "the toast is above the header")
    }

    @Test func onlyThePagesOwnWidgetsCountAndAFallbackCountsAsItsWidget() throws {
        let page = try A11y.page(#"{"page": {"id": "home", "sections": [{"id": "s", "widgets": ["#
            + #"{"type": "accordion", "id": "acc", "data": {"header": "More", "initially_expanded": true, "items": [{"type": "title_block", "id": "inner", "data": {"title": "i"}}]}},"#
            + #"{"type": "future_widget", "id": "new", "data": {}, "fallback": {"type": "title_block", "id": "old", "data": {"title": "o"}}}]}]}}"#)
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let feed = PlacementFeed(tracker: tracker)
        feed.show(page)
        feed.setViewport(Self.screen)
        let section = page.sections[0]
        let accordion = section.widgets[0]
        guard case .decoded(let content) = accordion.content, let items = (content as? AccordionContent)?.items else { Issue.record("no accordion"); return }
        feed.place(placed(accordion, section, y: 0))
        feed.place(placed(try #require(items.first), section, y: 60))
        feed.place(placed(try #require(section.widgets[1].fallback), section, y: 120))
        #expect(feed.visible.map(\.widget.id) == ["acc", "new"], "the accordion's item is not the page's; the fallback counts as the widget it stands for")
        feed.remove(widgetID: "old")
        #expect(feed.visible.map(\.widget.id) == ["acc"])
        let sheet = try A11y.page(#"{"page": {"id": "x", "sections": [{"id": "z", "widgets": [{"type": "title_block", "id": "in-sheet", "data": {"title": "s"}}]}]}}"#)
        feed.place(placed(sheet.sections[0].widgets[0], nil, y: 200))
        #expect(feed.visible.map(\.widget.id) == ["acc"], "a widget the page does not hold (a sheet's) is not counted")
    }

    @Test func aCoveredPagesReportsNeverReachTheTracker() throws {
        let below = try A11y.page(#"{"page": {"id": "home", "request_id": "r1", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let above = try A11y.page(#"{"page": {"id": "product", "request_id": "r2", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "b", "data": {"title": "b"}}]}]}}"#)
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let home = PlacementFeed(tracker: tracker)
        let product = PlacementFeed(tracker: tracker)
        home.show(below)
        home.appeared()
        home.setViewport(Self.screen)
        home.place(placed(below.sections[0].widgets[0], below.sections[0], y: 0))
        #expect(tracker.isTiming("a"))
        product.show(above)
        product.appeared()
        product.setViewport(Self.screen)
        product.place(placed(above.sections[0].widgets[0], above.sections[0], y: 0))
        #expect(tracker.isTiming("b"))
        home.remove(widgetID: "a")
        home.setViewport(Self.screen)
        home.disappeared()
        #expect(tracker.isTiming("b"), "the covered page's views going away do not end the top page's dwell")
        product.disappeared()
        home.place(placed(below.sections[0].widgets[0], below.sections[0], y: 0))
        home.appeared()
        #expect(tracker.isTiming("a"), "shown again, the page below reports")
        #expect(!tracker.isTiming("b"))
    }
    /// An interactive back swipe makes the page below appear as it starts; a cancelled one never
    /// makes the top page appear again. The stack's own answer (`setOnTop`) decides which page
    /// counts, not the order of appearances.
    @Test func aCancelledBackSwipeLeavesTheTopPageCounting() throws {
        let below = try A11y.page(#"{"page": {"id": "home", "request_id": "r1", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let above = try A11y.page(#"{"page": {"id": "product", "request_id": "r2", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "b", "data": {"title": "b"}}]}]}}"#)
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let home = PlacementFeed(tracker: tracker)
        let product = PlacementFeed(tracker: tracker)
        home.show(below)
        home.appeared()
        home.setViewport(Self.screen)
        home.place(placed(below.sections[0].widgets[0], below.sections[0], y: 0))
        // The product is pushed: home is no longer on top, then its views go.
        home.setOnTop(false)
        home.disappeared()
        product.show(above)
        product.appeared()
        product.setViewport(Self.screen)
        product.place(placed(above.sections[0].widgets[0], above.sections[0], y: 0))
        #expect(tracker.isTiming("b"))
        // A back swipe starts: home's views appear under the product's, still not on top.
        home.appeared()
        home.place(placed(below.sections[0].widgets[0], below.sections[0], y: 0))
        #expect(tracker.isTiming("b"), "the page the swipe uncovers for a moment takes nothing")
        #expect(!tracker.isTiming("a"))
        // Cancelled: the product never appears again, and stays the page that counts.
        home.disappeared()
        product.place(placed(above.sections[0].widgets[0], above.sections[0], y: 10))
        #expect(tracker.isTiming("b"), "the product page still counts after the cancelled swipe")
        // Another swipe that ends: the product goes, home is on top and counts.
        home.appeared()
        product.disappeared()
        home.setOnTop(true)
        #expect(tracker.isTiming("a"))
        #expect(!tracker.isTiming("b"))
    }

    /// A covered page saying it is gone (its views leave under the top page) does not make the
    /// tracker forget what the top page reported: once the cart sheet over it closes, the top
    /// page's widgets are timed again from that report.
    @Test func aCoveredPageLeavingKeepsTheTopPagesReport() throws {
        let below = try A11y.page(#"{"page": {"id": "home", "request_id": "r1", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let above = try A11y.page(#"{"page": {"id": "product", "request_id": "r2", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "b", "data": {"title": "b"}}]}]}}"#)
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let home = PlacementFeed(tracker: tracker)
        let product = PlacementFeed(tracker: tracker)
        home.show(below)
        home.appeared()
        product.show(above)
        product.appeared()
        product.setViewport(Self.screen)
        product.place(placed(above.sections[0].widgets[0], above.sections[0], y: 0))
        tracker.setHidden(true, by: .sheet)
        #expect(!tracker.isTiming("b"))
        home.disappeared()
        tracker.setHidden(false, by: .sheet)
        #expect(tracker.isTiming("b"), "timed again when the sheet closes")
    }
    /// Search results (no page, no feed) pushed over home: home leaves the top and nothing
    /// claims the tracker; home's refreshes while covered count nothing, and what it was
    /// timing never fires.
    @Test func aPageUnderAScreenWithoutWidgetsCountsNothing() async throws {
        let first = try A11y.page(#"{"page": {"id": "home", "request_id": "r1", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let refreshed = try A11y.page(#"{"page": {"id": "home", "request_id": "r2", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let clock = TestClock()
        var fired = 0
        let tracker = ImpressionTracker(clock: clock) { _ in fired += 1 }
        let home = PlacementFeed(tracker: tracker)
        home.show(first)
        home.appeared()
        home.setViewport(Self.screen)
        home.place(placed(first.sections[0].widgets[0], first.sections[0], y: 0))
        #expect(tracker.isTiming("a"))
        await clock.waitForSleepers(1)
        // The results are pushed well within the dwell: home leaves the top, then its views go.
        home.setOnTop(false)
        #expect(!tracker.isTiming("a"), "no longer on top: its dwell ends")
        home.disappeared()
        clock.advance(by: .seconds(5))
        for _ in 0..<50 { await Task.yield() }
        #expect(fired == 0, "nothing counted of a page the reader left")
        // Covered, home's store refreshes: the new composition is placed, and counts nothing.
        home.show(refreshed)
        home.place(placed(refreshed.sections[0].widgets[0], refreshed.sections[0], y: 0))
        #expect(!tracker.isTiming("a"))
    }

    /// A push: the page below leaves the top before the new one's views appear; a report of
    /// its own in between (its views still move with the push) counts nothing.
    @Test func aPageThatLeftTheTopCountsNothingBeforeTheNextAppears() throws {
        let below = try A11y.page(#"{"page": {"id": "home", "request_id": "r1", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#)
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let home = PlacementFeed(tracker: tracker)
        home.show(below)
        home.appeared()
        home.setViewport(Self.screen)
        home.setOnTop(false)
        home.place(placed(below.sections[0].widgets[0], below.sections[0], y: 0))
        #expect(!tracker.isTiming("a"))
    }
}

/// A page pushed over another ends what the covered one was timing when it claims the tracker,
/// not at its own first report: it may have none yet (still loading), or report a frame later.
@MainActor
@Suite struct CoveredPageTests {
    static let screen = LayoutRect(x: 0, y: 0, width: 390, height: 844)
    static let home = #"{"page": {"id": "home", "request_id": "r1", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "a", "data": {"title": "a"}}]}]}}"#

    func placed(_ widget: WidgetModel, _ section: SectionModel) -> WidgetPlacement {
        WidgetPlacement(widget: widget, section: section, position: 0, frame: LayoutRect(x: 0, y: 0, width: 390, height: 60))
    }

    @Test func aPagePushedWhileItLoadsEndsTheDwellOfThePageItCovers() async throws {
        let below = try A11y.page(Self.home)
        let clock = TestClock()
        var fired = 0
        let tracker = ImpressionTracker(clock: clock) { _ in fired += 1 }
        let home = PlacementFeed(tracker: tracker)
        let product = PlacementFeed(tracker: tracker)
        home.show(below)
        home.appeared()
        home.setViewport(Self.screen)
        home.place(placed(below.sections[0].widgets[0], below.sections[0]))
        #expect(tracker.isTiming("a"))
        product.show(nil)
        product.appeared()
        home.setOnTop(false)
        home.disappeared()
        #expect(!tracker.isTiming("a"), "home is covered: its dwell ends")
        clock.advance(by: .seconds(5))
        for _ in 0..<50 { await Task.yield() }
        #expect(fired == 0, "nothing of the covered home counts while the product loads")
    }

    @Test func aPagePushedOverAnotherEndsItsDwellAtOnceNotAtItsFirstFlush() async throws {
        let below = try A11y.page(Self.home)
        let above = try A11y.page(#"{"page": {"id": "product", "request_id": "r2", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "b", "data": {"title": "b"}}]}]}}"#)
        let clock = TestClock()
        var fired = 0
        let tracker = ImpressionTracker(clock: clock) { _ in fired += 1 }
        let frames = PlacementFeedFrameTests.Frames()
        let home = PlacementFeed(tracker: tracker)
        let product = PlacementFeed(tracker: tracker, flush: frames.flush)
        home.show(below)
        home.appeared()
        home.setViewport(Self.screen)
        home.place(placed(below.sections[0].widgets[0], below.sections[0]))
        clock.advance(by: .milliseconds(400))
        product.show(above)
        product.appeared()
        home.setOnTop(false)
        home.disappeared()
        #expect(!tracker.isTiming("a"))
        clock.advance(by: .milliseconds(200))
        for _ in 0..<50 { await Task.yield() }
        frames.end()
        #expect(fired == 0, "home was covered 400 ms into its 500 ms dwell")
    }
}

/// A feed that flushes once per frame costs one pass over the placements per frame, however
/// many widgets reported in it: linear in the widgets on screen, as the terminal's frame is.
@MainActor
@Suite struct PlacementFeedFrameTests {
    /// Holds the feed's flushes until the test ends the frame.
    @MainActor
    final class Frames {
        var pending: [@MainActor () -> Void] = []
        var flush: PlacementFeed.Flush { PlacementFeed.Flush { [unowned self] work in self.pending.append(work) } }
        func end() {
            let work = pending
            pending = []
            for item in work { item() }
        }
    }

    static func page(widgets count: Int) throws -> PageModel {
        let widgets = (0..<count).map { #"{"type": "title_block", "id": "w\#($0)", "data": {"title": "t"}}"# }.joined(separator: ", ")
        return try A11y.page(#"{"page": {"sections": [{"id": "s", "widgets": [\#(widgets)]}]}}"#)
    }

    /// Every widget reports its frame in one frame (a scroll), then the frame ends.
    static func scroll(_ feed: PlacementFeed, _ page: PageModel, by offset: Double, frames: Frames) {
        for (index, widget) in page.sections[0].widgets.enumerated() {
            feed.place(WidgetPlacement(widget: widget, section: nil, position: index,
                                       frame: LayoutRect(x: 0, y: Double(index) * 10 - offset, width: 100, height: 10)))
        }
        frames.end()
    }

    @Test(arguments: [40, 400])
    func aFrameInWhichEveryWidgetReportsCostsOnePass(widgets count: Int) throws {
        let page = try Self.page(widgets: count)
        let frames = Frames()
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let feed = PlacementFeed(tracker: tracker, flush: frames.flush)
        feed.show(page)
        feed.setViewport(LayoutRect(x: 0, y: 0, width: 100, height: Double(count) * 10))
        frames.end()
        let before = feed.placementsExamined
        for offset in [0.0, 3, 6] {
            Self.scroll(feed, page, by: offset, frames: frames)
        }
        #expect(feed.placementsExamined - before == 3 * count, "one pass of \(count) placements a frame, not one per report")
        #expect(frames.pending.isEmpty)
        #expect(!tracker.isTiming("w0"), "scrolled 6 of its 10 points away")
        #expect(tracker.isTiming("w1") && tracker.isTiming("w\(count - 1)"))
        #expect(feed.visible.first?.section?.id == "s", "the feed gives each widget its section")
    }

    @Test func aFrameIsReportedOnceWithWhatIsVisible() throws {
        let page = try Self.page(widgets: 5)
        let frames = Frames()
        let feed = PlacementFeed(tracker: ImpressionTracker(clock: TestClock()) { _ in }, flush: frames.flush)
        var reports: [[String]] = []
        feed.onReport = { _, visible, viewport in
            reports.append(visible.map(\.widget.id))
            #expect(viewport.height == 30)
        }
        feed.show(page)
        feed.setViewport(LayoutRect(x: 0, y: 0, width: 100, height: 30))
        frames.end()
        Self.scroll(feed, page, by: 0, frames: frames)
        #expect(reports == [[], ["w0", "w1", "w2"]], "one report a frame, what a renderer loads ahead from")
    }

    /// A refresh that remakes a widget's view (its section renamed or rearranged, a strip made
    /// sticky): the old view's disappearance and the new one's frame come in one frame.
    @Test func aWidgetWhoseViewIsRemadeWithinAFrameIsPlacedOnce() throws {
        let page = try Self.page(widgets: 2)
        let frames = Frames()
        let feed = PlacementFeed(tracker: ImpressionTracker(clock: TestClock()) { _ in }, flush: frames.flush)
        var reports: [[String]] = []
        feed.onReport = { _, visible, _ in reports.append(visible.map(\.widget.id)) }
        feed.show(page)
        feed.setViewport(LayoutRect(x: 0, y: 0, width: 100, height: 100))
        Self.scroll(feed, page, by: 0, frames: frames)
        let before = feed.placementsExamined
        for _ in 0..<3 {
            feed.remove(widgetID: "w0")
            feed.place(WidgetPlacement(widget: page.sections[0].widgets[0], section: nil, position: 0,
                                       frame: LayoutRect(x: 0, y: 0, width: 100, height: 10)))
            frames.end()
        }
        #expect(feed.visible.map(\.widget.id) == ["w0", "w1"], "each widget once, where it was placed first")
        #expect(reports.last == ["w0", "w1"], "the tracker and the prefetch hear of each widget once")
        #expect(feed.placementsExamined - before == 3 * 2, "one pass over 2 placements a frame")
    }

    @Test func whatLeftInAFrameIsGoneAfterIt() throws {
        let page = try Self.page(widgets: 3)
        let frames = Frames()
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        let feed = PlacementFeed(tracker: tracker, flush: frames.flush)
        feed.show(page)
        feed.setViewport(LayoutRect(x: 0, y: 0, width: 100, height: 100))
        Self.scroll(feed, page, by: 0, frames: frames)
        #expect(tracker.isTiming("w1"))
        feed.remove(widgetID: "w1")
        #expect(tracker.isTiming("w1"), "the tracker hears of it when the frame ends")
        frames.end()
        #expect(!tracker.isTiming("w1"))
        #expect(feed.visible.map(\.widget.id) == ["w0", "w2"], "in the order they were placed")
    }
}
