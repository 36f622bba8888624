import Foundation

/// Splits a raw request target (`/v1/home?locale=en-US&q=a+b`) into its path, left as sent,
/// and its query arguments, percent-decoded with `+` as a space. The front parses the query
/// itself rather than taking libmicrohttpd's, so order, repeats and bare names survive.
struct HTTPRequestTarget: Equatable {
    var path: String
    var query: [(name: String, value: String)]

    init(_ target: String) {
        guard let mark = target.firstIndex(of: "?") else {
            path = target
            query = []
            return
        }
        path = String(target[..<mark])
        query = target[target.index(after: mark)...]
            .split(separator: "&", omittingEmptySubsequences: true)
            .map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = Self.decode(parts[0])
                let value = parts.count > 1 ? Self.decode(parts[1]) : ""
                return (name, value)
            }
    }

    static func == (lhs: HTTPRequestTarget, rhs: HTTPRequestTarget) -> Bool {
        lhs.path == rhs.path && lhs.query.elementsEqual(rhs.query) { $0 == $1 }
    }

    /// Percent-decodes one component; a malformed escape (`%zz`, a dangling `%`) is kept
    /// literally and invalid UTF-8 becomes U+FFFD, so hostile input never fails a request.
    static func decode(_ component: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        var iterator = Array(component.utf8)[...]
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
