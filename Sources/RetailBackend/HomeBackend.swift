import Foundation
import Synchronization

/// The home backend: composition, cart, search, events and images behind one `HTTPHandler`
/// (CONTRACT §10). Thread-safe: each catalogue version is an immutable snapshot with its
/// composers and page cache, swapped whole when the catalogue changes (`CatalogueStore`), and
/// every piece of mutable state is behind its own `Mutex` or atomic.
public final class HomeBackend: HTTPHandler {
    let configuration: Configuration
    /// The catalogue served now; a request reads it once.
    let catalogues: CatalogueStore
    let carts: CartService
    let events: EventLog
    let images: ImageStore
    let faults: FaultInjector
    let exposures: ExposureLog
    /// Reloads of a catalogue directory: one at a time, requests coalesced.
    let reloads = CatalogueReloads()
    /// Watches the catalogue directory, when there is one to watch.
    let watcher: CatalogueWatcher?
    let dates = HTTPDate()
    private let requestSalt = StableHash.hex(UInt64.random(in: 0...UInt64.max)).prefix(8)
    private let requestCounter = Atomic<UInt64>(0)

    /// Builds the backend; `faults` is a fault profile as `vitrine serve --faults` takes it,
    /// and an invalid one throws an error whose description says why.
    public convenience init(faults: String? = nil) throws {
        try self.init(configuration: Configuration(faults: faults))
    }

    /// Builds the backend from a full configuration (injected clock, anchor, caches, the
    /// catalogue's source). Cheap: images are drawn on first request, pages composed on first
    /// request. Throws `CatalogueLoadError` when a catalogue directory does not load whole.
    public init(configuration: Configuration) throws {
        var configuration = configuration
        configuration.pageSize = max(1, configuration.pageSize)
        let base = try FaultProfile(parsing: configuration.faults ?? "")
        let (initial, watcher) = try Self.initialCatalogue(configuration)
        self.configuration = configuration
        catalogues = CatalogueStore(initial)
        self.watcher = watcher
        carts = CartService(
            catalogues: catalogues, now: configuration.now, cartCapacity: configuration.cartCapacity,
            newCartsBurst: configuration.newCartsPerAddressBurst, newCartsPerSecond: configuration.newCartsPerAddressPerSecond,
            keysPerUser: configuration.idempotencyKeysPerUser,
            keyLifetime: configuration.idempotencyLifetime)
        events = EventLog(idCapacity: configuration.eventIDCapacity)
        exposures = ExposureLog(capacity: configuration.eventIDCapacity)
        images = ImageStore(memoryBudget: configuration.imageMemoryBudget, directory: configuration.imageCacheDirectory)
        faults = FaultInjector(base: base, acceptsHeader: configuration.acceptsFaultHeader)
        if let interval = configuration.catalogue.pollInterval {
            watcher?.start(every: interval) { [weak self] in self?.requestCatalogueReload() }
        }
    }

    deinit {
        watcher?.stop()
    }

    /// The catalogue served now (the current snapshot's).
    var catalogue: Catalogue { catalogues.current.catalogue }

    /// Changes the fault profile of every request from now on (the start profile, as
    /// `--faults` gives it): for a test or a demo that changes the weather while a client
    /// runs. Throws, changing nothing, when the profile is invalid.
    public func changeFaults(to profile: String) throws {
        faults.replaceBase(with: try FaultProfile(parsing: profile))
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let profile: FaultProfile
        do {
            profile = try faults.profile(for: request)
            try Self.validateUser(request)
        } catch {
            return dated(error.response)
        }
        if let failure = faults.failure(for: profile) {
            return dated(faults.finish(failure.response, profile: profile))
        }
        let response: HTTPResponse
        do {
            response = try route(request, profile: profile)
        } catch {
            response = error.response
        }
        return dated(faults.finish(response, profile: profile))
    }

    /// Every answer says the backend's time (`Date`, from its clock: `vitrine serve --now`
    /// moves it too), which clients trust over their own for campaigns.
    private func dated(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.append(("Date", dates.string(for: configuration.now())))
        return response
    }

    private func route(_ request: HTTPRequest, profile: FaultProfile) throws(RequestError) -> HTTPResponse {
        guard let route = Route(path: request.path) else {
            throw .notFound("no route \(request.method.clipped(toUTF8Bytes: 10)) \(request.path.clipped(toUTF8Bytes: 120))")
        }
        guard route.methods.contains(request.method) else {
            throw .methodNotAllowed(String(request.method.clipped(toUTF8Bytes: 10)), allowed: route.methods)
        }
        switch route {
        case .home: return try page("home", request: request, profile: profile)
        case .page(let id): return try page(id, request: request, profile: profile)
        case .action(let name): return try action(name, request: request)
        case .cart: return cart(request)
        case .cartItems: return try addToCart(request, profile: profile)
        case .cartItem(let productID) where request.method == "PUT": return try setQuantity(productID, request: request, profile: profile)
        case .cartItem(let productID): return try removeFromCart(productID, request: request)
        case .suggestions: return try suggestions(request)
        case .events: return try receiveEvents(request)
        case .eventStats: return .json(eventStats())
        case .status: return .json(status(for: request))
        case .image(let name): return try image(name, request: request)
        }
    }

    /// Unique per response and cheap: a per-process salt and a counter.
    func nextRequestID() -> String {
        let number = requestCounter.wrappingAdd(1, ordering: .relaxed).newValue
        return "req-\(requestSalt)-\(number)"
    }
}
