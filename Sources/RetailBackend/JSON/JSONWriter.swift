/// Writes JSON into a byte buffer by hand.
///
/// Compositions are encoded once per cache key, but pages are large and requests may miss
/// the cache (new segment, new day), so this avoids Foundation's encoders and their boxing.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 16 * 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// The whole document as bytes.
    static func encode(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        return writer.bytes
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): append(String(number))
        case .double(let number): writeDouble(number)
        case .string(let text): writeString(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member.0)
                bytes.append(UInt8(ascii: ":"))
                write(member.1)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x00..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Non-finite numbers have no JSON form; they are written as `null` rather than as
    /// invalid JSON.
    private mutating func writeDouble(_ number: Double) {
        guard number.isFinite else { return append("null") }
        if number == number.rounded(), abs(number) < 1e15 {
            append(String(Int(number)))
            append(".0")
        } else {
            append(String(number))
        }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends bytes that are already JSON (punctuation, a number).
    mutating func appendRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
