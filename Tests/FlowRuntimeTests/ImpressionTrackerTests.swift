import FlowCore
import FlowRuntime
import Foundation
import Observation
import TestSupport
import Testing

/// Collects impressions; observable, so tests wait for them without sleeping.
@MainActor
@Observable
final class ImpressionRecorder {
    var events: [ImpressionEvent] = []
}

@Suite("ImpressionTracker", .timeLimit(.minutes(1)))
@MainActor
struct ImpressionTrackerTests {
    let clock = TestClock()
    let recorder = ImpressionRecorder()
    let tracker: ImpressionTracker

    init() {
        let recorder = recorder
        tracker = ImpressionTracker(clock: clock) { recorder.events.append($0) }
    }

    private func page(requestID: String = "r1", impression: JSONValue? = nil, tracking: JSONValue? = nil, sectionTracking: JSONValue? = nil) throws -> PageModel {
        let data = Fixtures.page(requestID: requestID, sections: [
            Fixtures.section("s1", [Fixtures.label("first"), Fixtures.label("w", tracking: tracking, impression: impression)], tracking: sectionTracking),
        ])
        return try Fixtures.decoder.decodePage(data).page
    }

    /// One frame in which widget `w` shows `fraction` of its area.
    private func frame(_ page: PageModel, _ fraction: Double) {
        let section = page.sections[0]
        let widget = section.widgets[1]
        tracker.update(page: page, visible: fraction > 0 ? [VisibleWidget(widget: widget, section: section, position: 1, visibleFraction: fraction)] : [])
    }

    @Test func fortyNinePercentNeverCountsAndFiftyDoes() async throws {
        let page = try page()
        frame(page, 0.49)
        #expect(tracker.isTiming("w") == false)
        clock.advance(by: .seconds(5))
        #expect(clock.sleeperCount == 0)

        frame(page, 0.50)
        #expect(tracker.isTiming("w"))
        clock.advance(by: .milliseconds(500))
        await waitUntil { recorder.events.count == 1 }
        #expect(tracker.impressionCount(of: "w") == 1)
    }

    @Test func fourHundredNinetyNineMillisecondsIsNotEnoughAndFiveHundredIs() async throws {
        let page = try page()
        frame(page, 1)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(499))
        // The timer's deadline is still ahead: advancing woke nothing.
        #expect(clock.sleeperCount == 1)
        #expect(tracker.isTiming("w"))
        #expect(recorder.events.isEmpty)
        #expect(tracker.impressionCount(of: "w") == 0)

