import Foundation

/// When the cart tries an operation again.
public struct CartRetryPolicy: Sendable, Hashable {
    /// Delays between attempts. Default: 0.5 s doubling, capped at 30 s.
    public var backoff = Backoff(base: .milliseconds(500), cap: .seconds(30))
    /// Attempts per operation, the first included. Default 6.
    public var maxAttempts = 6
    /// How long after the user asked an operation may still be sent with its key: inside
    /// the backend's 24 h retention, so a retry is never taken for a new request. Default 23 h.
    public var keyRetention: TimeInterval = 23 * 3600

    public init() {}
}

/// The cart's side of the network: a transport, and the rule for retrying on an injected
/// clock and random source. `CartStore` runs the attempts; this says how long to wait.
public struct CartClient: Sendable {
    public let transport: any CartTransport
    public var policy: CartRetryPolicy
    public let clock: any Clock<Duration>
    public let random: RandomSource
    /// The wall clock, for the age of idempotency keys (they outlive the process).
    public let now: @Sendable () -> Date

    public init(
        transport: any CartTransport, policy: CartRetryPolicy = CartRetryPolicy(), clock: any Clock<Duration> = ContinuousClock(),
        random: RandomSource = .system, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.transport = transport
        self.policy = policy
        self.clock = clock
        self.random = random
        self.now = now
    }

    /// How long to wait before attempt `attempts + 1` after `error`, or `nil` to stop: the
    /// error is not retryable (404, 409, 422, other 4xx), the attempts are spent, or the key
    /// is too old to be trusted by the server.
    func retryDelay(after error: any Error, attempts: Int, createdAt: Date?) -> Duration? {
        let failure = error as? HomeAPIError
        guard failure?.isRetryable ?? !(error is CancellationError) else { return nil }
        guard attempts < max(1, policy.maxAttempts) else { return nil }
        if let createdAt, now().timeIntervalSince(createdAt) >= policy.keyRetention { return nil }
        return policy.backoff.delay(attempt: attempts - 1, random: random, retryAfter: failure?.retryAfter)
    }

    /// Whether an operation made at `createdAt` may still be sent with its key.
    func isKeyUsable(createdAt: Date) -> Bool {
        now().timeIntervalSince(createdAt) < policy.keyRetention
    }
}
