import FlowCore
import Foundation

/// Windows: `{"start": …, "end": …, "time_zone": "Europe/Berlin"}`.
///
/// An instant is RFC 3339 with its offset (`2026-11-27T00:00:00+01:00`, or `Z`), or a local
/// time without one (`2026-11-27T00:00:00`, seconds optional) read in the window's zone. A
/// local time the zone skips (02:30 when clocks jump from 02:00 to 03:00) or passes twice
/// (02:30 when they fall back) is an error: the file must say which instant it means, with
/// an offset. An offset other than `Z` that is not the zone's at that instant (`+02:00` in a
/// Berlin November) is kept as written and warned about: it is the classic copy of a summer
/// date into winter.
extension CatalogueFileReader {
    mutating func window(
        _ value: JSONValue?, at path: Path, defaultZone: String, requiresStart: Bool, requiresEnd: Bool
    ) -> CatalogueWindow? {
        guard let object = object(value, at: path, keys: ["start", "end", "time_zone"]) else {
            if value == nil, requiresStart || requiresEnd { error("missing 'window'", at: Array(path.dropLast())) }
            return nil
        }
        var zoneName = defaultZone
        if let name = string(object["time_zone"], at: path + [.key("time_zone")], maxBytes: 64) {
            guard TimeZone(identifier: name) != nil else {
                error("time_zone \(Self.quoted(name)) is not an IANA time zone (like Europe/Berlin or America/New_York)",
                      at: path + [.key("time_zone")])
                return nil
            }
            zoneName = name
        }
        let zone = TimeZone(identifier: zoneName) ?? TimeZone(secondsFromGMT: 0)!
        var window = CatalogueWindow(start: nil, end: nil, timeZone: zoneName)
        var isWhole = true
        for (key, isRequired) in [("start", requiresStart), ("end", requiresEnd)] {
            let keyPath = path + [.key(key)]
            guard let text = string(object[key], at: keyPath, maxBytes: 64) else {
                if isRequired {
                    error("the window needs its \(key)", at: path)
                    isWhole = false
                }
                continue
            }
            guard let instant = instant(text, zone: zone, zoneName: zoneName, at: keyPath) else {
                isWhole = false
                continue
            }
            if key == "start" { window.start = instant } else { window.end = instant }
        }
        if let start = window.start, let end = window.end, end <= start {
            func local(_ instant: Date) -> String { RFC3339.string(from: instant, offset: zone.secondsFromGMT(for: instant)) }
            error("the window ends (\(local(end))) \(end == start ? "as" : "before") it starts (\(local(start)))",
                  at: path + [.key("end")])
            isWhole = false
        }
        return isWhole ? window : nil
    }

    private mutating func instant(_ text: String, zone: TimeZone, zoneName: String, at path: Path) -> Date? {
        if let absolute = RFC3339.date(from: text) {
            if let written = Self.writtenOffset(text), written != 0, written != zone.secondsFromGMT(for: absolute) {
                warning("\(Self.quoted(text)) has the offset \(Self.offset(written)), but \(zoneName) is at "
                        + "\(Self.offset(zone.secondsFromGMT(for: absolute))) then; the instant is kept as written", at: path)
            }
            return absolute
        }
        guard let local = LocalTime(text) else {
            error("\(Self.quoted(text)) is not an instant" + Self.instantFix(for: text, zone: zone, zoneName: zoneName), at: path)
            return nil
        }
        let candidates = local.instants(in: zone)
        guard candidates.count == 1, let instant = candidates.first else {
            if candidates.isEmpty {
                error("\(Self.quoted(text)) does not exist in \(zoneName) (the clocks skip it); give the instant with its offset", at: path)
            } else {
                let offsets = candidates.map { Self.offset(zone.secondsFromGMT(for: $0)) }.joined(separator: " or ")
                error("\(Self.quoted(text)) happens twice in \(zoneName) (the clocks fall back): write it with \(offsets)", at: path)
            }
            return nil
        }
        return instant
    }

    /// The rest of the error for a text that is not an instant: the fix for the instant it
    /// writes when it writes one and one only, else the form (never an instant made up).
    static func instantFix(for text: String, zone: TimeZone, zoneName: String) -> String {
        let form = ": write it as YYYY-MM-DDTHH:MM:SS±HH:MM, or YYYY-MM-DDTHH:MM in the window's time_zone"
        switch suggestion(for: text, zone: zone) {
        case nil:
            return form
        case .instant(let absolute, let local?):
            return ": write \(absolute), or \(local) in the window's time_zone"
        case .instant(let absolute, nil):
            return ": write \(absolute)"
        case .twice(let local, let instants):
            return ", and \(local) happens twice in \(zoneName) (the clocks fall back): write \(instants.joined(separator: " or "))"
        case .skipped(let local):
            return ", and \(local) does not exist in \(zoneName) (the clocks skip it): write the instant meant as YYYY-MM-DDTHH:MM:SS±HH:MM"
        }
    }

