/// A guest session's bearer token as the client holds it: `vt1.` and 43 characters of
/// base64url, 256 bits from the operating system's random source. The server never keeps it:
/// it keeps its keyed hash (`SessionKey.digest`), so a copy of the store hands out no token.
///
/// The prefix names the format (a later one can be told apart) and lets secret scanners
/// recognise a leaked token.
struct SessionToken: Sendable {
    /// The token as sent, ASCII only.
    let text: String

    /// Bits of randomness in a new token (at least 128 are asked for).
    static let randomBytes = 32
    static let prefix = "vt1."
    /// The longest token read from a header: anything longer is no token of ours.
    static let maxBytes = 256

    private init(text: String) {
        self.text = text
    }

    /// A new token from the operating system's random source.
    static func generate() -> SessionToken {
        SessionToken(text: prefix + Base64URL.encode(Crypto.randomBytes(randomBytes)))
    }

    /// The token of an `Authorization: Bearer TOKEN` header (RFC 6750 §2.1: the scheme in any
    /// case, one space, a token68), or nil for a missing or malformed header; a repeated header
    /// arrives joined as `a, b` and is malformed. Checked on bytes. Trailing spaces and tabs
    /// are no part of a field value (RFC 9110 §5.5) and libmicrohttpd leaves them on, so they
    /// are dropped first: a client or proxy that pads the value still authenticates.
    static func parse(authorization header: String?) -> SessionToken? {
        guard let header else { return nil }
        var bytes = Array(header.utf8)
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes.removeLast() }
        let scheme = Array("bearer ".utf8)
        guard bytes.count > scheme.count, bytes.count <= scheme.count + maxBytes,
            zip(bytes, scheme).allSatisfy({ $0 | 0x20 == $1 })
        else { return nil }
        let token = bytes[scheme.count...]
        guard token.allSatisfy(isToken68) else { return nil }
        return SessionToken(text: String(decoding: token, as: UTF8.self))
    }

    /// RFC 7235's token68: `A-Z a-z 0-9 - . _ ~ + /`, then `=` padding (accepted anywhere here:
    /// a token that is not ours is simply unknown).
    private static func isToken68(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"),
            UInt8(ascii: "="):
            true
        default:
            false
        }
    }
}

/// Base64 with the URL and file name safe alphabet (RFC 4648 §5), without padding.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = UInt32(0)
            for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * offset) }
            for position in 0...chunk.count {
                text.append(alphabet[Int((value >> (18 - 6 * position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }
}
