#if canImport(Glibc)
import Glibc
#endif
import FlowCore
import FlowRuntime
import Testing
@testable import FlowTerminal
import TestSupport

@MainActor
@Suite struct FrameLoopTests {
    /// Counts frames and lets a test wait for the next one.
    final class FrameLog {
        var frames = 0
        private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

        func drew() {
            frames += 1
            let ready = waiters.filter { $0.0 <= frames }
            waiters.removeAll { $0.0 <= frames }
            ready.forEach { $0.1.resume() }
        }

        func wait(for count: Int) async {
            guard frames < count else { return }
            await withCheckedContinuation { waiters.append((count, $0)) }
        }
    }

    @Test func framesAreCoalescedCappedAndNeverDrawnWhileNothingChanged() async {
        let clock = TestClock()
        let log = FrameLog()
        let scheduler = FrameScheduler(maximumRate: 50, clock: clock) { log.drew() }
        scheduler.setNeedsFrame()
        scheduler.setNeedsFrame()
        scheduler.setNeedsFrame()
        await log.wait(for: 1)
        #expect(log.frames == 1, "three changes, one frame")
        #expect(!scheduler.hasPendingFrame)
        scheduler.setNeedsFrame()
        scheduler.setNeedsFrame()
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(15))
        #expect(clock.sleeperCount == 1, "50 fps: not before 20 ms after the last frame")
        clock.advance(by: .milliseconds(5))
        await log.wait(for: 2)
        #expect(log.frames == 2)
        clock.advance(by: .seconds(5))
        #expect(clock.sleeperCount == 0)
        #expect(!scheduler.hasPendingFrame, "nothing changed: nothing scheduled, no idle ticker")
        #expect(log.frames == 2)
    }

    /// A frame asked for `immediately` (an app's first content) is not held back by the cap:
    /// one waiting for it is drawn at once instead, and once.
    @Test(.timeLimit(.minutes(1))) func aFrameAskedForImmediatelyIsNotHeldBackByTheCap() async {
        let clock = TestClock()
        let log = FrameLog()
        let scheduler = FrameScheduler(maximumRate: 50, clock: clock) { log.drew() }
        scheduler.setNeedsFrame()
        await log.wait(for: 1)
        scheduler.setNeedsFrame()
        await clock.waitForSleepers(1)
        #expect(log.frames == 1, "held back by the cap")
        scheduler.setNeedsFrame(immediately: true)
        await log.wait(for: 2)
        #expect(log.frames == 2, "drawn without the clock moving")
        // The cap counts from the frame drawn at once; the frame that waited for it is not
        // drawn as well.
        scheduler.setNeedsFrame()
        clock.advance(by: .milliseconds(19))
        #expect(log.frames == 2)
        clock.advance(by: .milliseconds(1))
        await log.wait(for: 3)
        clock.advance(by: .seconds(5))
        #expect(!scheduler.hasPendingFrame)
        #expect(log.frames == 3)
    }

    @Test func presentedFramesFeedTheImpressionTracker() throws {
        let page = try PageShellTests.longSection()
        let frame = TestPages.render(.showing(page), scroll: 4, width: 12, height: 8)
        let tracker = ImpressionTracker(clock: TestClock()) { _ in }
        frame.reportVisibility(to: tracker, page: page)
        #expect(tracker.isTiming("w4"))
        #expect(tracker.isTiming("hdr"), "the pinned header is on screen")
        #expect(!tracker.isTiming("w2"), "under the pinned header")
        #expect(!tracker.isTiming("w7"), "laid out below the viewport")
    }

    @Test func focusMovesInReadingOrder() throws {
        let page = try TestPages.page(TestPages.json(sections: #"{"widgets": [{"type": "button_row", "id": "b", "data": {"buttons": [{"title": "One"}, {"title": "Two"}]}}, {"type": "stepper_row", "id": "s", "data": {"title": "Count"}}]}"#))
        let frame = TestPages.render(.showing(page), width: 30, height: 4)
        #expect(frame.hitMap.focusOrder.map(\.target) == [
            .control(widgetID: "b", index: 0), .control(widgetID: "b", index: 1),
            .stepper(widgetID: "s", delta: -1), .stepper(widgetID: "s", delta: 1),
        ])
    }

    @Test func theSynchronizedOutputProbeReadsTheAnswerOrGivesUp() {
        var answer: [Int32] = [-1, -1], query: [Int32] = [-1, -1]
        #expect(pipe(&answer) == 0 && pipe(&query) == 0)
        defer { (answer + query).forEach { close($0) } }
        let reply = Array("k\u{1B}[?2026;2$yj\u{1B}[?62;22c".utf8)
        _ = reply.withUnsafeBytes { write(answer[1], $0.baseAddress, $0.count) }
        let found = SynchronizedOutput.probe(input: answer[0], output: query[1], milliseconds: 5000)
        #expect(found.supported)
        #expect(found.rest == Array("kj".utf8), "keys typed during the query are kept")
        var sent = [UInt8](repeating: 0, count: 32)
        let count = read(query[0], &sent, sent.count)
        #expect(Array(sent[0..<max(0, count)]) == SynchronizedOutput.query)
        let silent = SynchronizedOutput.probe(input: answer[0], output: query[1], milliseconds: 20)
        #expect(!silent.supported, "no answer within the bound: not supported")
        // A terminal that ignores DECRQM answers DA1 only: not supported, without waiting for
        // the bound (a minute here: the probe would not return before the test's time ran out).
        let da1 = Array("\u{1B}[?1;2cq".utf8)
        _ = da1.withUnsafeBytes { write(answer[1], $0.baseAddress, $0.count) }
        let ignored = SynchronizedOutput.probe(input: answer[0], output: query[1], milliseconds: 60_000)
        #expect(!ignored.supported)
        #expect(ignored.rest == Array("q".utf8))
    }

    @Test func theProbesAnswersAreReadWhereverTheyArriveAndOnlyDA1EndsIt() {
        #expect(SynchronizedOutput.parseReply(Array("\u{1B}[?2026;1$y".utf8)).supported == nil, "DA1's answer is still to come")
        #expect(SynchronizedOutput.parseReply(Array("\u{1B}[?2026;1$y\u{1B}[?64;1;2;22c".utf8)) == (true, []))
        #expect(SynchronizedOutput.parseReply(Array("\u{1B}[?2026;4$y\u{1B}[?6c".utf8)) == (false, []))
        #expect(SynchronizedOutput.parseReply(Array("a\u{1B}[?2026;0$yb\u{1B}[?1;2cc".utf8)) == (false, Array("abc".utf8)))
        #expect(SynchronizedOutput.parseReply(Array("\u{1B}[?1;2c".utf8)) == (false, []))
    }
}
