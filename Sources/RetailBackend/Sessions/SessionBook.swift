import Foundation
import HTTPServer
import RetailContract
import Synchronization

/// Guest sessions (CONTRACT §10): made by `POST /v1/sessions`, each a new shopper with a new
/// token, and checked on every cart and event request.
///
/// A token is looked up by its keyed hash (`SessionKey.digest`), never compared as text. Sessions
/// this process has seen are kept in memory until their expiry (a session only ever ends by
/// expiring), so a request of a known session costs no database round trip. Expiry slides: a
/// session used more than `renewalInterval` after its last renewal is renewed for another
/// `lifetime`, at most one write a day per session. A new session starts with the shorter
/// `unusedLifetime`, so one that never makes a cart or event request (a flood's, or an app
/// that was opened and closed) is swept after a day, not kept for the whole `lifetime`; its
/// first request renews it. New sessions are limited per client address
/// (`NewShopperAllowance`), since each is a new shopper the store keeps.
///
/// A renewal is held as done only once the store has it: the request that asks for it waits
/// for the write. When the write fails, the next request asks again; the request itself goes on
/// while the session has more than `renewalInterval` left (a later request will renew it in
/// time) and fails with the store's error otherwise, so a shopper who keeps using the app never
/// expires because one write was lost.
final class SessionBook: Sendable {
    private let key: SessionKey
    private let store: any ShopperStore
    private let lifetime: TimeInterval
    private let unusedLifetime: TimeInterval
    private let renewalInterval: TimeInterval
    private let now: @Sendable () -> Date
    private let known = Mutex(BoundedDictionary<SessionDigest, StoredSession>(capacity: 100_000))
    /// Per client address; nil when new sessions are not limited so.
    private let allowance: Mutex<NewShopperAllowance?>
    /// For all addresses together (one bucket); nil when not limited so.
    private let allowanceInAll: Mutex<NewShopperAllowance?>

    init(key: SessionKey, store: any ShopperStore, lifetime: TimeInterval, unusedLifetime: TimeInterval,
         renewalInterval: TimeInterval, allowance: NewShopperAllowance?, allowanceInAll: NewShopperAllowance? = nil,
         now: @escaping @Sendable () -> Date) {
        self.key = key
        self.store = store
        self.lifetime = lifetime
        self.unusedLifetime = min(unusedLifetime, lifetime)
        self.renewalInterval = min(renewalInterval, lifetime)
        self.now = now
        self.allowance = Mutex(allowance)
        self.allowanceInAll = Mutex(allowanceInAll)
    }

    /// The one key of the allowance for all addresses.
    private static let everyone = ExactText("*")

    /// A new session for a client at `address` (empty for in-process callers, which are not
    /// limited; nor is anyone without an allowance): its token and shopper, once the store
    /// holds it. It lasts `unusedLifetime` until its first use.
    func create(address: String, completion: @escaping @Sendable (Result<(token: SessionToken, shopper: ShopperID), SessionError>) -> Void) {
        let instant = now()
        // The address's own allowance first: what it refuses spends nothing of everyone's, so
        // one address cannot use up the allowance of all.
        if !address.isEmpty, let wait = allowance.withLock({ $0?.take(for: ExactText(address), at: instant) }) {
            completion(.failure(.tooManyNew(everyone: false, wait: wait)))
            return
        }
        if !address.isEmpty, let wait = allowanceInAll.withLock({ $0?.take(for: Self.everyone, at: instant) }) {
            // Refused for everyone's sake: the address's own token is given back.
            allowance.withLock { $0?.giveBack(for: ExactText(address)) }
            completion(.failure(.tooManyNew(everyone: true, wait: wait)))
            return
        }
        let token = SessionToken.generate()
        guard let digest = key.digest(token) else {
            completion(.failure(.digestFailed(making: true)))
            return
        }
        let session = StoredSession(digest: digest, shopper: ShopperID.generate(), expires: instant.addingTimeInterval(unusedLifetime))
        store.createSession(session, cart: Cart(clock: Cart.clock(instant))) { [self] result in
            switch result {
            case .success:
                known.withLock { $0.set(session, for: digest) }
                completion(.success((token, session.shopper)))
            case .failure(let error):
                // No session was made: the tokens it took are given back, so a store outage
                // does not leave new shoppers refused once it is over.
                if !address.isEmpty {
                    allowance.withLock { $0?.giveBack(for: ExactText(address)) }
                    allowanceInAll.withLock { $0?.giveBack(for: Self.everyone) }
                }
                completion(.failure(.store(error)))
            }
        }
    }

    /// The shopper of the request's `Authorization: Bearer` session; a missing, malformed,
    /// unknown, altered or expired token is refused (`missing`, `unknownOrExpired`).
    func authenticate(_ request: HTTPRequest, completion: @escaping @Sendable (Result<ShopperID, SessionError>) -> Void) {
        guard let token = SessionToken.parse(authorization: request.header("authorization")) else {
            completion(.failure(.missing))
            return
        }
        guard let digest = key.digest(token) else {
            completion(.failure(.digestFailed(making: false)))
            return
        }
        let instant = now()
        if let session = known.withLock({ $0[digest] }), instant < session.expires {
            renewIfDue(session, at: instant, completion: completion)
            return
        }
        store.session(digest) { [self] result in
            switch result {
            case .success(let session?) where instant < session.expires:
                known.withLock { $0.set(session, for: digest) }
                renewIfDue(session, at: instant, completion: completion)
            case .success:
                completion(.failure(.unknownOrExpired))
            case .failure(let error):
                completion(.failure(.store(error)))
            }
        }
    }

    /// Answers the session's shopper, renewing the session first when it is due (see the
    /// type's comment for what a failed renewal does).
    private func renewIfDue(_ session: StoredSession, at instant: Date,
                            completion: @escaping @Sendable (Result<ShopperID, SessionError>) -> Void) {
        let renewed = instant.addingTimeInterval(lifetime)
        guard renewed.timeIntervalSince(session.expires) >= renewalInterval else {
            completion(.success(session.shopper))
            return
        }
        store.renewSession(session.digest, until: renewed) { [self] result in
            switch result {
            case .success:
                known.withLock { known in
                    // A later renewal may have landed first: the expiry only moves on.
                    guard (known[session.digest]?.expires ?? .distantPast) < renewed else { return }
                    var extended = session
                    extended.expires = renewed
                    known.set(extended, for: session.digest)
                }
                completion(.success(session.shopper))
            case .failure(let error):
                if session.expires.timeIntervalSince(instant) > renewalInterval {
                    completion(.success(session.shopper))
                } else {
                    completion(.failure(.store(error)))
                }
            }
        }
    }
}
