import Foundation
import Synchronization

/// The home backend: composition, guest sessions, the cart, search, events and images behind
/// one `HTTPHandler` (CONTRACT §10). Thread-safe: immutable catalogue and composers, every
/// piece of mutable state of this process behind its own `Mutex` or atomic, and the shoppers'
/// state in a `ShopperStore` (memory, SQLite or PostgreSQL: `Configuration.storage`).
///
/// Pages, search, images and actions are answered at once from this process alone (reading a
/// page costs no database round trip); sessions, carts and events wait for the store, and the
/// HTTP front holds their connection without a thread meanwhile.
public final class HomeBackend: HTTPHandler {
    let configuration: Configuration
    let catalogue: Catalogue
    let composer: PageComposer
    let pages: PageCache
    let store: any ShopperStore
    /// `store` as requests use it: with its failures written to `Configuration.log`.
    let requestStore: any ShopperStore
    let sessions: SessionBook
    let carts: CartService
    let events: EventLog
    let images: ImageStore
    let faults: FaultInjector
    let searchIndexes: [StoreLocale: SearchIndex]
    private let requestSalt = StableHash.hex(UInt64.random(in: 0...UInt64.max)).prefix(8)
    private let requestCounter = Atomic<UInt64>(0)

    /// Builds the backend on the in-memory store; `faults` is a fault profile as `vitrine serve
    /// --faults` takes it, and an invalid one throws an error whose description says why.
    public convenience init(faults: String? = nil) throws {
        try self.init(configuration: Configuration(faults: faults))
    }

    /// Builds the backend from a full configuration (injected clock, anchor, caches, store).
    /// Opening the store migrates its schema; a store that cannot be used throws a
    /// `SetupError` that says why. Pages and images are made on first request.
    public init(configuration: Configuration) throws {
        var configuration = configuration
        configuration.pageSize = max(1, configuration.pageSize)
        let base = try FaultProfile(parsing: configuration.faults ?? "")
        let anchor = configuration.anchor ?? Date(timeIntervalSince1970: configuration.now().timeIntervalSince1970.rounded(.down))
        let catalogue = Catalogue(anchor: anchor)
        self.configuration = configuration
        self.catalogue = catalogue
        composer = PageComposer(home: HomeComposer(catalogue: catalogue, widgets: WidgetFactory(imageBaseURL: configuration.imageBaseURL)))
        pages = PageCache(capacity: configuration.pageCacheCapacity)
        let (store, key) = try Self.openStore(configuration, codec: CartCodec(catalogue: catalogue))
        self.store = store
        let reported: any ShopperStore = configuration.log.map { ReportingStore(base: store, log: $0) } ?? store
        requestStore = reported
        sessions = SessionBook(
            key: key, store: reported, lifetime: configuration.sessionLifetime, renewalInterval: configuration.sessionRenewalInterval,
            newPerAddressBurst: configuration.newSessionsPerAddressBurst, newPerAddressPerSecond: configuration.newSessionsPerAddressPerSecond,
            now: configuration.now)
        carts = CartService(catalogue: catalogue, store: reported, now: configuration.now, keyLifetime: configuration.idempotencyLifetime)
        events = EventLog()
        images = ImageStore(specs: ImageSpec.all(in: catalogue), memoryBudget: configuration.imageMemoryBudget,
                            directory: configuration.imageCacheDirectory)
        faults = FaultInjector(base: base, acceptsHeader: configuration.acceptsFaultHeader)
        searchIndexes = composer.searchIndexes
    }

    /// Finishes the store's work in flight (every change it acknowledged is durable already)
    /// and closes it; requests after this get 503. Call it once the HTTP front has stopped.
    public func close() {
        store.close()
    }

    /// Changes the fault profile of every request from now on (the start profile, as
    /// `--faults` gives it): for a test or a demo that changes the weather while a client
    /// runs. Throws, changing nothing, when the profile is invalid.
    public func changeFaults(to profile: String) throws {
        faults.replaceBase(with: try FaultProfile(parsing: profile))
    }

    /// Answers at once for what this process knows, or once the store has answered: the front
    /// holds the connection suspended meanwhile.
    public func respond(to request: HTTPRequest, answer: @escaping @Sendable (HTTPResponse) -> Void) {
        let profile: FaultProfile
        do {
            profile = try faults.profile(for: request)
        } catch {
            answer(error.response)
            return
        }
        if let failure = faults.failure(for: profile) {
            answer(faults.finish(failure.response, profile: profile))
            return
        }
        let faults = self.faults
        route(request, profile: profile) { result in
            let response: HTTPResponse
            switch result {
            case .success(let success): response = success
            case .failure(let error): response = error.response
            }
            answer(faults.finish(response, profile: profile))
        }
    }

    /// Waits for the answer: for callers in process (tests, benchmarks, tools).
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let pending = HTTPPendingAnswer()
        respond(to: request) { pending.fulfil($0) }
        return pending.wait()
    }

    private func route(_ request: HTTPRequest, profile: FaultProfile, reply: @escaping @Sendable (Result<HTTPResponse, RequestError>) -> Void) {
        guard let route = Route(path: request.path) else {
            reply(.failure(.notFound("no route \(request.method.clipped(toUTF8Bytes: 10)) \(request.path.clipped(toUTF8Bytes: 120))")))
            return
        }
        guard route.methods.contains(request.method) else {
            reply(.failure(.methodNotAllowed(String(request.method.clipped(toUTF8Bytes: 10)), allowed: route.methods)))
            return
        }
        switch route {
        case .sessions:
            createSession(request, reply: reply)
        case .cart, .cartItems, .cartItem, .events:
            sessions.authenticate(request) { [self] result in
                switch result {
                case .success(let shopper): shopperRoute(route, request: request, shopper: shopper, profile: profile, reply: reply)
                case .failure(let error): reply(.failure(error))
                }
            }
        default:
            reply(Result { () throws(RequestError) in try publicRoute(route, request: request, profile: profile) })
        }
    }

    /// The routes of one shopper, once their session is known.
    private func shopperRoute(_ route: Route, request: HTTPRequest, shopper: ShopperID, profile: FaultProfile,
                              reply: @escaping @Sendable (Result<HTTPResponse, RequestError>) -> Void) {
        switch route {
        case .cart: cart(request, shopper: shopper, reply: reply)
        case .cartItems: addToCart(request, shopper: shopper, profile: profile, reply: reply)
        case .cartItem(let productID) where request.method == "PUT":
            setQuantity(productID, request: request, shopper: shopper, profile: profile, reply: reply)
        case .cartItem(let productID): removeFromCart(productID, request: request, shopper: shopper, reply: reply)
        case .events: receiveEvents(request, shopper: shopper, reply: reply)
        default: reply(.failure(.notFound("no route")))
        }
    }

    /// The routes anyone may ask, answered from this process alone.
    private func publicRoute(_ route: Route, request: HTTPRequest, profile: FaultProfile) throws(RequestError) -> HTTPResponse {
        switch route {
        case .home: return try page("home", request: request, profile: profile)
        case .page(let id): return try page(id, request: request, profile: profile)
        case .action(let name): return try action(name, request: request)
        case .suggestions: return try suggestions(request)
        case .eventStats: return try eventStats(request)
        case .image(let name): return try image(name, request: request)
        case .sessions, .cart, .cartItems, .cartItem, .events: throw .notFound("no route")
        }
    }

    /// Unique per response and cheap: a per-process salt and a counter.
    func nextRequestID() -> String {
        let number = requestCounter.wrappingAdd(1, ordering: .relaxed).newValue
        return "req-\(requestSalt)-\(number)"
    }
}
