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
            bytes.append(contentsOf: String(Int64(number)).utf8)
        } else {
            bytes.append(contentsOf: "\(number)".utf8)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends a string literal with JSON escaping.
    public mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var utf8 = Array(string.utf8)[...]
        while let byte = utf8.popFirst() {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20, 0x7F:
                writeEscape(UInt32(byte))
            case 0xC2 where (0x80...0x9F).contains(utf8.first ?? 0):
                // U+0080…U+009F, the C1 controls (CSI among them).
                writeEscape(UInt32(utf8.removeFirst()))
            case 0xE2 where utf8.count >= 2 && Self.isBidiOverride(utf8[utf8.startIndex], utf8[utf8.startIndex + 1]):
                let second = UInt32(utf8.removeFirst()), third = UInt32(utf8.removeFirst())
                writeEscape(0x2000 | (second & 0x3F) << 6 | (third & 0x3F))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// U+202A…U+202E (E2 80 AA…AE) and U+2066…U+2069 (E2 81 A6…A9).
    private static func isBidiOverride(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    private mutating func writeEscape(_ scalar: UInt32) {
        bytes.append(contentsOf: [0x5C, UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int((scalar >> UInt32(shift)) & 0xF)])
        }
    }
}
