import Foundation

/// One shopper's remembered `Idempotency-Key`s, so that a retried request gets the same answer
/// and changes nothing. Scoped to the shopper and bounded per shopper (`capacity`, oldest
/// forgotten first) and in time (`lifetime` on the injected clock): only a shopper's own
/// traffic can push out one of their keys.
struct IdempotencyKeys: Sendable {
    struct Entry: Sendable {
        var key: ExactText
        /// `CartFingerprint` of the request that used the key first.
        var fingerprint: UInt64
        /// The cart as answered then, rendered again in `locale` for a retry.
        var answer: Cart
        var locale: StoreLocale
        var expires: Date
    }

    let capacity: Int
    let lifetime: TimeInterval
    /// Oldest first; a few dozen at most, so a scan is the fastest look-up.
    private var entries: [Entry] = []

    init(capacity: Int, lifetime: TimeInterval) {
        self.capacity = max(1, capacity)
        self.lifetime = lifetime
    }

    var count: Int { entries.count }

    /// The remembered entry, unless it has expired.
    func entry(for key: ExactText, at now: Date) -> Entry? {
        entries.first { $0.key == key && now < $0.expires }
    }

    mutating func remember(_ key: ExactText, fingerprint: UInt64, answer: Cart, locale: StoreLocale, at now: Date) {
        entries.removeAll { $0.key == key || $0.expires <= now }
        if entries.count >= capacity { entries.removeFirst(entries.count - capacity + 1) }
        entries.append(Entry(key: key, fingerprint: fingerprint, answer: answer, locale: locale, expires: now.addingTimeInterval(lifetime)))
    }
}
