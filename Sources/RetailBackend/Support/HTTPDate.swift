import FlowCore
import Foundation
import Synchronization

/// The `Date` header's IMF-fixdate (RFC 9110 §5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`), made
/// once a second: every answer carries one, and formatting it each time would cost the page
/// path more than the look-up of a cached page.
final class HTTPDate: Sendable {
    private let last = Mutex<(second: Int, text: String)>((Int.min, ""))

    func string(for date: Date) -> String {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e14 else { return Self.format(second: 0) }
        let second = Int(interval.rounded(.down))
        if let cached = last.withLock({ $0.second == second ? $0.text : nil }) { return cached }
        let text = Self.format(second: second)
        last.withLock { $0 = (second, text) }
        return text
    }

    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(second: Int) -> String {
        var days = second / 86_400
        var secondOfDay = second % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let weekday = weekdays[((days % 7) + 7) % 7]
        // RFC 3339's civil date of those days (FlowCore does the calendar).
        let date = RFC3339.string(from: Date(timeIntervalSince1970: Double(days) * 86_400))
        let parts = date.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return "Thu, 01 Jan 1970 00:00:00 GMT" }
        let clock = String(format: "%02d:%02d:%02d", secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        return "\(weekday), \(String(format: "%02d", parts[2])) \(months[parts[1] - 1]) \(String(format: "%04d", parts[0])) \(clock) GMT"
    }
}
