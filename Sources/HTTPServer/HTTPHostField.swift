#if canImport(Glibc)
import Glibc
#endif

/// The grammar of a `Host` field value (RFC 9110 §7.2, RFC 3986 §3.2.2): a reg-name or IPv4
/// address, or an IPv6 address in brackets, with an optional port of at most 65535. Empty is
/// valid (a client sends it when the target has no authority).
enum HTTPHostField {
    static func isValid(_ value: String) -> Bool {
        var bytes = Substring(value).utf8[...]
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = String(decoding: bytes[bytes.index(after: bytes.startIndex)..<close], as: UTF8.self)
            var address = in6_addr()
            guard inet_pton(AF_INET6, literal, &address) == 1 else { return false }
            bytes = bytes[bytes.index(after: close)...]
            return bytes.isEmpty || (bytes.first == UInt8(ascii: ":") && isPort(bytes.dropFirst()))
        }
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            return isRegName(bytes[..<colon]) && isPort(bytes[bytes.index(after: colon)...])
        }
        return isRegName(bytes)
    }

    /// `*DIGIT`, at most 65535.
    private static func isPort(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        guard bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        var value = 0
        for byte in bytes {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            if value > 65_535 { return false }
        }
        return true
    }

    /// unreserved, pct-encoded and sub-delims (an IPv4 address is one too).
    private static func isRegName(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                guard first < bytes.endIndex, bytes.index(after: first) < bytes.endIndex,
                      isHex(bytes[first]), isHex(bytes[bytes.index(after: first)]) else { return false }
                index = bytes.index(first, offsetBy: 2)
                continue
            }
            guard isUnreserved(byte) || "!$&'()*+,;=".utf8.contains(byte) else { return false }
            index = bytes.index(after: index)
        }
        return true
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
