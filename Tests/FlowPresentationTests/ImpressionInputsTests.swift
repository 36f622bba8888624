import FlowCore
import FlowRuntime
import Foundation
import Testing
import TestSupport
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
}
