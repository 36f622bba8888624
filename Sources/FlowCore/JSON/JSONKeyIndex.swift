/// Where each key of a `JSONObject` sits among its members, built once (by the parser, as it
/// reads the keys) so that looking a key up never scans the members.
///
/// An object of up to eight members, nearly every payload object, keeps one byte per member
/// in a single word: a 7-bit fingerprint of the key's UTF-8 bytes with the high bit set. A
/// lookup fingerprints the key it is given, finds every member with that fingerprint with a
/// few word operations (the lanes are compared at once, as SwissTable does), and confirms the
/// one candidate it usually finds by comparing bytes. A larger object keeps a dictionary from
/// key to position, hashed with the standard library's seeded hasher, so that no document can
/// make its keys collide on purpose. Either way keys match by their UTF-8 bytes, never under
/// `String`'s canonical equivalence.
@usableFromInline enum JSONKeyIndex: Sendable {
    /// Lane `i` (bits `8i..<8i+8`) is member `i`'s fingerprint, or 0 past the last member.
    case lanes(UInt64)
    /// The position of every key, for an object of more than `laneCount` members.
    case table([ExactString: Int])

    /// The most members the one-word form holds.
    static let laneCount = 8

    /// The index of an object without members.
    static let empty = JSONKeyIndex.lanes(0)

    /// The index of `members`, whose keys are distinct.
    init(_ members: [JSONObject.Member]) {
        self = .empty
        for (position, member) in members.enumerated() {
            add(member.key, fingerprint: Self.fingerprint(of: member.key), at: position, in: members[..<position])
        }
    }

    /// The position of the member whose key has `key`'s bytes, or `nil`.
    func position(of key: String, in members: [JSONObject.Member]) -> Int? {
        switch self {
        case .lanes(let word):
            if word == 0 { return nil }
            return Self.position(of: key, fingerprint: Self.fingerprint(of: key), among: word, in: members[...])
        case .table(let positions):
            return positions[ExactString(key)]
        }
    }

    /// Adds `key`, the key of the member about to be appended at `position` (the object's
    /// count), unless one of `members` (the object's members so far) has it already.
    /// Returns whether it was added: a repeated key keeps its first occurrence.
    mutating func insert(_ key: String, fingerprint: UInt8, at position: Int, in members: [JSONObject.Member]) -> Bool {
        switch self {
        case .lanes(let word):
            if Self.position(of: key, fingerprint: fingerprint, among: word, in: members[...]) != nil { return false }
        case .table(let positions):
            if positions[ExactString(key)] != nil { return false }
        }
        add(key, fingerprint: fingerprint, at: position, in: members[...])
        return true
    }

    /// Adds `key`, known to be new, at `position`.
    private mutating func add(_ key: String, fingerprint: UInt8, at position: Int, in members: ArraySlice<JSONObject.Member>) {
        switch self {
        case .lanes(let word) where position < Self.laneCount:
            self = .lanes(word | UInt64(fingerprint) << (8 * UInt64(position)))
        case .lanes:
            // The ninth member: from here on, a dictionary.
            var positions = [ExactString: Int](minimumCapacity: 2 * Self.laneCount)
            for (offset, member) in members.enumerated() { positions[ExactString(member.key)] = offset }
            positions[ExactString(key)] = position
            self = .table(positions)
        case .table(var positions):
            self = .empty  // so that `positions` is the dictionary's only reference and changes in place
            positions[ExactString(key)] = position
            self = .table(positions)
        }
    }

    /// The member among the lanes of `word` whose key is `key`.
    private static func position(
        of key: String, fingerprint: UInt8, among word: UInt64, in members: ArraySlice<JSONObject.Member>
    ) -> Int? {
        var candidates = lanes(of: word, equalTo: fingerprint)
        while candidates != 0 {
            let position = candidates.trailingZeroBitCount >> 3
            if members[members.startIndex + position].key.isByteEqual(to: key) { return position }
            candidates &= candidates &- 1
        }
        return nil
    }

    /// The high bit of every lane of `word` that equals `fingerprint`, and no other bit.
    @inline(__always) static func lanes(of word: UInt64, equalTo fingerprint: UInt8) -> UInt64 {
        let difference = word ^ (UInt64(fingerprint) &* 0x0101_0101_0101_0101)
        // A lane's high bit ends set exactly when the lane is zero: the low seven bits of each
        // lane are added without carrying into the next.
        let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
        return ~(((difference & low) &+ low) | difference) & ~low
    }

    /// The fingerprint of a key: seven bits of a hash of its UTF-8 bytes, with the high bit set
    /// so that no member's lane is zero. Keys with the same bytes have the same fingerprint;
    /// different keys may share one, which costs a byte comparison, never a wrong answer.
    static func fingerprint(of key: String) -> UInt8 {
        if let fingerprint = key.utf8.withContiguousStorageIfAvailable({ fingerprint(of: UnsafeRawBufferPointer($0)) }) {
            return fingerprint
        }
        return Array(key.utf8).withUnsafeBytes { fingerprint(of: $0) }
    }

    /// The fingerprint of a key held as UTF-8 `bytes` (the parser's input).
    @inline(__always) static func fingerprint(of bytes: UnsafeRawBufferPointer) -> UInt8 {
        // Constant time whatever the length: the first and last four bytes (overlapping when
        // fewer than eight), or the first, middle and last byte of a shorter key, and the length.
        let count = bytes.count
        var word: UInt64 = 0
        if count >= 4 {
            word = UInt64(bytes.loadUnaligned(as: UInt32.self))
                | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        } else if count > 0 {
            word = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]) << 16
        }
        let mixed = (word ^ UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        return UInt8(truncatingIfNeeded: mixed >> 57) | 0x80
    }
}
