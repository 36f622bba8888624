/// When to try a failed request again: full-jitter exponential backoff (a delay drawn evenly
/// from zero to `base · 2^attempt`, capped), so that clients that failed together do not
/// retry together; a server's `Retry-After` is a floor, itself capped.
///
/// Shared by the cart and the analytics outbox.
public struct Backoff: Sendable, Hashable {
    /// The ceiling of the first retry's delay. Default 0.5 s.
    public var base: Duration = .milliseconds(500)
    /// The largest ceiling any retry gets. Default 60 s.
    public var cap: Duration = .seconds(60)
    /// The longest `Retry-After` honoured (a server cannot park a client for a day). Default 300 s.
    public var retryAfterCap: Duration = .seconds(300)

    public init() {}

    public init(base: Duration, cap: Duration, retryAfterCap: Duration = .seconds(300)) {
        self.base = base
        self.cap = cap
        self.retryAfterCap = retryAfterCap
    }

    /// The delay before retry number `attempt` (0 for the first retry), drawn with `random`;
    /// at least `retryAfter` (capped) when the server asked for one.
    public func delay(attempt: Int, random: RandomSource, retryAfter: Duration? = nil) -> Duration {
        let exponent = min(max(attempt, 0), 30)
        let ceiling = min(cap, base * (1 << exponent))
        let jittered = ceiling * random.next()
        guard let retryAfter, retryAfter > .zero else { return jittered }
        return max(jittered, min(retryAfter, retryAfterCap))
    }
}
