import FlowCore
import FlowRuntime
import Foundation
import TestSupport
import Testing

/// What hides every page beyond the pages' own reports: the app in the background, the cart sheet,
/// the search overlay. Nothing is timed while hidden; what was on screen is timed again, from
/// then, when the last obstruction goes.
@Suite("ImpressionTracker: hidden pages", .timeLimit(.minutes(1)))
@MainActor
struct ImpressionHidingTests {
    let clock = TestClock()
    let recorder = ImpressionRecorder()
    let tracker: ImpressionTracker
    let page: PageModel

    init() throws {
        let recorder = recorder
        tracker = ImpressionTracker(clock: clock) { recorder.events.append($0) }
        page = try Fixtures.decoder.decodePage(Fixtures.page(requestID: "r1", sections: [Fixtures.section("s1", [Fixtures.label("w")])])).page
    }

    private func show() {
        let section = page.sections[0]
        tracker.update(page: page, visible: [VisibleWidget(widget: section.widgets[0], section: section, position: 0, visibleFraction: 1)])
    }

    @Test func goingToTheBackgroundEndsTheStretchAndComingBackStartsItAnew() async throws {
        show()
        #expect(tracker.isTiming("w"))
        clock.advance(by: .milliseconds(400))
        tracker.setHidden(true, by: .inactiveScene)
        #expect(!tracker.isTiming("w"), "the stretch ends with the app's screen")
        clock.advance(by: .seconds(5))
        #expect(recorder.events.isEmpty, "the background grace period counts nothing")
        tracker.setHidden(false, by: .inactiveScene)
        #expect(tracker.isTiming("w"), "what is on screen is timed again without a new report")
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(499))
        #expect(recorder.events.isEmpty, "from the return, not from before")
        clock.advance(by: .milliseconds(1))
        await waitUntil { recorder.events.count == 1 }
    }

    @Test func reportsWhileHiddenAreTimedOnlyOnceEveryObstructionIsGone() {
        tracker.setHidden(true, by: .sheet)
        show()
        #expect(!tracker.isTiming("w"))
        tracker.setHidden(true, by: .inactiveScene)
        tracker.setHidden(false, by: .sheet)
        #expect(!tracker.isTiming("w"), "still in the background")
        #expect(tracker.isHidden)
        tracker.setHidden(false, by: .inactiveScene)
        #expect(tracker.isTiming("w"))
        #expect(!tracker.isHidden)
    }

    @Test func aScreenThatWentWhileHiddenIsNotTimedOnReturn() {
        let screen = NSObject()
        tracker.screenAppeared(screen)
        show()
        tracker.setHidden(true, by: .overlay)
        tracker.screenDisappeared(screen)
        tracker.setHidden(false, by: .overlay)
        #expect(!tracker.isTiming("w"), "the page left while hidden: its last report is not what shows")
    }
}
