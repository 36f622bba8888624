/// A session token as `Authorization: Bearer` carries it (CONTRACT §10): RFC 7235's token68,
/// checked on bytes, the same on the backend that reads it and the client that keeps it.
public enum Token68 {
    /// The most bytes a token may have.
    public static let maxBytes = 256

    /// `A-Z a-z 0-9 - . _ ~ + /`, then `=` padding (accepted anywhere: a token that is not the
    /// server's is simply unknown to it).
    @inlinable public static func allows(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"),
            UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    /// Whether `token` is 1 to `maxBytes` bytes of token68. Inlinable, so that the caller's
    /// collection is specialised: every cart and event request checks its bearer token.
    @inlinable public static func isValid<Bytes: Collection<UInt8>>(_ token: Bytes) -> Bool {
        (1...maxBytes).contains(token.count) && token.allSatisfy(allows)
    }
}
