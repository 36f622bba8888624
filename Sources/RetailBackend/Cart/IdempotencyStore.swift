import Foundation

/// Answers remembered by `Idempotency-Key`, so that a retried request gets the same answer
/// and changes nothing. Bounded in count (oldest forgotten first) and in time (`lifetime`,
/// on the injected clock).
struct IdempotencyStore: Sendable {
    struct Entry: Sendable {
        /// Of method, path and body of the request that used the key first.
        var fingerprint: UInt64
        var body: Data
        var expires: Date
    }

    struct Key: Hashable, Sendable {
        var user: String
        var key: String
    }

    let lifetime: TimeInterval
    private var entries: BoundedDictionary<Key, Entry>

    init(capacity: Int, lifetime: TimeInterval) {
        entries = BoundedDictionary(capacity: capacity)
        self.lifetime = lifetime
    }

    /// The remembered answer, unless it has expired.
    func entry(for key: Key, at now: Date) -> Entry? {
        guard let entry = entries[key], now < entry.expires else { return nil }
        return entry
    }

    mutating func remember(_ key: Key, fingerprint: UInt64, body: Data, at now: Date) {
        entries.set(Entry(fingerprint: fingerprint, body: body, expires: now.addingTimeInterval(lifetime)), for: key)
    }
}
