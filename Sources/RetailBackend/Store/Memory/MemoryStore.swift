import Foundation
import Synchronization

/// The store of one process, in memory: nothing survives a restart. For tests and for the
/// baseline of `vitrine bench cart`; `vitrine serve --database memory` runs on it too.
///
/// Everything sits behind one lock, so a change and the answer remembered for its key are one
/// step and concurrent retries of one key apply once. It is bounded as the backend always was
/// (docs/backend.md, "Bounds"): at most `cartCapacity` carts, the heaviest client address
/// forgetting its least recently active shopper first (`CartBook`); sessions as many as four
/// times that, the oldest forgotten first; keys and event ids per shopper; the newest
/// `eventCapacity` accepted events (as many as event ids over all shoppers) and as many
/// compositions as carts.
final class MemoryStore: ShopperStore {
    private struct State: Sendable {
        var book: CartBook
        var sessions: BoundedDictionary<SessionDigest, StoredSession>
        var events: EventIDWindows
        /// Accepted events, oldest first from `keptHead`, at most `eventCapacity`.
        var kept: [StoredEvent] = []
        var keptHead = 0
        var compositions: BoundedDictionary<ExactText, CompositionRecord>
    }

    private let limits: StoreLimits
    private let now: @Sendable () -> Date
    private let state: Mutex<State>

    init(cartCapacity: Int, eventIDCapacity: Int, limits: StoreLimits, now: @escaping @Sendable () -> Date) {
        self.limits = limits
        self.now = now
        state = Mutex(State(
            book: CartBook(capacity: cartCapacity),
            sessions: BoundedDictionary(capacity: max(1, cartCapacity) * 4),
            events: EventIDWindows(capacity: eventIDCapacity, perScope: limits.eventIDsPerShopper),
            compositions: BoundedDictionary(capacity: max(1, cartCapacity))))
        eventCapacity = max(1, eventIDCapacity)
    }

    private let eventCapacity: Int

    /// Shoppers and idempotency keys held, which `CartBook` bounds.
    var bookCounts: (shoppers: Int, keys: Int) {
        state.withLock { ($0.book.count, $0.book.keyCount) }
    }

    /// Event ids remembered now, over all shoppers.
    var rememberedEventIDs: Int {
        state.withLock { $0.events.count }
    }

    func createSession(_ session: StoredSession, cart: Cart, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        // The cart is made at its first change, by the address that changes it.
        state.withLock { $0.sessions.set(session, for: session.digest) }
        completion(.success(()))
    }

    func session(_ digest: SessionDigest, completion: @escaping @Sendable (Result<StoredSession?, StoreError>) -> Void) {
        completion(.success(state.withLock { $0.sessions[digest] }))
    }

    func renewSession(_ digest: SessionDigest, until expires: Date, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        state.withLock { state in
            guard var session = state.sessions[digest], session.expires < expires else { return }
            session.expires = expires
            state.sessions.set(session, for: digest)
        }
        completion(.success(()))
    }

    /// The shopper's cart; one never changed (or forgotten by the book) is empty as of now,
    /// read under the lock: a read racing the first change answers a revision below it.
    func cart(of shopper: ShopperID, completion: @escaping @Sendable (Result<Cart?, StoreError>) -> Void) {
        let id = ExactText(shopper.rawValue)
        let now = self.now
        let cart = state.withLock { state -> Cart in
            guard let cart = state.book[id]?.cart else { return Cart(clock: Cart.clock(now())) }
            state.book.touch(id)
            return cart
        }
        completion(.success(cart))
    }

    func apply(_ command: CartCommand, completion: @escaping @Sendable (Result<CartOutcome, StoreError>) -> Void) {
        let shopper = ExactText(command.shopper.rawValue)
        let key = command.key
        let keysPerShopper = limits.keysPerShopper
        let outcome = state.withLock { state -> CartOutcome in
            let instant = command.now()
            let existing = state.book[shopper]
            if let key, let entry = existing?.keys.entry(for: key, at: instant) {
                return command.replay(fingerprint: entry.fingerprint, answer: entry.answer, locale: entry.locale)
            }
            var record = existing ?? CartBook.Record(
                cart: Cart(clock: Cart.clock(instant)), keys: IdempotencyKeys(capacity: keysPerShopper, lifetime: command.keyLifetime),
                owner: ExactText(command.address))
            do throws(CartError) {
                try command.change(&record.cart, instant)
            } catch {
                return .refused(error)
            }
            if let key {
                record.keys.remember(key, fingerprint: command.fingerprint, answer: record.cart, locale: command.locale, at: instant)
            }
            state.book.store(record, for: shopper)
            return .answer(record.cart, command.locale)
        }
        completion(.success(outcome))
    }

    func recordEvents(_ events: [KeptEvent], of shopper: ShopperID, at instant: Date,
                      completion: @escaping @Sendable (Result<[Bool]?, StoreError>) -> Void) {
        // Fingerprints are made before the lock is taken.
        let scope = ExactText(shopper.rawValue)
        let fingerprints = events.map { EventFingerprint($0.sentID) }
        let receivedAt = Int64((instant.timeIntervalSince1970 * 1000).rounded(.down))
        let capacity = eventCapacity
        let fresh = state.withLock { state in
            // The batch is judged against the window as it stood before it, as the durable
            // stores judge it, and only then are its new ids added (pushing out the oldest).
            var earlier = Set<EventFingerprint>()
            let fresh = fingerprints.map { id in !state.events.contains(id, in: scope) && earlier.insert(id).inserted }
            for (index, event) in events.enumerated() where fresh[index] {
                state.events.insert(fingerprints[index], in: scope)
                state.kept.append(StoredEvent(receivedAt: receivedAt, shopper: shopper.rawValue, event: event))
                if state.kept.count - state.keptHead > capacity { state.keptHead += 1 }
                if state.keptHead > 4_096, state.keptHead * 2 > state.kept.count {
                    state.kept.removeFirst(state.keptHead)
                    state.keptHead = 0
                }
            }
            return fresh
        }
        completion(.success(fresh))
    }

    func recordComposition(_ composition: CompositionRecord, completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        let id = ExactText(composition.id)
        state.withLock { state in
            if state.compositions[id] == nil { state.compositions.set(composition, for: id) }
        }
        completion(.success(()))
    }

    /// A copy of the kept events is taken under the lock, then read outside it.
    func readEvents(received range: Range<Int64>, each: @escaping @Sendable (StoredEvent) -> Void,
                    completion: @escaping @Sendable (Result<Void, StoreError>) -> Void) {
        let events = state.withLock { Array($0.kept[$0.keptHead...]) }
        for event in events where range.contains(event.receivedAt) { each(event) }
        completion(.success(()))
    }

    func compositions(completion: @escaping @Sendable (Result<[CompositionRecord], StoreError>) -> Void) {
        completion(.success(state.withLock { $0.compositions.values }))
    }

    /// Nothing outlives the process: the demo starts with it.
    func demoAnchor(proposal: Date, at now: Date, completion: @escaping @Sendable (Result<Date, StoreError>) -> Void) {
        completion(.success(proposal))
    }

    func close() {}
}
