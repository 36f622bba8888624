import Foundation

/// Writes `JSONValue`s as compact UTF-8 JSON, members in their stored order.
///
/// Used for the lint report, for `api` action bodies and for caches. Strings are escaped so
/// that the output is valid JSON whatever they hold, and safe to print on a terminal: C0 and
/// C1 control characters, DEL and the bidirectional overrides become `\uXXXX`; numbers
/// that are integral print without a fraction, others in the shortest form that reads back
/// to the same `Double`; a non-finite number, which JSON cannot hold, is written as `null`.
public struct JSONWriter {
    /// The bytes written so far.
    public internal(set) var bytes: [UInt8] = []

    // Streaming: whether each open container (a bit a level, innermost lowest) has a member
    // yet, and whether a key was just written, so the next value follows it with no comma.
    private var openHasMember: [Bool] = []
    private var afterKey = false

    public init(reservingCapacity capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// `value` encoded as compact JSON.
    public static func data(for value: JSONValue) -> Data {
        var writer = JSONWriter()
        writer.write(value)
        return Data(writer.bytes)
    }

    /// `value` encoded as compact JSON text.
    public static func string(for value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Appends one value.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): write(number: number)
        case .string(let string): write(string: string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a number.
    public mutating func write(number: Double) {
        guard number.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        if number == number.rounded(.towardZero), abs(number) < 1e15 {
            write(digitsOf: Int64(number))
        } else {
            bytes.append(contentsOf: "\(number)".utf8)
        }
    }

    /// The decimal digits of `value`, written straight into the output.
    private mutating func write(digitsOf value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // 19 digits hold any Int64's magnitude.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends a string literal with JSON escaping.
    public mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends valid UTF-8 escaped: runs that need no escape are copied whole, so a string
    /// of plain text costs one copy.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        var index = 0, runStart = 0
        while index < count {
            let byte = utf8[index]
            // Printable ASCII other than '"' and '\\', and every byte of a scalar that is
            // neither a C1 control (C2 80…9F) nor a bidirectional override (E2 …), is kept.
            if byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0x7F, byte != 0xC2, byte != 0xE2 {
                index += 1
                continue
            }
            let escaped: Int // bytes of the input the escape stands for; 0 when kept
            switch byte {
            case 0xC2:
                escaped = index + 1 < count && (0x80...0x9F).contains(utf8[index + 1]) ? 2 : 0
            case 0xE2:
                escaped = index + 2 < count && Self.isBidiOverride(utf8[index + 1], utf8[index + 2]) ? 3 : 0
            default:
                escaped = 1
            }
            guard escaped > 0 else {
                index += 1
                continue
            }
            if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            switch byte {
            case UInt8(ascii: "\""): appendPair(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): appendPair(UInt8(ascii: "\\"))
            case 0x0A: appendPair(UInt8(ascii: "n"))
            case 0x0D: appendPair(UInt8(ascii: "r"))
            case 0x09: appendPair(UInt8(ascii: "t"))
            // U+0080…U+009F, the C1 controls (CSI among them): the scalar is the second byte.
            case 0xC2: writeEscape(UInt32(utf8[index + 1]))
            case 0xE2: writeEscape(0x2000 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F))
            default: writeEscape(UInt32(byte))
            }
            index += escaped
            runStart = index
        }
        if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
    }

    private mutating func appendPair(_ second: UInt8) {
        bytes.append(0x5C)
        bytes.append(second)
    }

    /// U+202A…U+202E (E2 80 AA…AE) and U+2066…U+2069 (E2 81 A6…A9).
    private static func isBidiOverride(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    private mutating func writeEscape(_ scalar: UInt32) {
        appendPair(UInt8(ascii: "u"))
        bytes.append(Self.hexDigits[Int(scalar >> 12 & 0xF)])
        bytes.append(Self.hexDigits[Int(scalar >> 8 & 0xF)])
        bytes.append(Self.hexDigits[Int(scalar >> 4 & 0xF)])
        bytes.append(Self.hexDigits[Int(scalar & 0xF)])
    }
}

/// Streaming: an answer written member by member, without building a `JSONValue` tree first.
/// Commas are placed by the writer; the bytes are those `write(_:)` gives for the same tree.
///
///     writer.beginObject()
///     writer.key("items"); writer.beginArray(); …; writer.endArray()
///     writer.key("count"); writer.value(integer: 3)
///     writer.endObject()
extension JSONWriter {
    /// Opens an object, as a value (after a key or in an array, or the document itself).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        openHasMember.append(false)
    }

    /// Closes the innermost open object.
    public mutating func endObject() {
        openHasMember.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Opens an array, as a value.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        openHasMember.append(false)
    }

    /// Closes the innermost open array.
    public mutating func endArray() {
        openHasMember.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes a member's key in the innermost open object; its value comes next.
    public mutating func key(_ key: String) {
        separate()
        write(string: key)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Writes a value: a member's (after `key`), an array's element, or the document.
    public mutating func value(_ value: JSONValue) {
        separate()
        write(value)
    }

    /// Writes a string value.
    public mutating func value(string: String) {
        separate()
        write(string: string)
    }

    /// Writes a number value.
    public mutating func value(number: Double) {
        separate()
        write(number: number)
    }

    /// Writes `hundredths / 100` (an amount of money in cents) as the number `Double(hundredths)
    /// / 100` writes, the shortest decimal that reads back as it (`72.99`, `72.9`, `72`), but
    /// from its digits: formatting a `Double` makes a `String`, and every price in a cart
    /// answer is one. Amounts of 10^12 hundredths and more go through the `Double`.
    public mutating func value(hundredths: Int) {
        guard hundredths.magnitude < 1_000_000_000_000 else { return value(number: Double(hundredths) / 100) }
        separate()
        if hundredths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = hundredths.magnitude
        write(digitsOf: Int64(magnitude / 100))
        let fraction = UInt8(magnitude % 100)
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + fraction / 10)
        if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + fraction % 10) }
    }

    /// Writes an integer value, as the number `Double(integer)`.
    public mutating func value(integer: Int) {
        separate()
        write(number: Double(integer))
    }

    /// The comma before a member or element that is not its container's first.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = openHasMember.indices.last else { return }
        if openHasMember[last] { bytes.append(UInt8(ascii: ",")) } else { openHasMember[last] = true }
    }
}
