/// Decodes terminal input bytes into events, across reads: a sequence split between two reads
/// waits for the rest.
///
/// Knows CSI and SS3 keys (arrows, Home/End, PgUp/PgDn, Insert/Delete, F1–F12, Shift-Tab,
/// modifier parameters), SGR mouse reports (`CSI < b;x;y M/m`: clicks, releases, drags, the
/// wheel), bracketed paste (`CSI 200~` … `CSI 201~`, one event), Enter, Tab, Backspace, Ctrl
/// letters, Alt as ESC before a key, and UTF-8 text (invalid bytes become U+FFFD). A lone ESC
/// may be the start of a sequence: it waits, and `flushPendingEscape()` (called by the host
/// when its Esc timeout, say 50 ms, passes with no more input) makes it the Escape key (and a
/// sequence cut off, Alt with its key or nothing).
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasting: [UInt8]?

    public init() {}

    /// Whether bytes wait for more (a lone ESC or a split sequence).
    public var hasPending: Bool { !pending.isEmpty }

    /// The events in `bytes` (with what was pending before).
    public mutating func decode(_ bytes: [UInt8]) -> [InputEvent] {
        pending += bytes
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            if pasting != nil {
                guard let end = find(Self.pasteEnd, from: index) else {
                    // Keep a possible start of the end marker for the next read.
                    let keep = min(Self.pasteEnd.count - 1, pending.count - index)
                    pasting! += pending[index..<(pending.count - keep)]
                    index = pending.count - keep
                    break
                }
                pasting! += pending[index..<end]
                events.append(.paste(String(decoding: pasting!, as: UTF8.self)))
                pasting = nil
                index = end + Self.pasteEnd.count
                continue
            }
            guard let (event, length) = decodeOne(at: index) else { break }
            if let event { events.append(event) }
            index += length
        }
        pending.removeFirst(min(index, pending.count))
        return events
    }

    /// What an escape that waited out the host's timeout was: a lone ESC is the Escape key,
    /// ESC `[` and ESC `O` are Alt with that key, and a longer sequence cut off is dropped, so
    /// that the keys typed next are not taken for its end (a `q` would finish a CSI).
    public mutating func flushPendingEscape() -> [InputEvent] {
        guard pasting == nil, pending.first == 0x1B else { return [] }
        defer { pending = [] }
        switch pending.count {
        case 1: return [.key(.escape)]
        case 2 where pending[1] == 0x5B || pending[1] == 0x4F:
            return [.key(.ctrl(Character(Unicode.Scalar(pending[1]))), modifiers: .alt)]
        default: return []
        }
    }

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard pending.count - start >= needle.count else { return nil }
        for offset in start...(pending.count - needle.count) where pending[offset] == needle[0] {
            if Array(pending[offset..<(offset + needle.count)]) == needle { return offset }
        }
        return nil
    }

    /// The event at `index` and its length; `nil` when more bytes are needed. A `nil` event
    /// with a length skips bytes that mean nothing.
    private mutating func decodeOne(at index: Int) -> (InputEvent?, Int)? {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            return decodeEscape(at: index)
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x09: return (.key(.tab), 1)
        case 0x7F, 0x08: return (.key(.backspace), 1)
        case 0x00: return (.key(.ctrl(" ")), 1)
        case 0x01...0x1A: return (.key(.ctrl(Character(Unicode.Scalar(byte + 0x60)))), 1)
        case 0x1C...0x1F: return (nil, 1)
        default:
            return decodeText(at: index)
        }
    }

    private func decodeText(at index: Int) -> (InputEvent?, Int)? {
        let byte = pending[index]
        let length: Int
        switch byte {
        case 0x00..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.text("\u{FFFD}"), 1)
        }
        guard pending.count - index >= length else { return nil }
        let slice = Array(pending[index..<(index + length)])
        for continuation in slice.dropFirst() where continuation & 0xC0 != 0x80 {
            return (.text("\u{FFFD}"), 1)
        }
        return (.text(String(decoding: slice, as: UTF8.self)), length)
    }

    private mutating func decodeEscape(at index: Int) -> (InputEvent?, Int)? {
        guard index + 1 < pending.count else { return nil }  // a lone ESC waits
        let next = pending[index + 1]
        if next == 0x5B { return decodeCSI(at: index) }
        if next == 0x4F {
            guard index + 2 < pending.count else { return nil }
            let keys: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
                                      0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4)]
            return (keys[pending[index + 2]].map { .key($0) }, 3)
        }
        if next == 0x1B { return (.key(.escape), 1) }
        // Alt with a key: ESC, then the key's own bytes.
        guard let (event, length) = decodeOne(at: index + 1) else { return nil }
        switch event {
        case .key(let key, let modifiers)?: return (.key(key, modifiers: modifiers.union(.alt)), length + 1)
        case .text(let text)?: return (.key(.ctrl(Character(text)), modifiers: .alt), length + 1)
        default: return (event, length + 1)
        }
    }

    private mutating func decodeCSI(at index: Int) -> (InputEvent?, Int)? {
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return pending.count - index > 64 ? (nil, pending.count - index) : nil }
        let length = end - index + 1
        let final = pending[end]
        let body = Array(pending[(index + 2)..<end])
        if body.first == 0x3C, final == 0x4D || final == 0x6D {
            return (mouse(body.dropFirst(), released: final == 0x6D), length)
        }
        let parameters = String(decoding: body, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let modifiers = parameters.count > 1 ? Self.modifiers(parameters[1] ?? 1) : []
        switch final {
        case 0x41: return (.key(.up, modifiers: modifiers), length)
        case 0x42: return (.key(.down, modifiers: modifiers), length)
        case 0x43: return (.key(.right, modifiers: modifiers), length)
        case 0x44: return (.key(.left, modifiers: modifiers), length)
        case 0x48: return (.key(.home, modifiers: modifiers), length)
        case 0x46: return (.key(.end, modifiers: modifiers), length)
        case 0x5A: return (.key(.backTab), length)
        case 0x7E:
            let code = parameters.first.flatMap { $0 } ?? 0
            if code == 200 {
                pasting = []
                return (nil, length)
            }
            let keys: [Int: Key] = [1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
                                    15: .function(5), 17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9),
                                    21: .function(10), 23: .function(11), 24: .function(12)]
            return (keys[code].map { .key($0, modifiers: modifiers) }, length)
        default:
            return (nil, length)
        }
    }

    /// `b;x;y` of an SGR mouse report (1-based cells).
    private func mouse(_ body: ArraySlice<UInt8>, released: Bool) -> InputEvent? {
        let fields = String(decoding: body, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard fields.count == 3 else { return nil }
        let code = fields[0]
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.ctrl) }
        let x = max(0, fields[1] - 1), y = max(0, fields[2] - 1)
        if code & 64 != 0 {
            return .mouse(MouseEvent(action: code & 1 == 0 ? .wheelUp : .wheelDown, button: 0, x: x, y: y, modifiers: modifiers))
        }
        let action: MouseEvent.Action = released ? .release : (code & 32 != 0 ? .drag : .press)
        return .mouse(MouseEvent(action: action, button: code & 3, x: x, y: y, modifiers: modifiers))
    }

    /// xterm's modifier parameter: 1 + (shift 1, alt 2, ctrl 4).
    private static func modifiers(_ parameter: Int) -> KeyModifiers {
        let bits = max(0, parameter - 1)
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.ctrl) }
        return modifiers
    }
}
