#if canImport(Glibc)
import Glibc
#endif

/// The grammar of a `Host` field value (RFC 9110 §7.2, RFC 3986 §3.2.2): a reg-name or IPv4
/// address, or an IPv6 address in brackets, with an optional port of at most 65535. Empty is
/// valid (a client sends it when the target has no authority).
enum HTTPHostField {
    /// Read on the value's UTF-8 bytes in place: this runs for every request.
    static func isValid(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { isValid($0[...]) }
    }

    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    private static func isValid(_ bytes: Bytes) -> Bool {
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = String(decoding: bytes[(bytes.startIndex + 1)..<close], as: UTF8.self)
            var address = in6_addr()
            guard inet_pton(AF_INET6, literal, &address) == 1 else { return false }
            let rest = bytes[(close + 1)...]
            return rest.isEmpty || (rest.first == UInt8(ascii: ":") && isPort(rest.dropFirst()))
        }
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            return isRegName(bytes[..<colon]) && isPort(bytes[(colon + 1)...])
        }
        return isRegName(bytes)
    }

    /// `*DIGIT`, at most 65535.
    private static func isPort(_ bytes: Bytes) -> Bool {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            if value > 65_535 { return false }
        }
        return true
    }

    /// unreserved, pct-encoded and sub-delims (an IPv4 address is one too).
    private static func isRegName(_ bytes: Bytes) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index += 1
        }
        return true
    }

    /// `!$&'()*+,;=`
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): return true
        default: return false
        }
    }
}
