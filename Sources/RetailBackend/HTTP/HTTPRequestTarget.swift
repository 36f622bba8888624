import Foundation

/// Splits a raw request target (`/v1/home?locale=en-US&q=a+b`) into its path, left as sent,
/// and its query arguments, percent-decoded with `+` as a space. The front parses the query
/// itself rather than taking libmicrohttpd's, so order, repeats and bare names survive.
struct HTTPRequestTarget: Equatable {
    var path: String
    var query: [(name: String, value: String)]

    init(_ target: String) {
        // Scanned as UTF-8 bytes: this runs for every request, and Character-based splitting
        // costs more than the rest of the front put together.
        let bytes = target.utf8
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else {
            path = target
            query = []
            return
        }
        path = String(target[..<mark])
        var query: [(name: String, value: String)] = []
        for pair in target[bytes.index(after: mark)...].utf8.split(separator: UInt8(ascii: "&")) {
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                query.append((Self.decode(pair[..<equals]), Self.decode(pair[pair.index(after: equals)...])))
            } else {
                query.append((Self.decode(pair), ""))
            }
        }
        self.query = query
    }

    static func == (lhs: HTTPRequestTarget, rhs: HTTPRequestTarget) -> Bool {
        lhs.path == rhs.path && lhs.query.elementsEqual(rhs.query) { $0 == $1 }
    }

    /// Percent-decodes one component; a malformed escape (`%zz`, a dangling `%`) is kept
    /// literally and invalid UTF-8 becomes U+FFFD, so hostile input never fails a request.
    static func decode(_ component: Substring) -> String {
        decode(component.utf8)
    }

    static func decode(_ component: Substring.UTF8View) -> String {
        // Most arguments (`locale=en-US`) have nothing to decode: no byte-by-byte copy then.
        guard component.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(Substring(component))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.count)
        var iterator = Array(component)[...]
        while let byte = iterator.popFirst() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if iterator.count >= 2,
                    let high = hexValue(iterator[iterator.startIndex]),
                    let low = hexValue(iterator[iterator.startIndex + 1])
                {
                    bytes.append(high << 4 | low)
                    iterator = iterator.dropFirst(2)
                } else {
                    bytes.append(byte)
                }
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
