import Foundation
import FlowCore

/// A calendar day of a time zone as its clocks run it: from the first instant the zone's clocks
/// show that date to the first instant they show the next one, read from the zone's own
/// transitions. So a day whose midnight the clocks skip (America/Santiago and America/Havana
/// move from 00:00 to 01:00) starts at the change and has 23 hours, and a day whose clocks go
/// back half an hour (Australia/Lord_Howe) has 24.5.
struct LocalDay: Equatable {
    /// Days since 1970-01-01 on the zone's calendar.
    let number: Int
    let zone: TimeZone
    /// The first instant the zone's clocks show this date.
    let start: Date
    /// The first instant they show the next date.
    let end: Date

    init(number: Int, zone: TimeZone) {
        self.number = number
        self.zone = zone
        start = Self.firstInstant(of: number, in: zone)
        end = Self.firstInstant(of: number + 1, in: zone)
    }

    /// The day whose date the zone's clocks show at `instant`.
    init(containing instant: Date, in zone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
        self.init(number: Int((local / 86_400).rounded(.down)), zone: zone)
    }

    var next: LocalDay { LocalDay(number: number + 1, zone: zone) }

    /// Its date, `2027-09-05`.
    var date: String { String(RFC3339.string(from: Date(timeIntervalSince1970: Double(number) * 86_400)).prefix(10)) }

    /// Its day of the week, `Sun`.
    var weekday: String { ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((number % 7) + 7) % 7] }

    /// Seconds from `start` to `end`: 86,400 on an ordinary day.
    var length: TimeInterval { end.timeIntervalSince(start) }

    /// The offset from UTC the clocks showed just before the day began.
    var offsetBefore: Int { zone.secondsFromGMT(for: start.addingTimeInterval(-1)) }

    /// The offset from UTC the clocks show at the day's last second.
    var offsetAtEnd: Int { zone.secondsFromGMT(for: end.addingTimeInterval(-1)) }

    /// Whether the clocks change on this day: it is not 24 hours long, or it ends on another
    /// offset than the one the day before ended on (a change at midnight included).
    var clocksChange: Bool { length != 86_400 || offsetBefore != offsetAtEnd }

    /// The first instant whose wall clock reads day `number` or later: within each stretch of
    /// one offset between the zone's transitions, the clock reaches that midnight at
    /// `midnight - offset` (or it had passed it already when the stretch began: the midnight
    /// was skipped), and the earliest stretch that reaches it decides. Offsets lie between
    /// UTC-12 and UTC+14, so the instant is within 15 hours of the midnight read as UTC.
    private static func firstInstant(of number: Int, in zone: TimeZone) -> Date {
        let midnight = Double(number) * 86_400
        let (from, to) = (Date(timeIntervalSince1970: midnight - 15 * 3600), Date(timeIntervalSince1970: midnight + 15 * 3600))
        var edges = [from]
        while let transition = zone.nextDaylightSavingTimeTransition(after: edges[edges.count - 1]), transition < to {
            edges.append(transition)
        }
        edges.append(to)
        for (begin, finish) in zip(edges, edges.dropFirst()) {
            let reached = max(begin.timeIntervalSince1970, midnight - Double(zone.secondsFromGMT(for: begin)))
            if reached < finish.timeIntervalSince1970 { return Date(timeIntervalSince1970: reached) }
        }
        return Date(timeIntervalSince1970: midnight - Double(zone.secondsFromGMT(for: to)))
    }

    /// A day's length as a reader says it: "23 hours", "24.5 hours" (Lord Howe's half-hour
    /// change), "23.75 hours"; a length that is no whole number of quarter hours (a zone's
    /// historical change to or from local mean time) in hours, minutes and seconds.
    static func hours(_ length: TimeInterval) -> String {
        let seconds = Int(length.rounded())
        guard seconds % 900 != 0 else {
            let quarters = seconds / 900
            return "\(quarters / 4)\(["", ".25", ".5", ".75"][quarters % 4]) hours"
        }
        let parts = [(seconds / 3600, "hour"), (seconds % 3600 / 60, "minute"), (seconds % 60, "second")].filter { $0.0 > 0 }
        return parts.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: " ")
    }
}
