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
            let (absolute, local) = Self.suggestion(for: text, zone: zone) ?? ("2026-11-27T09:00:00+01:00", "2026-11-27T09:00")
            error("\(Self.quoted(text)) is not an instant: write \(absolute), or \(local) in the window's time_zone", at: path)
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

    /// What a text that reads as a date and a time in another form (`2026-11-26 10:00`,
    /// `26.11.2026 10:00` is not: the year must lead) means, written as the file should:
    /// with the zone's offset then, and as a local time. Nil when it does not read so.
    static func suggestion(for text: String, zone: TimeZone) -> (absolute: String, local: String)? {
        // A text that names its own offset (`…Z`, `…-05`) means another instant than the zone's
        // wall clock: no guess.
        let bytes = Array(text.utf8)
        if bytes.last.map({ $0 | 0x20 == UInt8(ascii: "z") }) == true || bytes.dropFirst(10).contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
            return nil
        }
        let numbers = text.split { !$0.isASCII || !$0.isNumber }.map(String.init)
        guard numbers.count >= 5, numbers.count <= 6, numbers[0].utf8.count == 4, numbers.dropFirst().allSatisfy({ $0.utf8.count <= 2 }),
            let values = Optional(numbers.compactMap { Int($0) }), values.count == numbers.count,
            (1...12).contains(values[1]), (1...31).contains(values[2]), (0...23).contains(values[3]), (0...59).contains(values[4])
        else { return nil }
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let seconds = values.count == 6 ? values[5] : 0
        let local = "\(numbers[0])-\(pad(values[1]))-\(pad(values[2]))T\(pad(values[3])):\(pad(values[4]))"
        // A wall-clock time the zone skips or passes twice has no one fix: the error says why.
        guard let time = LocalTime(local + ":" + pad(seconds)), case let instants = time.instants(in: zone), instants.count == 1,
            let instant = instants.first
        else { return nil }
        return (local + ":" + pad(seconds) + offset(zone.secondsFromGMT(for: instant)), local)
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
