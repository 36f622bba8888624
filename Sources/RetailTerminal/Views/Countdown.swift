import Foundation

/// How long until a campaign ends, in the few words a hero shows: to the second within a
/// day (so it counts down live while on screen), in days within two weeks, else the date.
enum Countdown {
    /// Within this, the countdown changes every second and the app redraws it.
    static let liveWindow: TimeInterval = 24 * 3600

    static func text(until end: Date, now: Date) -> String {
        let seconds = end.timeIntervalSince(now)
        if seconds <= 0 { return "Ended" }
        if seconds < liveWindow {
            // Whole seconds left, rounded up: "0:00:01" until the very end.
            let left = Int(seconds.rounded(.up))
            return String(format: "Ends in %d:%02d:%02d", left / 3600, left / 60 % 60, left % 60)
        }
        let hours = Int(seconds / 3600)
        let days = hours / 24
        if days < 14 { return "Ends in \(days) day\(days == 1 ? "" : "s")" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMM"
        return "Until \(formatter.string(from: end))"
    }
}
