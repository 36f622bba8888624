import Foundation

/// A guest shopper, made with their session: `shp_` and 32 hexadecimal digits of randomness.
/// It names the cart and scopes idempotency keys and event ids; it is no secret (the session
/// answer carries it) and no credential (only the token is).
struct ShopperID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: String

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    static func generate() -> ShopperID {
        ShopperID(rawValue: "shp_" + Crypto.hex(Crypto.randomBytes(16)))
    }

    var description: String { rawValue }

    static func == (lhs: ShopperID, rhs: ShopperID) -> Bool {
        lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
    }

    func hash(into hasher: inout Hasher) {
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }
}

/// A session token's keyed hash (HMAC-SHA-256 under the `SessionKey`): what the store keeps
/// and looks sessions up by, never the token.
struct SessionDigest: Hashable, Sendable {
    let bytes: [UInt8]
}

/// A session as the store keeps it: whose, and until when it is honoured.
struct StoredSession: Sendable, Equatable {
    var digest: SessionDigest
    var shopper: ShopperID
    var expires: Date

    init(digest: SessionDigest, shopper: ShopperID, expires: Date) {
        self.digest = digest
        self.shopper = shopper
        self.expires = expires
    }
}
