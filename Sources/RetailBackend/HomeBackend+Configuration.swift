import Foundation

extension HomeBackend {
    /// How a backend is built. Tests inject the clock and the anchor; `vitrine serve`
    /// uses the defaults.
    public struct Configuration: Sendable {
        /// Fault profile as `--faults` takes it (`docs/faults.md`). Default: none.
        public var faults: String?
        /// The clock every decision reads (campaign windows, idempotency expiry, the `Date` of
        /// answers). Default: the system clock.
        public var now: @Sendable () -> Date = { Date() }
        /// The catalogue: the built-in demo, or a directory of files it watches. Default: the
        /// built-in demo.
        public var catalogue = CatalogueSource.builtIn
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
        /// Shoppers (carts with their idempotency keys) kept. Default: 10 000.
        public var cartCapacity = 10_000
        /// New shoppers (carts) one client address may create at once (`NewShopperAllowance`;
        /// past it, 429 `too_many_new_carts`). Default: 100.
        public var newCartsPerAddressBurst = 100
        /// New shoppers one client address may create a second once its burst is spent.
        /// Default: 1.
        public var newCartsPerAddressPerSecond: Double = 1
        /// Idempotency keys remembered per shopper (oldest forgotten first). Default: 32.
        public var idempotencyKeysPerUser = 32
        /// How long an idempotency key is remembered. Default: 24 hours.
        public var idempotencyLifetime: TimeInterval = 86_400
        /// Event ids remembered for de-duplication. Default: 100 000.
        public var eventIDCapacity = 100_000
        /// Events accepted in one `POST /v1/events`. Default: 500.
        public var maxEventsPerBatch = 500

        public init(faults: String? = nil) {
            self.faults = faults
        }
    }
}