    /// The fix for a text that writes a date and time another way.
    enum InstantSuggestion: Equatable {
        /// The instant written, as the file should write it; `local` too when the window's zone
        /// reads that wall-clock time back as this instant and no other.
        case instant(absolute: String, local: String?)
        /// A wall-clock time (no offset written) the zone's clocks show twice: each instant.
        case twice(local: String, [String])
        /// A wall-clock time (no offset written) the zone's clocks skip.
        case skipped(local: String)
    }

    /// What a text that writes a date, and a time and an offset or not, in another form than
    /// RFC 3339 means, written as the file should; nil when it does not read one way only.
    ///
    /// Read: the year first (`2026-11-26`, `2026/11/26`), then a time (after `T` or spaces,
    /// `H:MM` or `HH:MM:SS`), then an offset (`Z`, `+01:00`, `+0100`, `+01`, after spaces or
    /// not). A day alone is its first instant in the zone (00:00 unless the clocks skip it). An
    /// offset written is kept (the instant it names, whatever the zone's); none written is the
    /// zone's then. A day first (`20/01/2027`) could be a month first (`01/20/2027`): not read.
    static func suggestion(for text: String, zone: TimeZone) -> InstantSuggestion? {
        guard let written = WrittenInstant(text) else { return nil }
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        /// `2026-11-26T10:00:00`, `2026-11-26T10:00` (seconds only when some).
        func texts(_ time: LocalTime) -> (full: String, short: String) {
            let minute = String(format: "%04d", time.year) + "-\(pad(time.month))-\(pad(time.day))T\(pad(time.hour)):\(pad(time.minute))"
            return (minute + ":" + pad(time.second), time.second == 0 ? minute : minute + ":" + pad(time.second))
        }
        /// The instant at the zone's offset then; nil for an offset of seconds (before ~1900),
        /// which RFC 3339 cannot write.
        func atZoneOffset(_ instant: Date, _ time: LocalTime) -> String? {
            let seconds = zone.secondsFromGMT(for: instant)
            return seconds % 60 == 0 ? texts(time).full + offset(seconds) : nil
        }
        /// The wall-clock time, when the zone reads it back as `instant` and no other.
        func local(_ time: LocalTime, meaning instant: Date) -> String? {
            time.instants(in: zone) == [instant] ? texts(time).short : nil
        }
        if let writtenOffset = written.offset {
            let absolute = texts(written.time).full + (written.isZulu ? "Z" : offset(writtenOffset))
            guard let instant = RFC3339.date(from: absolute) else { return nil }
            let isZones = zone.secondsFromGMT(for: instant) == writtenOffset
            return .instant(absolute: absolute, local: isZones ? local(written.time, meaning: instant) : nil)
        }
        if written.isDay {
            guard let midnight = RFC3339.date(from: texts(written.time).full + "Z") else { return nil }
            let start = LocalDay(number: Int(midnight.timeIntervalSince1970 / 86_400), zone: zone).start
            // The wall-clock time the day starts at: 00:00, or when the clocks skip it, the
            // time they jump to.
            let startText = RFC3339.string(from: start.addingTimeInterval(Double(zone.secondsFromGMT(for: start))))
            // A day the zone skips whole (Samoa's 30 December 2011) has no start of its own.
            let dayText = String(texts(written.time).full.prefix(10))
            guard startText.utf8.prefix(10).elementsEqual(dayText.utf8) else { return .skipped(local: dayText) }
            guard let startTime = LocalTime(String(startText.prefix(19))), let absolute = atZoneOffset(start, startTime) else { return nil }
            return .instant(absolute: absolute, local: local(startTime, meaning: start))
        }
        let instants = written.time.instants(in: zone)
        switch instants.count {
        case 0:
            return .skipped(local: texts(written.time).short)
        case 1:
            guard let absolute = atZoneOffset(instants[0], written.time) else { return nil }
            return .instant(absolute: absolute, local: texts(written.time).short)
        default:
            let absolutes = instants.compactMap { atZoneOffset($0, written.time) }
            guard absolutes.count == instants.count else { return nil }
            return .twice(local: texts(written.time).short, absolutes)
        }
    }

