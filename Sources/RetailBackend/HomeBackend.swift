import Foundation
import HTTPServer
import RetailContract
import Synchronization

/// The home backend: composition, guest sessions, the cart, search, events and images behind
/// one `HTTPHandler` (CONTRACT §10). Thread-safe: each catalogue version is an immutable
/// snapshot with its composers and page cache, swapped whole when the catalogue changes
/// (`CatalogueStore`), every piece of mutable state of this process is behind its own `Mutex`
/// or atomic, and the shoppers' state is in a `ShopperStore` (memory, SQLite or PostgreSQL:
/// `Configuration.storage`).
///
/// Pages, search, images and actions are answered at once from this process alone (reading a
/// page costs no database round trip); sessions, carts and events wait for the store, and the
/// HTTP front holds their connection without a thread meanwhile.
public final class HomeBackend: HTTPHandler {
    let configuration: Configuration
    /// The catalogue served now; a request reads it once.
    let catalogues: CatalogueStore
    let store: any ShopperStore
    /// `store` as requests use it: timed for the metrics, its failures counted and written to
    /// `Configuration.log`.
    let requestStore: any ShopperStore
    /// What `GET /metrics` exposes.
    let metrics = BackendMetrics()
    let sessions: SessionBook
    let carts: CartService
    let events: EventLog
    let images: ImageStore
    let faults: FaultInjector
    let exposures: ExposureLog
    /// Reloads of a catalogue directory: one at a time, requests coalesced.
    let reloads = CatalogueReloads()
    /// Watches the catalogue directory, when there is one to watch.
    let watcher: CatalogueWatcher?
    /// Whether reloads asked for are applied (until `stopFollowingCatalogue()`); changed under
    /// `reloads`' lock, so a reload sees it before or after, never halfway.
    let isFollowingCatalogue = Atomic(true)
    /// The built-in catalogue's base when the store keeps it (`DemoAnchor`), and when its
    /// anchor moves on next (milliseconds since 1970; `Int64.max` never).
    let demoBase: Date?
    let nextDemoRoll: Atomic<Int64>
    let dates = HTTPDate()
    /// `req-` and 8 hexadecimal digits of salt, then `-`: what every request id starts with.
    /// `-<this instance's salt>-`, between a request id's composition and its counter.
    private let requestIDSalt = Array("-\(StableHash.hex(UInt64.random(in: 0...UInt64.max)).prefix(8))-".utf8)
    private let requestCounter = Atomic<UInt64>(0)

    /// Builds the backend on the in-memory store; `faults` is a fault profile as `vitrine serve
    /// --faults` takes it, and an invalid one throws an error whose description says why.
    public convenience init(faults: String? = nil) throws {
        try self.init(configuration: Configuration(faults: faults))
    }

