import FlowCore
import FlowRuntime
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
}
