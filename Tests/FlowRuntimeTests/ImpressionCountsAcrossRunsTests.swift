import FlowCore
import FlowRuntime
import Foundation
import TestSupport
import Testing

/// The counts an earlier run kept: a composition shown again (a cached page at the next start,
/// with the `request_id` it had) counts nothing twice.
@Suite("ImpressionTracker counts across runs", .timeLimit(.minutes(1)))
@MainActor
struct ImpressionCountsAcrossRunsTests {
    let clock = TestClock()

    private func page(requestID: String) throws -> PageModel {
        let data = Fixtures.page(requestID: requestID, sections: [Fixtures.section("s1", [Fixtures.label("a"), Fixtures.label("b")])])
        return try Fixtures.decoder.decodePage(data).page
    }

    private func showWhole(_ page: PageModel, on tracker: ImpressionTracker) {
        let section = page.sections[0]
        tracker.update(page: page, visible: section.widgets.enumerated().map { VisibleWidget(widget: $1, section: section, position: $0, visibleFraction: 1) })
    }

    @Test func aCompositionRestoredIsNotCountedAgainAndANewOneIs() async throws {
        let recorder = ImpressionRecorder()
        let first = ImpressionTracker(clock: clock) { recorder.events.append($0) }
        var countedCalls = 0
        first.onCounted = { countedCalls += 1 }
        let cached = try page(requestID: "req-cached")
        showWhole(cached, on: first)
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(500))
        await waitUntil { recorder.events.count == 2 }
        #expect(countedCalls == 2)
        let kept = first.countedImpressions(compositions: 8, widgets: 100)
        #expect(kept.map(\.requestID) == ["req-cached"])
        #expect(kept.first?.counts.map(\.widgetID) == ["a", "b"])

        // The next run: the same composition from the cache counts nothing; a fresh one counts.
        let later = ImpressionRecorder()
        let second = ImpressionTracker(clock: clock) { later.events.append($0) }
        second.restore(kept)
        showWhole(cached, on: second)
        #expect(second.isTiming("a") == false && second.isTiming("b") == false)
        #expect(second.impressionCount(of: "a") == 1)
        showWhole(try page(requestID: "req-fresh"), on: second)
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(500))
        await waitUntil { later.events.count == 2 }
        #expect(Set(later.events.map(\.requestID)) == ["req-fresh"])
    }

    @Test func whatIsKeptIsBoundedToTheCompositionsShownLast() async throws {
        let tracker = ImpressionTracker(clock: clock) { _ in }
        tracker.restore((1...5).map { CountedImpressions(requestID: "req-\($0)", counts: [("a", 1), ("b", 1)]) })
        #expect(tracker.countedImpressions(compositions: 2, widgets: 100).map(\.requestID) == ["req-4", "req-5"])
        #expect(tracker.countedImpressions(compositions: 10, widgets: 5).map(\.requestID) == ["req-4", "req-5"], "whole compositions within 5 counts")
        // Shown again, a composition is the newest.
        showWhole(try page(requestID: "req-1"), on: tracker)
        #expect(tracker.countedImpressions(compositions: 1, widgets: 100).map(\.requestID) == ["req-1"])
    }
}