    /// Builds the backend from a full configuration (injected clock, anchor, caches, the
    /// catalogue's source, the store). Opening the store migrates its schema; a store that
    /// cannot be used throws a `SetupError` that says why, and a catalogue directory that does
    /// not load whole a `CatalogueLoadError`. Pages and images are made on first request.
    public init(configuration: Configuration) throws {
        var configuration = configuration
        configuration.pageSize = max(1, configuration.pageSize)
        let base = try FaultProfile(parsing: configuration.faults ?? "")
        let (store, key) = try Self.openStore(configuration)
        let initial: CatalogueSnapshot, watcher: CatalogueWatcher?, demoBase: Date?
        do {
            (initial, watcher, demoBase) = try Self.initialCatalogue(configuration, store: store)
        } catch {
            store.close()
            throw error
        }
        self.configuration = configuration
        catalogues = CatalogueStore(initial)
        self.watcher = watcher
        self.demoBase = demoBase
        nextDemoRoll = Atomic(demoBase.map { Self.demoRollInstant(after: DemoAnchor.anchor(base: $0, at: configuration.now())) } ?? .max)
        self.store = store
        let reported: any ShopperStore = ReportingStore(base: store, log: configuration.log, metrics: metrics)
        requestStore = reported
        sessions = SessionBook(
            key: key, store: reported, lifetime: configuration.sessionLifetime, unusedLifetime: configuration.unusedSessionLifetime,
            renewalInterval: configuration.sessionRenewalInterval,
            allowance: configuration.newSessionsPerAddress.map { NewShopperAllowance(burst: $0.burst, perSecond: $0.perSecond) },
            allowanceInAll: configuration.newSessionsInAll.map { NewShopperAllowance(burst: $0.burst, perSecond: $0.perSecond, addressCapacity: 1) },
            now: configuration.now)
        carts = CartService(catalogues: catalogues, store: reported, now: configuration.now, keyLifetime: configuration.idempotencyLifetime)
        events = EventLog()
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

    /// Finishes the store's work in flight (every change it acknowledged is durable already)
    /// and closes it; requests after this get 503. Call it once the HTTP front has stopped.
    public func close() {
        watcher?.stop()
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
        let started = ContinuousClock.now
        let resolution = RetailAPI.router.resolve(method: request.method, path: request.path)
        let route = switch resolution {
        case .found(let match): match.pattern.description
        case .methodNotAllowed(let pattern, _): pattern.description
        case .notFound: "(unmatched)"
        }
        let answer: @Sendable (HTTPResponse) -> Void = { [metrics] response in
            let elapsed = ContinuousClock.now - started
            metrics.request(route: route, method: request.method, status: response.status,
                            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            answer(response)
        }
        rollDemoIfDue()
        let profile: FaultProfile
        do {
            profile = try faults.profile(for: request)
        } catch {
            answer(dated(error.response))
            return
        }
        if let failure = faults.failure(for: profile) {
            answer(dated(faults.finish(failure.response, profile: profile)))
            return
        }
        let finish: @Sendable (RetailAPI.Answer) -> Void = { [self] result in
            let response: HTTPResponse
            switch result {
            case .success(let success): response = success
            case .failure(let error): response = error.response
            }
            answer(dated(faults.finish(response, profile: profile)))
        }
        let noRoute = { RequestError.notFound("no route \(request.method.clipped(toUTF8Bytes: 10)) \(request.path.clipped(toUTF8Bytes: 120))") }
        switch resolution {
        case .notFound:
            finish(.failure(noRoute()))
        case .methodNotAllowed(let pattern, _) where configuration.operatorToken == nil
            && RetailRoutes.operatorOnly.contains(where: { $0.utf8.elementsEqual(pattern.description.utf8) }):
            finish(.failure(noRoute()))
        case .methodNotAllowed(_, let allowed):
            finish(.failure(.methodNotAllowed(request.method.clipped(toUTF8Bytes: 10), allowed: allowed)))
        case .found(let route):
            route.run(RetailExchange(backend: self, request: request, profile: profile), answer: finish)
        }
    }

    /// Every answer says the backend's time (`Date`, from its clock: `vitrine serve --now`
    /// moves it too), which clients trust over their own for campaigns.
    private func dated(_ response: consuming HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.append(("Date", dates.string(for: configuration.now())))
        return response
    }

    /// Waits for the answer: for callers in process (tests, benchmarks, tools).
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let pending = HTTPPendingAnswer()
        respond(to: request) { pending.fulfil($0) }
        return pending.wait()
    }

    /// Unique per response and cheap: a per-process salt and a counter.
    /// A fresh request id for an answer of `page`: its composition's id, this instance's salt
    /// and a counter (`CompositionRecord.id(inRequestID:)` reads the first back).
    func nextRequestID(for page: EncodedPage) -> String {
        let number = requestCounter.wrappingAdd(1, ordering: .relaxed).newValue
        // Written by hand: this runs for every page, and interpolation costs several times more.
        var digits = number == 0 ? 1 : 0
        var rest = number
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let composition = page.compositionID.isEmpty ? "req" : page.compositionID
        let head = composition.utf8.count + requestIDSalt.count
        return String(unsafeUninitializedCapacity: head + digits) { buffer in
            var end = buffer.initialize(fromContentsOf: composition.utf8)
            end = buffer[end...].initialize(fromContentsOf: requestIDSalt)
            var value = number
            for index in stride(from: head + digits - 1, through: head, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            return head + digits
        }
    }
}
