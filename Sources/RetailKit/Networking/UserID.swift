/// The local profile of a shopper on this machine (`--user`): 1 to 64 bytes of
/// `A-Z a-z 0-9 . _ -`, checked on bytes. It is never sent (the backend knows the shopper by
/// the profile's guest session); it keys the session, the cache, the cart journal and the
/// outbox, so a value that passes can never be a path (`..` is a valid id: storage never uses
/// it as a file name unprefixed).
public struct UserID: Sendable, Hashable, CustomStringConvertible {
    /// The id as given.
    public let rawValue: String

    /// `text` when it follows the rule; `nil` otherwise.
    public init?(_ text: String) {
        let bytes = text.utf8
        guard (1...64).contains(bytes.count), bytes.allSatisfy(Self.isAllowed) else { return nil }
        rawValue = text
    }

    public var description: String { rawValue }

    public static func == (lhs: UserID, rhs: UserID) -> Bool {
        lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
