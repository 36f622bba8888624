import FlowCore
import FlowRuntime
import Foundation
import Testing
import TestSupport

/// The instant pages are resolved at moves at the next `expires_at` of every watched page, on
/// the runtime's clock: an expired section leaves the screen on time whatever else happens.
@Suite("ExpiryClock", .timeLimit(.minutes(1)))
@MainActor
struct ExpiryClockTests {
    let clock = TestClock()
    let date = ManualDate()
    let expiry: ExpiryClock

    init() {
        expiry = ExpiryClock(clock: clock, now: date.function)
    }

    func store(_ id: String, expiringIn seconds: [Int]) async -> (PageStore, ControlledSource) {
        let source = ControlledSource()
        let store = PageStore(pageID: id, source: source, decoder: Fixtures.decoder, clock: clock)
        let sections = seconds.enumerated().map { index, seconds -> JSONValue in
            var section = Fixtures.section("s\(index)", [Fixtures.label("w\(index)")]).objectValue!
            section["expires_at"] = .string(RFC3339.string(from: date.now.addingTimeInterval(TimeInterval(seconds))))
            return .object(section)
        }
        store.loadInitial()
        source.last?.respond(Fixtures.page(id: id, sections: sections))
        await waitUntil { store.state == .loaded }
        return (store, source)
    }

    /// Moves both clocks, as time passes for the app.
    func pass(_ duration: Duration) {
        date.advance(by: Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        clock.advance(by: duration)
    }

    @Test func theInstantMovesJustAfterTheNextExpiryOfAnyWatchedPage() async {
        let (home, _) = await store("home", expiringIn: [30, 90])
        let (campaign, _) = await store("campaign:c1", expiringIn: [10])
        expiry.watch(home)
        expiry.watch(campaign)
        let start = expiry.now
        #expect(expiry.nextExpiry == start.addingTimeInterval(10))
        await clock.waitForSleepers()
        pass(.seconds(10))
        #expect(expiry.now == start, "at expires_at itself the section is still shown")
        pass(.milliseconds(1))
        await waitUntil { expiry.now > start.addingTimeInterval(10) }
        #expect(expiry.nextExpiry == start.addingTimeInterval(30))
        await clock.waitForSleepers()
        pass(.seconds(20))
        await waitUntil { expiry.now > start.addingTimeInterval(30) }
        #expect(expiry.nextExpiry == start.addingTimeInterval(90))
    }

    @Test func aPageLeftNoLongerSetsTheTimer() async {
        let (home, _) = await store("home", expiringIn: [60])
        let (campaign, _) = await store("campaign:c1", expiringIn: [10])
        expiry.watch(home)
        expiry.watch(campaign)
        expiry.unwatch(campaign)
        #expect(expiry.nextExpiry == expiry.now.addingTimeInterval(60))
        expiry.unwatch(home)
        #expect(expiry.nextExpiry == nil)
        #expect(clock.sleeperCount == 0)
    }

    /// A refresh brings content resolved at the current instant, not at the last expiry's.
    @Test func aChangedPageReadsTheInstantAgain() async {
        let (home, source) = await store("home", expiringIn: [600])
        expiry.watch(home)
        let start = expiry.now
        date.advance(by: 5)
        home.refresh()
        source.last?.respond(Fixtures.page(id: "home", sections: [Fixtures.section("fresh", [Fixtures.label("x")])]))
        await waitUntil { expiry.now == start.addingTimeInterval(5) }
        #expect(expiry.nextExpiry == nil)
    }

    /// A presented sheet's widget expiring while nothing on the page does stayed shown.
    @Test func aPresentedSheetSetsTheTimerToo() async throws {
        let sheets = SheetStack()
        expiry.watch(sheets)
        let ends = RFC3339.string(from: date.now.addingTimeInterval(5))
        let json = #"{"sheet": {"id": "deal", "sections": [{"id": "s", "widgets": [{"type": "label", "id": "w", "data": {"text": "x"}, "expires_at": "\#(ends)"}]}]}}"#
        let sheet = try Fixtures.decoder.decodeSheet(Data(json.utf8)).sheet
        #expect(sheets.present(sheet))
        await waitUntil { expiry.nextExpiry != nil }
        #expect(expiry.nextExpiry == date.now.addingTimeInterval(5))
        let start = expiry.now
        await clock.waitForSleepers()
        pass(.milliseconds(5_001))
        await waitUntil { expiry.now > start.addingTimeInterval(5) }
    }

    /// The timer counts monotonic time while `expires_at` is wall-clock time: a wall clock set
    /// forward past an expiry is noticed at the next check, not when the old timer ends.
    @Test func aWallClockSetForwardIsNoticedAtTheNextCheck() async {
        let (home, _) = await store("home", expiringIn: [60])
        expiry.watch(home)
        let start = expiry.now
        await clock.waitForSleepers()
        date.advance(by: 120)
        clock.advance(by: .seconds(5))
        await waitUntil { expiry.now == start.addingTimeInterval(120) }
        #expect(expiry.nextExpiry == nil)
    }
}
