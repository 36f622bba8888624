import Foundation

/// Where a value sits in a JSON text, for messages that send a person to a line
/// (`campaigns/winter.json:12: …`): the byte offset of the value at a path, and the line of
/// an offset.
///
/// Separate from `JSONParser`, which keeps no positions, so the page decoder pays nothing for
/// them: a document is scanned again, once per message, only when there is something to
/// point at. The text is expected to be JSON that parsed; anything else finds nothing.
public enum JSONLocation {
    /// The offset of the first byte of the value at `path` (object keys, array indexes from
    /// the root), or `nil` when the text holds no such value. Of a repeated key, the first
    /// occurrence is found, as `JSONParser` keeps the first.
    public static func offset(of path: [CodingPath.Component], in bytes: [UInt8]) -> Int? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipByteOrderMark()
        for component in path {
            scanner.skipWhitespace()
            switch component {
            case .key(let key):
                guard scanner.enterMember(named: key) else { return nil }
            case .index(let index):
                guard scanner.enterElement(at: index) else { return nil }
            }
        }
        scanner.skipWhitespace()
        return scanner.index < bytes.count ? scanner.index : nil
    }

    /// The 1-based line of byte `offset` (lines end at LF; an offset past the end is on the
    /// last line).
    public static func line(ofOffset offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for byte in bytes.prefix(max(0, offset)) where byte == 0x0A { line += 1 }
        return line
    }

    /// The 1-based line of the value at `path`, or of the nearest enclosing value that exists
    /// (a missing key is reported on its object's line).
    public static func line(of path: [CodingPath.Component], in bytes: [UInt8]) -> Int {
        var path = path
        while true {
            if let offset = offset(of: path, in: bytes) { return line(ofOffset: offset, in: bytes) }
            guard !path.isEmpty else { return 1 }
            path.removeLast()
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func skipByteOrderMark() {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        /// At `{`: moves to the value of the first member named `key`.
        mutating func enterMember(named key: String) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
            index += 1
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
                let start = index
                guard skipString() else { return false }
                let isMatch = Self.keyMatches(bytes[start..<index], key)
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                index += 1
                skipWhitespace()
                if isMatch { return true }
                guard skipValue(), advancePastSeparator(closing: UInt8(ascii: "}")) else { return false }
            }
        }

        /// At `[`: moves to element `position`.
        mutating func enterElement(at position: Int) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return false }
            index += 1
            var current = 0
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return false }
                if current == position { return true }
                guard skipValue(), advancePastSeparator(closing: UInt8(ascii: "]")) else { return false }
                current += 1
            }
        }

        /// After a value: past the `,` that precedes the next one; `false` at the container's end.
        mutating func advancePastSeparator(closing: UInt8) -> Bool {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return false }
            index += 1
            return true
        }

        /// Past one string token, escapes included.
        mutating func skipString() -> Bool {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                case UInt8(ascii: "\\"): index += 2
                default: index += 1
                }
            }
            return false
        }

        /// Past one whole value; containers without recursion.
        mutating func skipValue() -> Bool {
            var depth = 0
            repeat {
                skipWhitespace()
                guard index < bytes.count else { return false }
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    index += 1
                default:
                    // A scalar, a `,` or a `:` inside a container.
                    index += 1
                    while index < bytes.count, !Self.endsScalar(bytes[index]) { index += 1 }
                }
            } while depth > 0
            return depth == 0
        }

        static func endsScalar(_ byte: UInt8) -> Bool {
            [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: "\""),
             UInt8(ascii: "{"), UInt8(ascii: "["), 0x20, 0x0A, 0x0D, 0x09].contains(byte)
        }

        /// A key token (quotes included) against a key, by scalars; escaped keys are decoded.
        static func keyMatches(_ token: ArraySlice<UInt8>, _ key: String) -> Bool {
            let inner = token.dropFirst().dropLast()
            guard inner.contains(UInt8(ascii: "\\")) else { return inner.elementsEqual(key.utf8) }
            guard let decoded = try? JSONParser.parse(Data(token)).stringValue else { return false }
            return decoded.utf8.elementsEqual(key.utf8)
        }
    }
}
