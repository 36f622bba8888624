/// Text that clients send as an identifier (event ids, names, user names, idempotency keys),
/// compared and hashed by its UTF-8 bytes.
///
/// Swift's `String` equality and hashing follow canonical equivalence, so "café" with é as
/// one code point and as e plus a combining accent would be one key; identifiers must not
/// be, because the client that sent them distinguishes them.
struct ExactText: Hashable, Comparable, Sendable {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The text again, for answers and logs.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Hashes the bytes as one block (the synthesized hash fed them to the hasher one at a
    /// time), after their count, so that no text's hash is a prefix of another's.
    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Byte order, so that sorted output does not depend on Unicode tables.
    static func < (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}
