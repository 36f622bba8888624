import Foundation

/// Splits a raw request target (`/v1/home?locale=en-US&q=a+b`) into its path, left as sent,
/// and its query arguments, percent-decoded with `+` as a space. The front parses the query
/// itself rather than taking libmicrohttpd's, so order, repeats and bare names survive.
///
/// An absolute-form target (`http://shop.example/v1/home?x`, RFC 9112 §3.2.2, which a server
/// must accept) is read as its path and query; its authority is not used.
struct HTTPRequestTarget: Equatable {
    var path: String
    var query: [(name: String, value: String)]

    init(_ target: String) {
        var target = target
        if target.utf8.first != UInt8(ascii: "/"), let origin = Self.originForm(of: Array(target.utf8)) {
            target = String(decoding: origin, as: UTF8.self)
        }
        // Scanned once, in place, as contiguous UTF-8 bytes: this runs for every request, and
        // Character-based or generic `split` scanning costs more than the rest of the front.
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            path = target
            query = []
            return
        }
        path = String(target[..<mark])
        let queryStart = target.utf8.distance(from: target.utf8.startIndex, to: mark) + 1
        query = target.withUTF8 { bytes in
            var query: [(name: String, value: String)] = []
            var start = queryStart
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                if end > start {
                    let pair = bytes[start..<end]
                    if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                        query.append((Self.decode(pair[..<equals]), Self.decode(pair[(equals + 1)...])))
                    } else {
                        query.append((Self.decode(pair), ""))
                    }
                }
                start = end + 1
            }
            return query
        }
    }

    /// The path and query of an `http`/`https` absolute-form target (`/` for an empty path),
    /// or nil for any other form.
    static func originForm(of bytes: [UInt8]) -> [UInt8]? {
        let lowered = bytes.prefix(8).map { $0 | 0x20 }
        let schemeLength: Int
        if lowered.starts(with: "http://".utf8) {
            schemeLength = 7
        } else if lowered.starts(with: "https://".utf8) {
            schemeLength = 8
        } else {
            return nil
        }
        let rest = bytes[schemeLength...]
        guard let end = rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }) else { return Array("/".utf8) }
        return bytes[end] == UInt8(ascii: "/") ? Array(bytes[end...]) : Array("/".utf8) + bytes[end...]
    }

    static func == (lhs: HTTPRequestTarget, rhs: HTTPRequestTarget) -> Bool {
        lhs.path == rhs.path && lhs.query.elementsEqual(rhs.query) { $0 == $1 }
    }

    /// Percent-decodes one component; a malformed escape (`%zz`, a dangling `%`) is kept
    /// literally and invalid UTF-8 becomes U+FFFD, so hostile input never fails a request.
    static func decode(_ component: Substring) -> String {
        decode(ArraySlice(component.utf8))
    }

    static func decode<Bytes: RandomAccessCollection<UInt8>>(_ component: Bytes) -> String where Bytes.Index == Int {
        // Most arguments (`locale=en-US`) have nothing to decode: no byte-by-byte copy then.
        guard component.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(decoding: component, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.count)
        var index = component.startIndex
        while index < component.endIndex {
            let byte = component[index]
            index += 1
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if index + 1 < component.endIndex, let high = hexValue(component[index]), let low = hexValue(component[index + 1]) {
                    bytes.append(high << 4 | low)
                    index += 2
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
