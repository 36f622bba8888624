/// An event id as the de-duplication window keeps it: 128 bits of the process's keyed hash
/// (SipHash, seeded at random per process) of its UTF-8 bytes, 16 bytes whatever the id's
/// length. Two different ids agree only by chance, about once in 2^128 pairs, and no client
/// can aim for it without knowing the process's seed.
struct EventFingerprint: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    init(_ id: ExactText) {
        high = Self.hash(id.bytes, domain: 0x68)
        low = Self.hash(id.bytes, domain: 0x6C)
    }

    private static func hash(_ bytes: [UInt8], domain: UInt8) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(domain)
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}
