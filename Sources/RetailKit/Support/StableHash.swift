import Foundation

/// Hashes that are the same in every process (unlike `Hasher`, which is seeded per run): cache
/// file names and the checksums that tell a whole cache entry from a torn one.
enum StableHash {
    /// FNV-1a, 64 bits, over bytes: cache file names from keys.
    static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// A checksum over a buffer, eight bytes a step (a torn write or a flipped byte changes
    /// it; it is not meant to resist someone forging entries, who could write the cache
    /// directory anyway). About ten times faster than byte-wise FNV, which matters because a
    /// warm start checksums the whole page before decoding it.
    static func checksum(_ buffer: UnsafeRawBufferPointer, seed: UInt64 = 0x9e37_79b9_7f4a_7c15) -> UInt64 {
        var hash = seed ^ UInt64(buffer.count)
        let words = buffer.count / 8
        var index = 0
        while index < words {
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            hash = mix(hash ^ word)
            index += 1
        }
        var tail: UInt64 = 0
        for offset in (words * 8)..<buffer.count {
            tail = tail << 8 | UInt64(buffer[offset])
        }
        return mix(mix(hash ^ tail) ^ 0xff51_afd7_ed55_8ccd)
    }

    static func checksum(_ bytes: some ContiguousBytes) -> UInt64 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    /// A multiply-xorshift round (from MurmurHash3's finaliser): every input bit moves every
    /// output bit.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xff51_afd7_ed55_8ccd
        x ^= x >> 32
        return x
    }

    /// Sixteen lower-case hex digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
