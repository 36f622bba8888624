import Foundation
import RetailKit
@testable import RetailPresentation
import Testing

/// The one countdown rule every renderer shows (`Countdown`): its text and when it changes.
@Suite struct CountdownTests {
    let end = Date(timeIntervalSince1970: 1_798_156_800)  // 2026-12-25T00:00:00Z

    func text(_ secondsLeft: TimeInterval, _ locale: AppLocale = .enUS) -> String {
        Countdown.text(until: end, now: end.addingTimeInterval(-secondsLeft), in: locale)
    }

    @Test func countsSecondsWithinADayDaysWithinTwoWeeksThenNamesTheDate() {
        #expect(text(2 * 3600 + 3 * 60 + 4) == "Ends in 2:03:04")
        #expect(text(0.4) == "Ends in 0:00:01", "whole seconds rounded up: one second shows until the very end")
        #expect(text(86_399) == "Ends in 23:59:59")
        #expect(text(86_400) == "Ends in 1 day")
        #expect(text(3 * 86_400 + 5) == "Ends in 3 days")
        #expect(text(14 * 86_400 - 1) == "Ends in 13 days")
        #expect(text(14 * 86_400) == "Until Dec 25")
        #expect(text(0) == "Ended")
        #expect(text(-5) == "Ended")
    }

    @Test func speaksTheShoppersLanguage() {
        #expect(text(3 * 86_400, .deDE) == "Endet in 3 Tagen")
        #expect(text(65, .frFR) == "Se termine dans 0:01:05")
        #expect(text(30 * 86_400, .deDE) == "Bis 25. Dez.")
        #expect(text(30 * 86_400, .frFR).hasPrefix("Jusqu’au 25 d"))
        #expect(text(-1, .frFR) == "Terminé")
        #expect(text(-1, .deDE) == "Beendet")
    }

    @Test func anEndThatIsNoInstantReadsAsEndedAndNeverTraps() {
        let now = Date(timeIntervalSince1970: 0)
        #expect(Countdown.text(until: Date(timeIntervalSince1970: .infinity), now: now, in: .enUS) == "Ended")
        #expect(Countdown.text(until: Date(timeIntervalSince1970: .nan), now: now, in: .enUS) == "Ended")
        #expect(Countdown.text(until: Date.distantFuture, now: now, in: .enUS).hasPrefix("Until"))
        #expect(Countdown.nextChange(until: Date(timeIntervalSince1970: .nan), after: now) == nil)
    }

    @Test func isLiveOnlyWithinTheLastDay() {
        #expect(Countdown.isLive(until: end, now: end.addingTimeInterval(-10)))
        #expect(!Countdown.isLive(until: end, now: end.addingTimeInterval(-2 * 86_400)))
        #expect(!Countdown.isLive(until: end, now: end.addingTimeInterval(1)))
    }

    /// The view redraws at `nextChange`: the text there is new, and just before it is the old
    /// one, so no change is drawn late and no redraw is wasted.
    @Test func nextChangeIsWhereTheTextChanges() {
        let lefts: [TimeInterval] = [3, 59.5, 3600, 86_399.25, 86_400, 86_401, 5 * 86_400 + 17, 14 * 86_400 - 0.5, 14 * 86_400, 40 * 86_400]
        for left in lefts {
            let now = end.addingTimeInterval(-left)
            guard let change = Countdown.nextChange(until: end, after: now) else {
                Issue.record("no change from \(left) s left")
                continue
            }
            #expect(change > now)
            let before = Countdown.text(until: end, now: change.addingTimeInterval(-0.01), in: .enUS)
            #expect(before == Countdown.text(until: end, now: now, in: .enUS), "\(left) s left: changed before \(change)")
            #expect(Countdown.text(until: end, now: change, in: .enUS) != before, "\(left) s left: unchanged at \(change)")
        }
        #expect(Countdown.nextChange(until: end, after: end) == nil)
    }

    @Test func theChangesTickEverySecondOnTheLastDayAndEndAtEnded() {
        let start = end.addingTimeInterval(-86_400 - 3)
        let changes = Array(Countdown.changes(until: end, from: start).prefix(6))
        #expect(changes[0] == start)
        #expect(abs(changes[1].timeIntervalSince(end) + 86_399) < 1e-6)
        for pair in zip(changes.dropFirst(), changes.dropFirst(2)) {
            #expect(abs(pair.1.timeIntervalSince(pair.0) - 1) < 1e-6)
        }
        let all = Array(Countdown.changes(until: end, from: end.addingTimeInterval(-5)))
        #expect(all.count == 6)
        #expect(Countdown.text(until: end, now: all[all.count - 1], in: .enUS) == "Ended")
    }
}
