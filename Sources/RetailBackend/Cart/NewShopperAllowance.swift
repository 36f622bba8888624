import Foundation

/// How many new shoppers (carts) each client address may still create: a token bucket per
/// address of `burst` tokens refilled at `perSecond` on the injected clock.
///
/// A flood of new user names from one address (also the address its victims share, behind a
/// carrier NAT or a load balancer) then creates at most `burst` shoppers at once and
/// `perSecond` after that, so it cannot turn the book over quickly. Buckets are kept for the
/// addresses seen last (`addressCapacity`); a forgotten one is a full one, which it would
/// have become again within `burst / perSecond` seconds anyway.
struct NewShopperAllowance: Sendable {
    private struct Bucket: Sendable {
        var tokens: Double
        var updated: Date
    }

    let burst: Double
    let perSecond: Double
    private var buckets: BoundedDictionary<ExactText, Bucket>

    init(burst: Int, perSecond: Double, addressCapacity: Int = 16_384) {
        self.burst = Double(max(1, burst))
        self.perSecond = max(0, perSecond)
        buckets = BoundedDictionary(capacity: addressCapacity)
    }

    /// Takes a token for a new shopper from `address`; nil when granted, otherwise the seconds
    /// until the next token (rounded up, at least 1).
    mutating func take(for address: ExactText, at now: Date) -> Int? {
        var bucket = buckets[address] ?? Bucket(tokens: burst, updated: now)
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        bucket.tokens = min(burst, bucket.tokens + elapsed * perSecond)
        // A clock set back refills nothing, and coming forward again refills only once.
        bucket.updated = max(bucket.updated, now)
        guard bucket.tokens >= 1 else {
            buckets.set(bucket, for: address)
            guard perSecond > 0 else { return 3_600 }
            return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
        }
        bucket.tokens -= 1
        buckets.set(bucket, for: address)
        return nil
    }

    /// Gives back a token taken for `address` whose session was not made after all (refused
    /// by another allowance, or the store failed): a refusal costs the shopper nothing.
    mutating func giveBack(for address: ExactText) {
        guard var bucket = buckets[address] else { return }
        bucket.tokens = min(burst, bucket.tokens + 1)
        buckets.set(bucket, for: address)
    }
}
