/// FNV-1a, 64 bits: deterministic across processes (unlike `Hasher`), cheap, good enough
/// for assignment buckets and ETags of our own content.
enum StableHash {
    static func fnv1a64(_ text: String) -> UInt64 {
        fnv1a64(bytes: text.utf8)
    }

    static func fnv1a64<Bytes: Sequence>(bytes: Bytes, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
