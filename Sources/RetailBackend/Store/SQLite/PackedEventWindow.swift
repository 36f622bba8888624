/// A shopper's window of event ids as the SQLite store keeps it (`event_windows.digests`): the
/// 16-byte digests (`EventDigest.bytes`) end to end in order of arrival, oldest first, one
/// value per shopper.
///
/// One value rewritten per batch costs a few sequential pages; a row per id under a key of
/// (shopper, digest) put each new id, and each id pruned, on a page of its own, and every batch
/// rewrote most of the shopper's pages. Looking an id up scans the window (1,000 digests are
/// 16 KB, compared eight bytes at a time), which costs less than the index did.
struct PackedEventWindow: Equatable {
    static let digestLength = 16

    /// The digests, oldest first; always a whole number of them.
    private(set) var bytes: [UInt8]

    /// The window held in `bytes`; a trailing partial digest (never written by this store) is
    /// dropped.
    init(bytes: [UInt8] = []) {
        self.bytes = bytes
        self.bytes.removeLast(bytes.count % Self.digestLength)
    }

    var count: Int { bytes.count / Self.digestLength }

    /// Whether `digest` (16 bytes) is in the window.
    func contains(_ digest: [UInt8]) -> Bool {
        precondition(digest.count == Self.digestLength, "an event id's digest is 16 bytes")
        let (first, second) = digest.withUnsafeBytes { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
        return bytes.withUnsafeBytes { window in
            var offset = 0
            while offset < window.count {
                if window.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == first,
                   window.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) == second {
                    return true
                }
                offset += Self.digestLength
            }
            return false
        }
    }

    /// Adds `digest` (16 bytes) as the newest.
    mutating func append(_ digest: [UInt8]) {
        precondition(digest.count == Self.digestLength, "an event id's digest is 16 bytes")
        bytes.append(contentsOf: digest)
    }

    /// Forgets all but the newest `limit` digests.
    mutating func keepNewest(_ limit: Int) {
        let excess = count - max(0, limit)
        if excess > 0 { bytes.removeFirst(excess * Self.digestLength) }
    }
}
