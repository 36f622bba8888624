import Foundation

/// Where the shoppers' state lives: sessions, carts with the answers remembered for their
/// idempotency keys, and the event ids of each shopper's de-duplication window. Three
/// implementations: `MemoryStore` (one process, nothing kept: tests and the benchmark's
/// baseline), `SQLiteStore` (`--data DIR`, the default) and `PostgresStore`
/// (`--database postgresql://…`, shared by many `vitrine serve`).
///
/// Every call answers through its completion, exactly once, possibly on another thread and
/// possibly before the call returns. A change is answered only once it is durable: a cart
/// change and the answer remembered for its key are one transaction.
protocol ShopperStore: Sendable {
    /// Records a new session and its shopper's empty cart.
    func createSession(_ session: StoredSession, cart: Cart, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// The session stored under `digest`, expired or not (the caller judges), or nil.
    func session(_ digest: SessionDigest, completion: @escaping @Sendable (Result<StoredSession?, StoreError>) -> Void)
    /// Moves a session's expiry on to `expires` (sliding expiry; never back), answered once the
    /// store has it: a renewal is done only when the store says so.
    func renewSession(_ digest: SessionDigest, until expires: Date, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// The shopper's cart, or nil when the store has no such shopper.
    func cart(of shopper: ShopperID, completion: @escaping @Sendable (Result<Cart?, StoreError>) -> Void)
    /// Applies a cart change once per idempotency key (`CartCommand`).
    func apply(_ command: CartCommand, completion: @escaping @Sendable (Result<CartOutcome, StoreError>) -> Void)
    /// Remembers event ids in the shopper's window and keeps the new events, in one
    /// transaction; answers, per event and in order, whether it was new (a repeat within the
    /// batch is not). Nil when the store has no such shopper.
    func recordEvents(_ events: [KeptEvent], of shopper: ShopperID, at instant: Date,
                      completion: @escaping @Sendable (Result<[Bool]?, StoreError>) -> Void)
    /// Keeps a composition unless one of its id is kept.
    func recordComposition(_ composition: CompositionRecord, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// Reads the kept events received in `range` (milliseconds since 1970), in order of
    /// arrival, handing each to `each` on the store's thread, then completes.
    func readEvents(received range: Range<Int64>, each: @escaping @Sendable (StoredEvent) -> Void,
                    completion: @escaping @Sendable (Result<Void, StoreError>) -> Void)
    /// Every kept composition.
    func compositions(completion: @escaping @Sendable (Result<[CompositionRecord], StoreError>) -> Void)
    /// The demo catalogue's base kept in the store (`DemoAnchor`), keeping `proposal` when
    /// none usable at `now` is kept; instances sharing the store answer the same instant.
    func demoAnchor(proposal: Date, at now: Date, completion: @escaping @Sendable (Result<Date, StoreError>) -> Void)
    /// Finishes what was asked and stops the store's threads; later calls fail as unavailable.
    func close()
}

/// How long state is kept and how much of it per shopper.
struct StoreLimits: Sendable {
    /// Idempotency keys per shopper: the newest this many are kept, and an older one is
    /// forgotten as soon as a shopper holds more, so that a shopper's state has a bound (a
    /// flood of new shoppers is what multiplies it). Default 32.
    var keysPerShopper = 32
    /// Event ids per shopper in the de-duplication window, kept as `keysPerShopper`. Default 1,000.
    var eventIDsPerShopper = 1_000
    /// Days of events kept, today included (UTC days): a sweep drops older days whole. Default 90.
    var eventDays = 90
    /// How often the durable stores delete what has expired, on the backend's clock. Each sweep
    /// deletes everything expired by then, a bounded batch a transaction, so expired sessions
    /// stored at any instant are at most those that expired within one interval (docs/backend.md,
    /// "Bounds"). Default 60 s.
    var sweepInterval: TimeInterval = 60

    /// How often an idle store looks whether a sweep is due, in real time: four times an
    /// interval, at least once every 15 s.
    var idleSweepCheck: TimeInterval {
        min(15, max(0.001, sweepInterval / 4))
    }
}

/// Why the store could not do what was asked. None of these is the client's fault.
enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database cannot be reached, is restarting, or the store is closed: try again soon.
    case unavailable(String)
    /// The disk is full: changes are refused until there is room; reads still work.
    case full(String)
    /// Anything else.
    case failed(String)

    var description: String {
        switch self {
        case .unavailable(let reason): "storage unavailable: \(reason)"
        case .full(let reason): "storage full: \(reason)"
        case .failed(let reason): "storage failed: \(reason)"
        }
    }
}

/// A cart change as a store applies it, with everything decided outside the store: whose cart,
/// under which key and meaning, and the change itself as a function of the cart and the instant
/// (which throws the refusal: nothing is stored then). The store reads the clock where it
/// applies the change (under its lock, in its transaction), so that a read racing the change
/// never answers a later instant than the change's revision.
struct CartCommand: Sendable {
    var shopper: ShopperID
    /// The client's address, which the in-memory store bounds shoppers by.
    var address: String
    var key: ExactText?
    /// `CartFingerprint` of the request: the same key with another meaning is refused.
    var fingerprint: UInt64
    var locale: StoreLocale
    var now: @Sendable () -> Date
    /// How long the answer is remembered for the key.
    var keyLifetime: TimeInterval
    var change: @Sendable (inout Cart, Date) throws(CartError) -> Void

    /// What a key remembered (and not expired) answers: the remembered cart for the same
    /// request, `idempotencyKeyReused` for another, checked before the body is judged.
    func replay(fingerprint remembered: UInt64, answer: Cart, locale: StoreLocale) -> CartOutcome {
        guard remembered == fingerprint else { return .refused(.idempotencyKeyReused(key: key?.text ?? "")) }
        return .answer(answer, locale)
    }
}

/// What a cart change came to.
enum CartOutcome: Sendable {
    /// The cart to answer, in the locale to render it in (a replay's own locale).
    case answer(Cart, StoreLocale)
    /// Refused (a reused key, an unknown product, a shopper no longer stored, …): nothing was
    /// stored.
    case refused(CartError)
}
