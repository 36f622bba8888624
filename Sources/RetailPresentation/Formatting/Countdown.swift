import Foundation

/// How long until a campaign ends, in the few words a hero shows in the shopper's language:
/// to the second within a day (so it counts down live while on screen: "Endet in 5:59:54"), in
/// days within two weeks ("Endet in 6 Tagen"), else the date ("Bis 22. Dez."). Every renderer
/// shows this text and redraws it at `nextChange`: the terminal on its tick (`isLive`), SwiftUI
/// on a `TimelineView` whose schedule is `changes`. A ticking number is not motion, so Reduce
/// Motion does not stop it. (What a screen reader says is `RetailAccessibility.countdown`, in
/// words to the minute.)
public enum Countdown {
    /// Within this, the countdown changes every second and the app redraws it.
    public static let liveWindow: TimeInterval = 24 * 3600
    /// Within this, the countdown counts days; beyond it, it names the date.
    public static let dayWindow: TimeInterval = 14 * 24 * 3600

    /// The text at `now`; an end that is not a finite instant reads as ended.
    public static func text(until end: Date, now: Date, in locale: AppLocale) -> String {
        let words = Words(locale)
        switch state(until: end, now: now) {
        case .ended:
            return words[.ended]
        case .clock(let left):
            // Whole seconds left, rounded up: "0:00:01" until the very end.
            let clock = String(format: "%d:%02d:%02d", left / 3600, left / 60 % 60, left % 60)
            return words(.endsInClock, ["time": clock])
        case .days(let days):
            return words.plural(.endsInDaysOne, .endsInDaysOther, count: days)
        case .date:
            return words(.endsOn, ["date": RetailFormat(locale).dayAndMonth(end)])
        }
    }

    /// Whether the text changes every second at `now` (a hero showing it wants a tick).
    public static func isLive(until end: Date, now: Date) -> Bool {
        if case .clock = state(until: end, now: now) { return true }
        return false
    }

    /// The first instant after `now` at which the text differs, nil once it reads "Ended".
    public static func nextChange(until end: Date, after now: Date) -> Date? {
        let secondsLeftAtChange: Int
        switch state(until: end, now: now) {
        case .ended: return nil
        case .clock(let left): secondsLeftAtChange = left - 1
        case .days(let days): secondsLeftAtChange = days * 86_400 - 1
        case .date: secondsLeftAtChange = Int(dayWindow) - 1
        }
        return end.addingTimeInterval(-TimeInterval(secondsLeftAtChange))
    }

    /// The instants the text changes at, from `start` on: what a view showing it is redrawn
    /// at (`start` first, so it draws at once), ending with the change to "Ended".
    public static func changes(until end: Date, from start: Date) -> UnfoldFirstSequence<Date> {
        sequence(first: start) { nextChange(until: end, after: $0) }
    }

    private enum State {
        case ended
        /// Whole seconds left, under a day.
        case clock(Int)
        /// Whole days left, under two weeks.
        case days(Int)
        case date
    }

    /// The text depends only on the whole seconds left, rounded up; the last microsecond is
    /// not counted, so an instant that `nextChange` computed by subtracting from the end reads
    /// as the new text whatever the rounding of `Date` arithmetic.
    private static func state(until end: Date, now: Date) -> State {
        let seconds = end.timeIntervalSince(now) - 0.000_001
        guard seconds.isFinite, seconds > 0 else { return .ended }
        guard seconds < dayWindow else { return .date }
        let left = Int(seconds.rounded(.up))
        if TimeInterval(left) < liveWindow { return .clock(left) }
        return TimeInterval(left) < dayWindow ? .days(left / 86_400) : .date
    }
}
