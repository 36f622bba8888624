import Foundation

/// A store whose operations are timed and counted for the metrics (`BackendMetrics`) and
/// whose failures are written to the server's log: the client's answer says only
/// "unavailable", "full" or "failed" (the store's own words may name hosts and files), so the
/// operator reads here why (`storage unavailable: PostgreSQL 57P01: terminating connection …`).
/// Failures only: nothing a shopper sent, and never a token (stores never see one), is logged.
struct ReportingStore: ShopperStore {
    let base: any ShopperStore
    let log: (@Sendable (String) -> Void)?
    let metrics: BackendMetrics

    private func reporting<Value>(_ operation: String, _ completion: @escaping @Sendable (Result<Value, StoreError>) -> Void)
        -> @Sendable (Result<Value, StoreError>) -> Void {
        let (log, metrics) = (self.log, self.metrics)
        let started = ContinuousClock.now
        return { result in
            let elapsed = ContinuousClock.now - started
            var failure: StoreError?
            if case .failure(let error) = result {
                failure = error
                log?("vitrine store: \(operation): \(error)")
            }
            metrics.store(operation, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18, error: failure)
            completion(result)
        }
    }

    func createSession(_ session: StoredSession, cart: Cart, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        base.createSession(session, cart: cart, completion: reporting("new session", completion))
    }

    func session(_ digest: SessionDigest, completion: @escaping @Sendable (Result<StoredSession?, StoreError>) -> Void) {
        base.session(digest, completion: reporting("session", completion))
    }

    func renewSession(_ digest: SessionDigest, until expires: Date, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        base.renewSession(digest, until: expires, completion: reporting("session renewal", completion))
    }

    func cart(of shopper: ShopperID, completion: @escaping @Sendable (Result<Cart?, StoreError>) -> Void) {
        base.cart(of: shopper, completion: reporting("cart", completion))
    }

    func apply(_ command: CartCommand, completion: @escaping @Sendable (Result<CartOutcome, StoreError>) -> Void) {
        base.apply(command, completion: reporting("cart change", completion))
    }

    func recordEvents(_ events: [KeptEvent], of shopper: ShopperID, at instant: Date,
                      completion: @escaping @Sendable (Result<[Bool]?, StoreError>) -> Void) {
        base.recordEvents(events, of: shopper, at: instant, completion: reporting("events", completion))
    }

    func recordComposition(_ composition: CompositionRecord, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        base.recordComposition(composition, completion: reporting("composition", completion))
    }

    func readEvents(received range: Range<Int64>, each: @escaping @Sendable (StoredEvent) -> Void,
                    completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        base.readEvents(received: range, each: each, completion: reporting("reading events", completion))
    }

    func compositions(completion: @escaping @Sendable (Result<[CompositionRecord], StoreError>) -> Void) {
        base.compositions(completion: reporting("reading compositions", completion))
    }

    func demoAnchor(proposal: Date, at now: Date, completion: @escaping @Sendable (Result<Date, StoreError>) -> Void) {
        base.demoAnchor(proposal: proposal, at: now, completion: reporting("settings", completion))
    }

    func close() {
        base.close()
    }
}
