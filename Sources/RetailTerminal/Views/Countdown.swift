import Foundation

/// How long until a campaign ends, in the few words a hero shows.
enum Countdown {
    static func text(until end: Date, now: Date) -> String {
        let seconds = end.timeIntervalSince(now)
        if seconds <= 0 { return "Ended" }
        let minutes = Int(seconds / 60)
        if minutes < 60 { return "Ends in \(max(1, minutes)) min" }
        let hours = minutes / 60
        if hours < 24 { return "Ends in \(hours) h" }
        let days = hours / 24
        if days < 14 { return "Ends in \(days) day\(days == 1 ? "" : "s")" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMM"
        return "Until \(formatter.string(from: end))"
    }
}
