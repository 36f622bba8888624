import Foundation

/// Parses and formats RFC 3339 instants (`2026-12-24T23:00:00Z`, `2026-12-24T23:00:00.250+01:00`).
///
/// A dozen lines of arithmetic instead of `ISO8601DateFormatter`, which is slow to build,
/// not `Sendable`, and more permissive than the contract.
public enum RFC3339 {
    /// The instant, or `nil` when `text` is not RFC 3339 `date-time`.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = digits(0, 4), bytes[4] == 0x2D, let month = digits(5, 2), bytes[7] == 0x2D,
            let day = digits(8, 2), bytes[10] | 0x20 == UInt8(ascii: "t"),
            let hour = digits(11, 2), bytes[13] == 0x3A, let minute = digits(14, 2), bytes[16] == 0x3A,
            let second = digits(17, 2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard let offsetHour = digits(index + 1, 2), index + 3 < bytes.count, bytes[index + 3] == 0x3A,
                let offsetMinute = digits(index + 4, 2), offsetHour < 24, offsetMinute < 60
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
            index += 6
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The milliseconds since 1970 of 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z: the
    /// instants RFC 3339's four-digit years can write.
    static let writableMilliseconds: ClosedRange<Double> = -62_167_219_200_000 ... 253_402_300_799_999

    /// `date` in UTC as `YYYY-MM-DDTHH:MM:SS(.mmm)Z`; milliseconds only when non-zero. An
    /// instant before year 0 or after year 9999 is written as the first or last instant RFC
    /// 3339 can write (and NaN as 1970's start), never as a crash.
    public static func string(from date: Date) -> String {
        // Rounded to the millisecond first: .9996 s is the next second, not this one's.
        let exact = (date.timeIntervalSince1970 * 1000).rounded()
        let totalMilliseconds = exact.isNaN ? 0 : Int(min(writableMilliseconds.upperBound, max(writableMilliseconds.lowerBound, exact)))
        let (quotient, remainder) = totalMilliseconds.quotientAndRemainder(dividingBy: 1000)
        let wholeSeconds = remainder < 0 ? quotient - 1 : quotient
        let milliseconds = remainder < 0 ? remainder + 1000 : remainder
        var days = wholeSeconds / 86_400
        var secondOfDay = wholeSeconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))"
        if milliseconds > 0, milliseconds < 1000 { text += ".\(pad(milliseconds, 3))" }
        return text + "Z"
    }

    /// `date` in local time at `offset` seconds east of UTC, as `YYYY-MM-DDTHH:MM:SS±HH:MM`
    /// (`Z` for no offset): how an instant is written in a file of that zone.
    public static func string(from date: Date, offset: Int) -> String {
        // RFC 3339 writes offsets in minutes: an offset with seconds (Berlin's +00:53:28 before
        // 1893) is written to its minute, and the local time with it, so the text reads back
        // as the same instant.
        let offset = offset / 60 * 60
        let utc = string(from: date.addingTimeInterval(Double(offset)))
        guard offset != 0 else { return utc }
        let minutes = abs(offset) / 60
        let sign = offset < 0 ? "-" : "+"
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return String(utc.dropLast()) + "\(sign)\(pad(minutes / 60)):\(pad(minutes % 60))"
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01: the inverse of
    /// `daysSinceEpoch` (Hinnant's `civil_from_days`).
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
