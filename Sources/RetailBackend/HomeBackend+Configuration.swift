import Foundation
import HTTPServer

extension HomeBackend {
    /// Where the shoppers' state (sessions, carts, idempotency answers, event ids) lives.
    public enum Storage: Sendable, Equatable {
        /// In this process only: nothing survives a restart (tests, benchmarks).
        case memory
        /// `vitrine.sqlite` in this directory (made 0700): durable, one process.
        case sqlite(directory: URL)
        /// A PostgreSQL database (a `postgresql://` URI): durable, shared by many processes.
        case postgres(url: String)
    }

    /// Which variant of each experiment a page request is composed with.
    public enum VariantRule: Sendable, Equatable {
        /// Each shopper's own, assigned by their session (without one, the segment's).
        case byShopper
        /// The same for every shopper whatever their session: those pinned here by experiment
        /// id, the others the segment's. A preview whose report names and draws the arm its app
        /// showed (`vitrine catalogue preview --interactive`).
        case fixed([String: String])
    }

    /// How a backend is built. Tests inject the clock and the anchor; `vitrine serve`
    /// uses the defaults but for the store.
    public struct Configuration: Sendable {
        /// Fault profile as `--faults` takes it (`docs/faults.md`). Default: none.
        public var faults: String?
        /// The clock every decision reads (campaign windows, idempotency expiry, the `Date` of
        /// answers). Default: the system clock.
        public var now: @Sendable () -> Date = { Date() }
        /// The catalogue: the built-in demo, or a directory of files it watches. Default: the
        /// built-in demo.
        public var catalogue = CatalogueSource.builtIn
        /// Which variant of each experiment pages show. Default: each shopper's own.
        public var variants = VariantRule.byShopper
        /// The instant the built-in catalogue's windows are relative to. Default: `now()` when
        /// the backend is built, to the second.
        public var anchor: Date?
        /// Prefix of image URLs in pages. Default: empty, i.e. paths on the backend's
        /// origin (`/v1/images/p-1001.jpg`).
        public var imageBaseURL = ""
        /// Where generated images are kept across runs. Default: nil (memory only).
        public var imageCacheDirectory: URL?
        /// Bytes of encoded images kept in memory. Default: 64 MiB.
        public var imageMemoryBudget = 64 << 20
        /// Sections per page of a paginated response. Default: 4.
        public var pageSize = 4
        /// Encoded pages kept. Default: 1024.
        public var pageCacheCapacity = 1024
        /// Whether a request's `X-Vitrine-Fault` header is honoured. Off unless the operator
        /// opts in (`vitrine serve --faults …`), because any client could otherwise slow the
        /// server down for everyone. Default: false.
        public var acceptsFaultHeader = false
        /// Where sessions, carts, idempotency answers and event ids are kept. Default: memory.
        public var storage: Storage = .memory
        /// The file of the key session tokens are hashed under (`SessionKey`: 64 hexadecimal
        /// digits, 0600, made when missing). Default: `session.key` in the SQLite store's
        /// directory; a random key of this process for memory; required for PostgreSQL, where
        /// every instance must read the same key.
        public var sessionKeyFile: URL?
        /// PostgreSQL connections this process keeps (each with a thread). Default: 8.
        public var databaseConnections = 8
        /// How long a session lasts after it was made or last renewed. Default: 30 days.
        public var sessionLifetime: TimeInterval = 30 * 86_400
        /// A session used this long after its last renewal is renewed (one write). Default: 1 day.
        public var sessionRenewalInterval: TimeInterval = 86_400
        /// A session never used for a cart or event request lasts this long (then `sessionLifetime`
        /// from its first use), so that sessions made and dropped cost a day of storage, not
        /// a month. Default: 24 hours.
        public var unusedSessionLifetime: TimeInterval = 86_400
        /// New sessions (shoppers) one client address may start (`NewShopperAllowance`; past it,
        /// 429 `too_many_new_sessions`), per process; nil for no limit. Default: 100 at once,
        /// then 1 a second (`NewSessionLimit.standard`).
        public var newSessionsPerAddress: NewSessionLimit? = .standard
        /// New sessions all client addresses together may start, per process, once each
        /// address's own allowance let them through (429 `too_many_new_sessions` past it); nil
        /// for no limit. Default: 10,000 at once, then 100 a second (`NewSessionLimit.standardInAll`).
        public var newSessionsInAll: NewSessionLimit? = .standardInAll
        /// Proxies whose `X-Forwarded-For` last hop is the client's address for the per-address
        /// bounds. Default: none (the TCP peer is the client).
        public var trustedProxies = TrustedProxies.none
        /// The token `GET /v1/events/stats` asks for (`Authorization: Bearer`); nil, the
        /// default, turns the statistics off (404), since they show what shoppers sent.
        public var operatorToken: String?
        /// Carts the in-memory store keeps (`CartBook`). Default: 10 000.
        public var cartCapacity = 10_000
        /// Idempotency keys remembered per shopper: every store keeps the newest this many and
        /// forgets an older one as soon as a shopper holds more. Default: 32 (`StoreLimits`).
        public var idempotencyKeysPerUser = StoreLimits().keysPerShopper
        /// How long an idempotency key is remembered. Default: 24 hours.
        public var idempotencyLifetime: TimeInterval = 86_400
        /// Event ids of each shopper's de-duplication window, as keys are kept. Default: 1,000
        /// (`StoreLimits`).
        public var eventIDsPerShopper = StoreLimits().eventIDsPerShopper
        /// How often the durable stores delete what has expired, on this clock: each sweep
        /// deletes everything expired by then, so the expired sessions stored at any instant
        /// are at most those that expired within one interval (docs/backend.md, "Bounds").
        /// Default: 60 s (`StoreLimits`).
        public var sweepInterval = StoreLimits().sweepInterval
        /// Event ids the in-memory store keeps over all shoppers, and the exposures
        /// (shopper, experiment, variant) this process remembers as counted. Default: 100 000.
        public var eventIDCapacity = 100_000
        /// Where the store's failures are written, with the store's own words (the client is
        /// told only that the store is unavailable, full or failed). Default: nowhere.
        public var log: (@Sendable (String) -> Void)?
        /// Events accepted in one `POST /v1/events`. Default: 500.
        public var maxEventsPerBatch = 500
        /// Days of accepted events the durable stores keep, today included (UTC days; older days
        /// are dropped whole by the sweep). Default: 90 (`StoreLimits`).
        public var eventDays = StoreLimits().eventDays

        public init(faults: String? = nil) {
            self.faults = faults
        }
    }
}
