import FlowCore
import Foundation

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
    static let maxBytes = Token68.maxBytes

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
        guard var header else { return nil }
        // Read in place: every cart and event request, and every page, parses one.
        return header.withUTF8 { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            guard end > scheme.count, end <= scheme.count + maxBytes,
                zip(bytes, scheme).allSatisfy({ $0 | 0x20 == $1 })
            else { return nil }
            let token = bytes[scheme.count..<end]
            guard Token68.isValid(token) else { return nil }
            return SessionToken(text: String(decoding: token, as: UTF8.self))
        }
    }

    /// `bearer ` as bytes, lower case.
    private static let scheme = Array("bearer ".utf8)
}

/// Base64 with the URL and file name safe alphabet (RFC 4648 §5), without padding.
enum Base64URL {
    /// Foundation's base64, its two URL-unsafe letters swapped and its padding left off.
    static func encode(_ bytes: [UInt8]) -> String {
        let text = Data(bytes).base64EncodedString().utf8.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
