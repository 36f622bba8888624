import Foundation

/// How long until a campaign ends, in the few words a hero shows in the shopper's language:
/// to the second within a day (so it counts down live while on screen: "Endet in 5:59:54"), in
/// days within two weeks ("Endet in 6 Tagen"), else the date ("Bis 22. Dez.").
public enum Countdown {
    /// Within this, the countdown changes every second and the app redraws it.
    public static let liveWindow: TimeInterval = 24 * 3600

    public static func text(until end: Date, now: Date, in locale: AppLocale) -> String {
        let words = Copy<ShopperWord>(locale)
        let seconds = end.timeIntervalSince(now)
        guard seconds.isFinite else { return "" }
        if seconds <= 0 { return words[.ended] }
        if seconds < liveWindow {
            // Whole seconds left, rounded up: "0:00:01" until the very end.
            let left = Int(seconds.rounded(.up))
            let clock = String(format: "%d:%02d:%02d", left / 3600, left / 60 % 60, left % 60)
            return words(.endsInClock, ["time": clock])
        }
        let days = Int(min(seconds, 1e9) / 86_400)
        if days < 14 { return words.plural(.endsInDaysOne, .endsInDaysOther, count: days) }
        return words(.endsOn, ["date": RetailFormat(locale).dayAndMonth(end)])
    }
}