    /// The offset an RFC 3339 text writes, in seconds (`Z` is 0).
    static func writtenOffset(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        if let last = bytes.last, last | 0x20 == UInt8(ascii: "z") { return 0 }
        guard bytes.count >= 6 else { return nil }
        let tail = bytes.suffix(6)
        guard let sign = tail.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
            let hours = Int(String(decoding: tail.dropFirst().prefix(2), as: UTF8.self)),
            let minutes = Int(String(decoding: tail.suffix(2), as: UTF8.self))
        else { return nil }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// `+01:00`
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}

/// A date and time as a hand may write it, read where it reads one way only (see
/// `CatalogueFileReader.suggestion(for:zone:)`): `2026/11/26 9:00 +0100`.
struct WrittenInstant {
    /// The date and time written (00:00 for a day alone).
    var time: LocalTime
    /// A day without a time.
    var isDay: Bool
    /// The offset written, in seconds east of UTC; nil when none is.
    var offset: Int?
    /// The offset is written `Z`.
    var isZulu = false

    init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        /// The number of `minimum...maximum` digits at the front (at most `maximum`), taken.
        func number(_ minimum: Int, _ maximum: Int) -> Int? {
            let digits = bytes.prefix(maximum).prefix { (0x30...0x39).contains($0) }
            guard (minimum...maximum).contains(digits.count) else { return nil }
            bytes.removeFirst(digits.count)
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        func take(_ byte: UInt8) -> Bool {
            guard bytes.first == byte else { return false }
            bytes.removeFirst()
            return true
        }
        guard let year = number(4, 4), let separator = bytes.first, [UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: ".")].contains(separator),
            take(separator), let month = number(1, 2), take(separator), let day = number(1, 2)
        else { return nil }
        var (hour, minute, second) = (0, 0, 0)
        isDay = bytes.isEmpty
        if !isDay {
            if !take(UInt8(ascii: "T")), !take(UInt8(ascii: "t")) {
                guard let first = bytes.first, isSpace(first) else { return nil }
                while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
            }
            guard let h = number(1, 2), take(UInt8(ascii: ":")), let m = number(2, 2) else { return nil }
            (hour, minute) = (h, m)
            if take(UInt8(ascii: ":")) {
                guard let s = number(2, 2) else { return nil }
                second = s
            }
            while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
            if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) {
                (offset, isZulu) = (0, true)
            } else if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes.removeFirst()
                guard let hours = number(2, 2), hours < 24 else { return nil }
                var minutes = 0
                if take(UInt8(ascii: ":")) {
                    guard let m = number(2, 2) else { return nil }
                    minutes = m
                } else if !bytes.isEmpty {
                    guard let m = number(2, 2) else { return nil }
                    minutes = m
                }
                guard minutes < 60 else { return nil }
                offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
            }
            guard bytes.isEmpty else { return nil }
        }
        guard let time = LocalTime(String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)) else { return nil }
        self.time = time
    }
}

/// A wall-clock time without an offset: `2026-11-27T09:00:00` or `2026-11-27T09:00`.
struct LocalTime: Sendable, Hashable {
    var year, month, day, hour, minute, second: Int

    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            let slice = bytes[start..<(start + count)]
            guard slice.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int(String(decoding: slice, as: UTF8.self))
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] | 0x20 == UInt8(ascii: "t"),
            bytes[13] == UInt8(ascii: ":"), bytes.count == 16 || bytes[16] == UInt8(ascii: ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2)
        else { return nil }
        let second = bytes.count == 19 ? number(17, 2) : 0
        guard let second, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60,
            RFC3339.date(from: String(format: "%04d-%02d-%02dT00:00:00Z", year, month, day)) != nil
        else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// Every instant at which `zone`'s clocks show this time: one, none (skipped), or two
    /// (passed twice).
    func instants(in zone: TimeZone) -> [Date] {
        let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour, minute, second)
        guard let naive = RFC3339.date(from: text) else { return [] }
        // The zone's offsets around that day: a transition is never more than a day away.
        let offsets = Set([-26.0, 0, 26].map { zone.secondsFromGMT(for: naive.addingTimeInterval($0 * 3600)) })
        return offsets.map { naive.addingTimeInterval(-Double($0)) }
            .filter { zone.secondsFromGMT(for: $0) == Int(naive.timeIntervalSince($0)) }
            .sorted()
    }
}
