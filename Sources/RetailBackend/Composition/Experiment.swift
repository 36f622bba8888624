/// The one running experiment: which live campaign leads the hero.
///
/// Variant `a` leads with the highest-priority campaign, `b` with the one ending soonest.
/// Assignment is stable: a hash of the shopper's session token (`Authorization: Bearer`), or
/// of the segment for a request without one, so a shopper sees the same variant on every
/// request and at every instance.
enum HeroExperiment {
    static let id = "exp-hero-order"

    enum Variant: String, Sendable, CaseIterable {
        case a
        case b
    }

    /// Hashes `<experiment>:user:<unit>` (or `<experiment>:segment:<segment>`) without
    /// building the string: this runs on every page request.
    static func assign(unit: String?, segment: Segment) -> Variant {
        var hash = StableHash.fnv1a64(bytes: "\(id):".utf8)
        if let unit {
            hash = StableHash.fnv1a64(bytes: "user:".utf8, seed: hash)
            hash = StableHash.fnv1a64(bytes: unit.utf8, seed: hash)
        } else {
            hash = StableHash.fnv1a64(bytes: "segment:".utf8, seed: hash)
            hash = StableHash.fnv1a64(bytes: segment.rawValue.utf8, seed: hash)
        }
        return hash % 2 == 0 ? .a : .b
    }
}

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
