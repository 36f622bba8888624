import FlowCore
import FlowRuntime
import TestSupport
import Testing

@Suite("ToastQueue and SheetStack", .timeLimit(.minutes(1)))
@MainActor
struct ToastQueueTests {
    let clock = TestClock()
    let toasts: ToastQueue

    init() {
        toasts = ToastQueue(clock: clock)
    }

    @Test func aToastStaysForItsDurationOnTheClockThenTheNextShows() async {
        toasts.show("first", duration: 1)
        toasts.show("second")
        #expect(toasts.current?.message == "first")
        #expect(toasts.pending.map(\.message) == ["second"])

        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(999))
        // The first toast's timer is still ahead: nothing was woken.
        #expect(clock.sleeperCount == 1)
        #expect(toasts.current?.message == "first")
        clock.advance(by: .milliseconds(1))
        await waitUntil { toasts.current?.message == "second" }
        #expect(toasts.current?.duration == .milliseconds(2500))

        clock.advance(by: .milliseconds(2500))
        await waitUntil { toasts.current == nil }
        #expect(toasts.pending.isEmpty)
    }

    @Test func dismissingShowsTheNextAtOnceAndItsTimerStartsThen() async {
        toasts.show("first", duration: 1)
        clock.advance(by: .milliseconds(900))
        toasts.show("second", duration: 1)
        toasts.dismissCurrent()
        #expect(toasts.current?.message == "second")
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        // The second toast's timer started at the dismissal, 200 ms ago: it still waits.
        #expect(clock.sleeperCount == 1)
        #expect(toasts.current?.message == "second")
        clock.advance(by: .milliseconds(800))
        await waitUntil { toasts.current == nil }
    }

    @Test func waitingToastsAreBounded() {
        toasts.maximumPending = 2
        for index in 0..<5 { toasts.show("\(index)") }
        #expect(toasts.current?.message == "0")
        #expect(toasts.pending.map(\.message) == ["3", "4"])
    }

    @Test func sheetsStackAndANonDismissibleSheetResistsASwipe() throws {
        let decoder = Fixtures.decoder
        let sheets = SheetStack()
        sheets.present(try decoder.decodeSheet(["id": "one"]).sheet)
        sheets.present(try decoder.decodeSheet(["id": "two", "config": ["dismissible": false]]).sheet)
        #expect(sheets.entries.map(\.sheet.id) == ["one", "two"])
        #expect(sheets.dismiss(force: false) == false)
        #expect(sheets.dismiss())
        #expect(sheets.top?.id == "one")
        sheets.dismissAll()
        #expect(sheets.dismiss() == false)
    }

    /// SwiftUI presents each level from the one below: a reader's dismissal of a level closes it
    /// and those above; one that arrives after the stack moved on closes nothing.
    @Test func aReaderDismissalClosesItsLevelAndThoseAboveItOnlyWhileItStillShowsThere() throws {
        let decoder = Fixtures.decoder
        let sheets = SheetStack()
        for id in ["a", "b", "c"] { sheets.present(try decoder.decodeSheet(["id": .string(id)]).sheet) }
        let b = try #require(sheets.entry(atLevel: 1))
        #expect(sheets.entry(atLevel: 3) == nil && sheets.entry(atLevel: -1) == nil)
        #expect(!sheets.readerDismissed(level: 1, presentationID: b.presentationID + 99), "another presentation")
        #expect(sheets.entries.count == 3)
        #expect(sheets.readerDismissed(level: 1, presentationID: b.presentationID))
        #expect(sheets.entries.map(\.sheet.id) == ["a"])
        #expect(!sheets.readerDismissed(level: 1, presentationID: b.presentationID), "already gone")
        // The runtime replaced the top sheet before the reader's dismissal of the old one arrived.
        let a = try #require(sheets.entry(atLevel: 0))
        sheets.dismiss()
        sheets.present(try decoder.decodeSheet(["id": "d"]).sheet)
        #expect(!sheets.readerDismissed(level: 0, presentationID: a.presentationID))
        #expect(sheets.top?.id == "d")
        sheets.present(try decoder.decodeSheet(["id": "e", "config": ["dismissible": false]]).sheet)
        let e = try #require(sheets.entry(atLevel: 1))
        #expect(!sheets.readerDismissed(level: 1, presentationID: e.presentationID), "not dismissible")
        #expect(sheets.entries.count == 2)
    }

    /// Sheets stack at most `maximumDepth` deep, non-dismissible ones included; a negative
    /// depth stacks none.
    @Test func sheetsStackAtMostTheirDepth() throws {
        let sheets = SheetStack()
        sheets.maximumDepth = 3
        let sheet = try Fixtures.decoder.decodeSheet(["id": "s", "config": ["dismissible": false]]).sheet
        #expect((0..<5).map { _ in sheets.present(sheet) } == [true, true, true, false, false])
        #expect(sheets.entries.count == 3)
        sheets.maximumDepth = -1
        #expect(!sheets.present(sheet))
    }

    /// A sheet of the wrong shape is refused, never opened empty.
    @Test(arguments: [["sections": 3, "config": "x"], ["id": "s", "header": [1]], ["footer": "x"]] as [JSONValue])
    func aSheetOfTheWrongShapeIsRefused(sheet: JSONValue) {
        #expect(throws: PageDecodingError.self) { try Fixtures.decoder.decodeSheet(sheet) }
    }

    /// With no waiting room (`maximumPending` 0 or less) a toast still shows when none is up;
    /// only the waiting ones are refused.
    @Test func noWaitingRoomStillShowsAToastWhenNoneIsUp() {
        toasts.maximumPending = 0
        toasts.show("first")
        toasts.show("second")
        #expect(toasts.current?.message == "first")
        #expect(toasts.pending.isEmpty)
        toasts.maximumPending = -3
        toasts.dismissCurrent()
        toasts.show("third")
        #expect(toasts.current?.message == "third")
    }

    /// A duration under a millisecond is kept, not rounded to 0 s (0.4 ms stays 400 µs).
    @Test func aSubMillisecondDurationIsKept() {
        toasts.show("quick", duration: 0.0004)
        #expect(toasts.current?.duration == .microseconds(400))
    }

    /// A toast's duration from the server is capped at `ToastQueue.maximumSeconds`, however large.
    @Test func anAbsurdToastDurationFromTheServerIsCapped() {
        let toasts = ToastQueue(clock: TestClock())
        toasts.show("x", duration: 1e20)
        #expect(toasts.current != nil)
        #expect(toasts.current?.duration == .seconds(ToastQueue.maximumSeconds))
    }
}