        frame(page, 0.8)  // still visible: the same continuous stretch
        clock.advance(by: .milliseconds(1))
        await waitUntil { recorder.events.count == 1 }
    }

    @Test func aWidgetScrolledPastFasterThanTheDurationDoesNotCount() async throws {
        let page = try page()
        frame(page, 1)
        clock.advance(by: .milliseconds(300))
        frame(page, 0)
        #expect(tracker.isTiming("w") == false)
        clock.advance(by: .seconds(2))
        #expect(clock.sleeperCount == 0)
        #expect(tracker.impressionCount(of: "w") == 0)

        // Back on screen: the stretch starts over.
        frame(page, 1)
        clock.advance(by: .milliseconds(300))
        #expect(tracker.impressionCount(of: "w") == 0)
        clock.advance(by: .milliseconds(200))
        await waitUntil { recorder.events.count == 1 }
    }

    @Test func dippingUnderTheThresholdBreaksTheStretch() async throws {
        let page = try page()
        frame(page, 1)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(400))
        frame(page, 0.3)
        // The dip ended the stretch: its timer was cancelled, none waits.
        #expect(tracker.isTiming("w") == false)
        frame(page, 1)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(400))
        // 800 ms since the first stretch began, 400 ms into the new one: still waiting.
        #expect(clock.sleeperCount == 1)
        #expect(tracker.impressionCount(of: "w") == 0)
        clock.advance(by: .milliseconds(100))
        await waitUntil { recorder.events.count == 1 }
    }

    @Test func aRecycledRowSeenAgainDoesNotCountAgain() async throws {
        let page = try page()
        frame(page, 1)
        clock.advance(by: .milliseconds(500))
        await waitUntil { recorder.events.count == 1 }
        frame(page, 1)
        frame(page, 0)
        frame(page, 1)
        #expect(tracker.isTiming("w") == false)
        clock.advance(by: .seconds(10))
        #expect(clock.sleeperCount == 0)
        #expect(tracker.impressionCount(of: "w") == 1)
    }

    @Test func aLimitOfTwoCountsTwoSeparateStretches() async throws {
        let page = try page(impression: ["limit": 2, "min_duration_ms": 100])
        frame(page, 1)
        clock.advance(by: .milliseconds(100))
        await waitUntil { recorder.events.count == 1 }
        clock.advance(by: .seconds(1))
        #expect(tracker.isTiming("w") == false)  // still the same stretch: no second count
        frame(page, 0)
        frame(page, 1)
        clock.advance(by: .milliseconds(100))
        await waitUntil { recorder.events.count == 2 }
        frame(page, 0)
        frame(page, 1)
        #expect(tracker.isTiming("w") == false)
    }

    @Test func aNewRequestIDStartsANewCount() async throws {
        let first = try page(requestID: "r1")
        frame(first, 1)
        clock.advance(by: .milliseconds(500))
        await waitUntil { recorder.events.count == 1 }

        let second = try page(requestID: "r2")
        frame(second, 1)
        #expect(tracker.isTiming("w"))
        clock.advance(by: .milliseconds(500))
        await waitUntil { recorder.events.count == 2 }
        #expect(recorder.events.map(\.requestID) == ["r1", "r2"])
    }

    @Test func aStretchBegunUnderAnOldRequestIDDoesNotCountForIt() async throws {
        frame(try page(requestID: "r1"), 1)
        clock.advance(by: .milliseconds(300))
        frame(try page(requestID: "r2"), 1)
        clock.advance(by: .milliseconds(300))
        #expect(tracker.impressionCount(of: "w") == 0)
        clock.advance(by: .milliseconds(200))
        await waitUntil { recorder.events.count == 1 }
        #expect(recorder.events.first?.requestID == "r2")
    }

    @Test func decodingAndPrefetchingAreNotImpressions() throws {
        let page = try page()
        // A store decoding a page reports nothing; a prefetched row reports zero area.
        let section = page.sections[0]
        tracker.update(page: page, visible: section.widgets.enumerated().map {
            VisibleWidget(widget: $1, section: section, position: $0, visibleFraction: 0)
        })
        clock.advance(by: .seconds(5))
        #expect(clock.sleeperCount == 0)
        #expect(tracker.impressionCount(of: "first") == 0)
        #expect(tracker.impressionCount(of: "w") == 0)
    }

    @Test func theEventCarriesIdentifiersAndMergedTracking() async throws {
        let page = try page(
            tracking: ["item_id": "p42", "campaign_id": "spring", "slot": "b"],
            sectionTracking: ["section_id": "deals", "experiment_id": "exp7", "slot": "a", "campaign_id": "winter"])
        frame(page, 1)
        clock.advance(by: .milliseconds(500))
        await waitUntil { recorder.events.count == 1 }
        let event = try #require(recorder.events.first)
        #expect(event.requestID == "r1")
        #expect(event.pageID == "home")
        #expect(event.sectionID == "deals")
        #expect(event.itemID == "p42")
        #expect(event.position == 1)
        #expect(event.campaignID == "spring")
        #expect(event.experimentID == "exp7")
        #expect(event.tracking["slot"] == "b")
        #expect(event.fields["section_id"] == "deals")
        #expect(event.fields["position"] == 1)
    }

    @Test func withoutTrackingTheEventUsesIDsAndPosition() async throws {
        let page = try page(tracking: ["position": 7])
        frame(page, 1)
        clock.advance(by: .milliseconds(500))
        await waitUntil { recorder.events.count == 1 }
        let event = try #require(recorder.events.first)
        #expect(event.sectionID == "s1")
        #expect(event.itemID == "w")
        #expect(event.position == 7)
        #expect(event.campaignID == nil)
        #expect(event.fields["campaign_id"] == .null)
    }

    @Test func aZeroDurationCountsAtOnceAndALimitOfZeroNever() throws {
        frame(try page(impression: ["min_duration_ms": 0]), 0.6)
        #expect(recorder.events.count == 1)

        let never = ImpressionRecorder()
        let other = ImpressionTracker(clock: clock) { never.events.append($0) }
        let page = try page(impression: ["limit": 0, "min_duration_ms": 0])
        other.update(page: page, visible: [VisibleWidget(widget: page.sections[0].widgets[1], section: page.sections[0], position: 1, visibleFraction: 1)])
        #expect(never.events.isEmpty)
    }

    /// A widget replaced (`replace_widget`) while its impression is timed starts its timing
    /// anew: the impression is the new widget's, with its tracking, never the old one's.
    @Test func aWidgetReplacedWhileTimedStartsItsTimingAnew() async throws {
        let before = try page(tracking: ["campaign_id": "old"])
        frame(before, 1)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(300))
        let after = try page(tracking: ["campaign_id": "new"])
        frame(after, 1)  // same id, another widget: timing starts over
        clock.advance(by: .milliseconds(300))
        #expect(recorder.events.isEmpty)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        await waitUntil { recorder.events.count == 1 }
        #expect(recorder.events.first?.campaignID == "new")
    }

    /// One tracker shared by two pages counts a page once: coming back to it counts nothing again.
    @Test func comingBackToAPageDoesNotCountItTwice() throws {
        let home = try page(requestID: "home-1", impression: ["min_duration_ms": 0])
        let campaign = try page(requestID: "campaign-1", impression: ["min_duration_ms": 0])
        frame(home, 1)
        frame(campaign, 1)
        frame(home, 0)
        frame(home, 1)
        #expect(recorder.events.map(\.requestID) == ["home-1", "campaign-1"])
        #expect(tracker.impressionCount(of: "w") == 1)
    }

    @Test func countsAreBoundedOldestCompositionFirst() throws {
        tracker.maximumCompositions = 2
        let pages = try (1...3).map { try page(requestID: "r\($0)", impression: ["min_duration_ms": 0]) }
        for page in pages { frame(page, 1) }
        frame(pages[0], 1)  // r1 was forgotten: it counts again
        #expect(recorder.events.map(\.requestID) == ["r1", "r2", "r3", "r1"])
    }

    @Test func aVisibleFractionExactlyAtTheThresholdCounts() async throws {
        let clock = TestClock()
        let recorder = ImpressionRecorder()
        let tracker = ImpressionTracker(clock: clock) { recorder.events.append($0) }
        let data = Fixtures.page(sections: [Fixtures.section("s1", [Fixtures.label("w", impression: ["min_visible_percent": 58, "min_duration_ms": 0])])])
        let page = try Fixtures.decoder.decodePage(data).page
        let section = page.sections[0]
        tracker.update(page: page, visible: [VisibleWidget(widget: section.widgets[0], section: section, position: 0, visibleFraction: 29.0 / 50.0)])
        #expect(recorder.events.count == 1)
    }

    /// Counts are bounded by compositions: a page on screen keeps a count for each of its widgets
    /// whatever the limit (its own size bounds them), and older compositions' counts go first.
    @Test func countsOfOlderCompositionsGoFirst() async throws {
        tracker.maximumCountedWidgets = 10
        let ids = (0..<50).map { "w\($0)" }
        func page(_ request: String) throws -> PageModel {
            try Fixtures.decoder.decodePage(Fixtures.page(requestID: request, sections: [
                Fixtures.section("s", ids.map { Fixtures.label($0, impression: ["min_duration_ms": 0]) }),
            ])).page
        }
        func show(_ page: PageModel) {
            let section = page.sections[0]
            tracker.update(page: page, visible: section.widgets.enumerated().map {
                VisibleWidget(widget: $1, section: section, position: $0, visibleFraction: 1)
            })
        }
        let first = try page("r1"), second = try page("r2")
        show(first)
        #expect(ids.filter { tracker.impressionCount(of: $0) > 0 }.count == 50)
        show(second)
        #expect(ids.filter { tracker.impressionCount(of: $0, requestID: "r1") > 0 }.isEmpty)
        #expect(ids.filter { tracker.impressionCount(of: $0) > 0 }.count == 50)
        #expect(recorder.events.count == 100)
    }
}
