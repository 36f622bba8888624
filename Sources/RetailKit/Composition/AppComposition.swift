import FlowCore
import FlowRuntime
import Foundation
import ImagePipeline
import Observation
import PrivateFiles

/// The one place the client is built and wired, from one `AppConfiguration`: the API
/// client, the cache and repository, a page store per open page, the dispatcher with the
/// host actions, the cart, search, analytics (fed by impressions, taps and contract
/// problems), the navigator and the image pipeline. A renderer (the terminal app, a SwiftUI
/// app) takes what it draws from here and builds nothing of its own.
@MainActor
public final class AppComposition {
    public let configuration: AppConfiguration
    public let client: HomeAPIClient
    public let cache: HomeCache
    public let repository: HomeRepository
    /// Where page stores get their pages: the repository, or the bundled shop.
    public let pageSource: any PageSource
    public let decoder: PageDecoder
    /// The home screen: `PageStore("home")` over the repository.
    public let home: PageStore
    public let dispatcher: ActionDispatcher
    public let cart: CartStore
    public let search: SearchSuggestions
    public let analytics: AnalyticsTracker
    /// The renderer reports each frame's visible widgets here; impressions go to analytics.
    public let impressions: ImpressionTracker
    public let navigator: Navigator
    public let images: ImagePipeline
    /// The instant every open page is resolved at, moved at the next `expires_at` of any of
    /// them by the configuration's clock (renderers draw with `expiry.now`), on the backend's
    /// time (`serverClock`).
    public let expiry: ExpiryClock
    /// The backend's time: the device's clock corrected by the `Date` of the backend's answers,
    /// which campaigns' expiry and countdowns follow.
    public let serverClock: ServerClock
    /// Receives what the shopper should be told (a cart change refused, a refresh that
    /// failed), as data: the presentation words it (RetailPresentation's `Notice`). Nil: nothing
    /// is said.
    public var onNotice: (@MainActor (ShopperNotice) -> Void)?

    /// What the start narrowed of files an earlier version left readable by others.
    public let storageRepair: PrivateDirectory.Repair

    private var stores: [ExactString: PageStore] = [:]
    /// The impressions counted lately, kept for the next run (a cached page counts once).
    private let impressionLedger: ImpressionLedger
    private var isLedgerSaveScheduled = false
    /// Whether the shopper has a history with this backend (the next launch's segment).
    private let history: ShopperHistory
    /// Quantities picked on a product page whose variant took its place, by the variant's page:
    /// its page offers the same quantity (opening a variant keeps what was picked).
    private var carriedPicks: [ExactString: Int] = [:]

    /// Builds everything; nothing is fetched until `start()`. Throws when the backend URL is
    /// not http(s) or the storage directory cannot be made.
    public init(configuration given: AppConfiguration) throws {
        var configuration = given
        // The trees are made this user's own first: another user's tree in its place (one
        // `sudo` run) is moved aside, links and entries of other owners in it go, and what an
        // earlier version left readable by others is narrowed; all made from now on is private
        // (0700 directories, 0600 files). The data tree holds the guest session, which an
        // earlier version kept in the storage (cache) tree: it is moved over once, before the
        // client reads it.
        var repair = PrivateDirectory.Repair()
        for (root, directory) in [(configuration.storageDirectory, configuration.userDirectory),
                                  (configuration.dataDirectory.appendingPathComponent("users", isDirectory: true), configuration.userDataDirectory)] {
            do {
                let claimed = try PrivateDirectory.claim(root)
                repair.directories += claimed.directories
                repair.files += claimed.files
                repair.setAside += claimed.setAside
                try PrivateDirectory.make(directory)
            } catch let error as PrivateDirectory.UnsafeParentError {
                throw error
            } catch {
                throw StorageUnusableError(path: root.path, reason: error)
            }
        }
        storageRepair = repair
        GuestSession.moveFile(from: configuration.userDirectory.appendingPathComponent("session.json"), to: configuration.sessionFile)
        let history = ShopperHistory(file: configuration.historyFile)
        self.history = history
        let isSegmentAutomatic = configuration.segment == nil
        if isSegmentAutomatic {
            configuration.segment = AppConfiguration.automaticSegment(hasHistory: history.exists)
        }
        self.configuration = configuration
        let profile = configuration.profile
        let shop = configuration.bundledShop
        // The bundled shop's time is its own: its instant at launch, moving on from there.
        let serverClock = shop.map { ServerClock(now: $0.clock(startingAt: configuration.now(), now: configuration.now)) }
            ?? ServerClock(now: configuration.now, file: configuration.userDirectory.appendingPathComponent("server-clock.json"))
        self.serverClock = serverClock
        var clientConfiguration = HomeAPIClient.Configuration(baseURL: configuration.backendURL, profile: profile, backend: configuration.backend)
        clientConfiguration.requestTimeout = configuration.requestTimeout
        clientConfiguration.sessionFile = configuration.sessionFile
        clientConfiguration.serverClock = serverClock
        let client = try HomeAPIClient(configuration: clientConfiguration)
        self.client = client
        serverClock.restore()

        var analyticsConfiguration = AnalyticsTracker.Configuration(
            databaseURL: configuration.userDirectory.appendingPathComponent("analytics.sqlite"), appVersion: configuration.appVersion)
        configuration.analytics(&analyticsConfiguration)
        // The bundled shop has nowhere to send events: they are dropped as sent.
        let isBundled = shop != nil
        let send: @Sendable (Data) async throws -> Void = { batch in
            if !isBundled { try await client.sendEvents(batch) }
        }
        let analytics = AnalyticsTracker(
            configuration: analyticsConfiguration, send: send, clock: configuration.clock, random: configuration.random,
            now: configuration.now)
        self.analytics = analytics

        let cacheDirectory = configuration.storageDirectory.appendingPathComponent("home-cache", isDirectory: true)
        cache = try StorageUnusableError.naming(cacheDirectory) { try HomeCache(
            directory: cacheDirectory,
            limits: configuration.cacheLimits, now: configuration.now,
            onProblem: { problem in
                Task { @MainActor in
                    analytics.track("cache_problem", fields: JSONObject([(key: "message", value: .string(problem.description))]))
                }
            }) }
        decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        repository = HomeRepository(
            client: client, cache: cache, decoder: decoder, now: configuration.now,
            onDiagnostics: { report in Task { @MainActor in analytics.track(report) } },
            // A returning shopper's first launch as one: the pages saved on their first visit.
            formerSegment: isSegmentAutomatic && history.exists ? AppConfiguration.automaticSegment(hasHistory: false) : nil)

        pageSource = shop.map { BundledPageSource(shop: $0, locale: profile.locale, segment: profile.segment) } ?? repository

        let toasts = ToastQueue(clock: configuration.clock)
        let actions: any ActionTransport = shop.map { BundledActions(shop: $0, locale: profile.locale) } ?? client
        dispatcher = ActionDispatcher(
            sheets: SheetStack(), toasts: toasts, decoder: decoder, transport: actions, policy: VitrineApp.actionPolicy)
        dispatcher.onDiagnostics = { analytics.track($0) }

        // The bundled cart's revisions are a clock on the app's (not the bundle's, which starts
        // again at every launch): a cart whose file was lost counts on above the journal's.
        let cartTransport: any CartTransport = shop.map {
            BundledCart(shop: $0, locale: profile.locale, file: configuration.userDataDirectory.appendingPathComponent("bundled-cart.json"),
                        now: configuration.now)
        } ?? client
        cart = CartStore(
            client: CartClient(transport: cartTransport, policy: configuration.cartRetry, clock: configuration.clock,
                               random: configuration.random, now: configuration.now),
            journalURL: configuration.userDirectory.appendingPathComponent("cart.json"))
        search = shop.map { shop in
            SearchSuggestions(clock: configuration.clock) { try shop.suggestions(for: $0, locale: profile.locale, segment: profile.segment) }
        } ?? SearchSuggestions(client: client, clock: configuration.clock)
        impressions = ImpressionTracker(clock: configuration.clock) { analytics.track(impression: $0) }
        impressionLedger = ImpressionLedger(url: configuration.userDirectory.appendingPathComponent("impressions.json"))
        impressions.restore(impressionLedger.load())
        navigator = Navigator()

        var imageConfiguration = configuration.images ?? ImagePipeline.Configuration()
        if configuration.images == nil, shop == nil {
            // Per shopper and backend: the backend's images are asked with the shopper's id,
            // so an answer may be the shopper's own (a personalised banner), never another's.
            imageConfiguration.diskCacheDirectory = configuration.userDirectory.appendingPathComponent("images", isDirectory: true)
            imageConfiguration.diskCacheKey = ImageCacheKey.forBackend(at: configuration.backendURL, appVersion: configuration.appVersion.description)
        }
        // Images carry nothing of the shopper (no session, no profile name), wherever they are.
        images = ImagePipeline(configuration: imageConfiguration, loader: shop.map { BundledImageLoader(shop: $0) as any DataLoading } ?? DataLoader())

        home = PageStore(pageID: "home", source: pageSource, decoder: decoder, clock: configuration.clock)
        expiry = ExpiryClock(clock: configuration.clock, now: { serverClock.now() })
        expiry.watch(dispatcher.sheets)
        wire(home)
        stores[ExactString("home")] = home
        HostActions.register(on: dispatcher, cart: cart, navigator: navigator, analytics: analytics) { [weak self] pageID, quantity in
            self?.carriedPicks[ExactString(pageID.rawValue)] = quantity
        }
        navigator.onLeave = { [weak self] destination in self?.releaseStore(for: destination) }
        impressions.onCounted = { [weak self] in self?.scheduleLedgerSave() }
        cart.onNotice = { [weak self] in self?.onNotice?(.cart($0)) }
        cart.onAdd = { _ in history.record() }
        // A session the backend rejected was replaced: its cart is gone. Said once, and only
        // when that cart held something; the pending operations go to the new cart.
        let replaced: @Sendable () -> Void = { [weak self] in
            Task { @MainActor in
                guard let self, self.cart.sessionReplaced() else { return }
                self.onNotice?(.cartExpired)
            }
        }
        Task { await client.guestSession.setOnReplaced(replaced) }
    }

    /// The backend's time, as a function renderers and countdowns read.
    public nonisolated var campaignNow: @Sendable () -> Date {
        let clock = serverClock
        return { clock.now() }
    }

    /// Keeps the counts once the impressions of this turn are counted (a screenful counts at once).
    private func scheduleLedgerSave() {
        guard !isLedgerSaveScheduled else { return }
        isLedgerSaveScheduled = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.isLedgerSaveScheduled = false
            self.impressionLedger.save(
                self.impressions.countedImpressions(compositions: self.impressionLedger.compositions, widgets: self.impressionLedger.widgets))
        }
    }

    /// Loads the home page (cache first), fetches the cart (after any operation kept from
    /// the last run) and starts analytics (sending what the last run left).
    public func start() {
        analytics.start()
        cart.start()
        if home.state == .idle { home.loadInitial() }
    }

    /// Returns once the page shown now shows its saved copy, or at once when it has none to
    /// show (nothing saved, the bundled shop's pages): a renderer that waits for it before its
    /// first frame opens a warm start on the saved page, never on a "Loading…" drawn just
    /// before it. A saved copy that cannot be read ends the wait as well: the wait is never on
    /// the network.
    public func savedPageShown() async {
        guard configuration.bundledShop == nil, let pageID = navigator.current.pageID else { return }
        let store = pageStore(for: pageID)
        guard store.state == .loading, await repository.hasSavedCopy(of: pageID.rawValue) else { return }
        // The first answer is the saved copy: installed (loaded, or empty), or refused with a
        // diagnostic.
        while store.state == .loading, store.diagnosticReports.isEmpty {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                withObservationTracking {
                    _ = (store.state, store.diagnosticReports.count)
                } onChange: {
                    continuation.resume()
                }
            }
        }
    }

    /// The store of `pageID` (`home`, `campaign:…`, `category:…`, `product:…`), made on
    /// first use and kept while the page is open; a new one starts loading.
    public func pageStore(for pageID: String) -> PageStore {
        if let store = stores[ExactString(pageID)] { return store }
        if PageID(pageID).kind == .product { history.record() }
        let store = PageStore(pageID: pageID, source: pageSource, decoder: decoder, clock: configuration.clock)
        wire(store)
        stores[ExactString(pageID)] = store
        if let picked = carriedPicks.removeValue(forKey: ExactString(pageID)) {
            Self.whenShown(store) { page in
                // The page's product takes the quantity, unless the shopper picked one already.
                guard let detail = page.sections.flatMap(\.widgets).first(where: { $0.content(as: ProductDetailContent.self) != nil }),
                    store.widgetState[detail.id] == nil
                else { return }
                store.widgetState[detail.id] = .number(Double(picked))
            }
        }
        store.loadInitial()
        return store
    }

    /// The store of `pageID`, made on first use (`pageStore(for:)` by its raw id).
    public func pageStore(for pageID: PageID) -> PageStore {
        pageStore(for: pageID.rawValue)
    }

    /// The store of the current screen when it is a page.
    public var currentPageStore: PageStore? {
        navigator.current.pageID.map { pageStore(for: $0) }
    }

    /// Page stores open now (home and those on the navigation stack).
    public var openPageIDs: [String] { stores.keys.map(\.string) }

    /// Dispatches a widget's action from the page of `store` (what a renderer calls on a tap).
    @discardableResult
    public func perform(_ action: ActionData, widgetID: String?, sectionID: String? = nil, event: String = "tap", on store: PageStore?) -> Bool {
        dispatcher.dispatch(action, from: ActionOrigin(store: store, widgetID: widgetID, sectionID: sectionID, event: event))
    }

    /// Forgets the user's cached pages (their cart and events stay theirs on the server).
    public func logout() async {
        await cache.removeAll(for: configuration.user)
    }

    /// Stops the work in flight and closes what is open: impressions end, the cart stops (its
    /// pending operations stay in its journal), the impressions counted are kept for the next
    /// run, the tracked events are saved, one last upload is tried and the database is closed.
    /// Each wait has its limit (`AppConfiguration.shutdownSaveLimit`, the tracker's own), so
    /// quitting never hangs on a disk that is full or stuck, nor on the network: what could
    /// not be saved is reported, never waited for.
    @discardableResult
    public func shutdown() async -> ShutdownReport {
        impressions.endAllSessions()
        dispatcher.cancelAll()
        cart.stop()
        let cart = self.cart
        let ledger = impressionLedger
        ledger.save(impressions.countedImpressions(compositions: ledger.compositions, widgets: ledger.widgets))
        let limit = configuration.shutdownSaveLimit
        let cartSaved = await withTimeLimit(limit, clock: configuration.clock) { @MainActor in await cart.waitUntilSaved() } == true
        let ledgerSaved = await withTimeLimit(limit, clock: configuration.clock) { await ledger.waitUntilSaved() } == true
        let analytics = await self.analytics.shutdown()
        return ShutdownReport(isCartSaved: cartSaved, areImpressionsSaved: ledgerSaved, analytics: analytics)
    }

    /// What `shutdown()` could not do in time or at all.
    public struct ShutdownReport: Sendable, Hashable {
        /// Whether the cart journal was written within the limit.
        public var isCartSaved: Bool
        /// Whether the impression counts were written within the limit.
        public var areImpressionsSaved: Bool
        public var analytics: AnalyticsShutdown

        /// What a `--debug` run tells once the terminal is back, or `nil` when all went well.
        public var problems: [String] {
            var problems: [String] = []
            if !isCartSaved { problems.append("the cart journal could not be written (or not in time)") }
            if !areImpressionsSaved { problems.append("the impression counts could not be written (or not in time)") }
            if analytics.unsaved > 0 || analytics.problem != nil {
                problems.append("\(analytics.unsaved) analytics events could not be saved" + (analytics.problem.map { ": \($0)" } ?? ""))
            }
            if !analytics.uploadFinished { problems.append("the last upload of events did not finish in time (they wait for the next run)") }
            return problems
        }
    }

    private func wire(_ store: PageStore) {
        expiry.watch(store)
        // A next page "adds nothing" when nothing of it would be shown on this client now.
        let client = ClientContext(appVersion: configuration.appVersion, capabilities: configuration.capabilities)
        let expiry = self.expiry
        store.nextPagePacing.context = { EvaluationContext(client: client, now: expiry.now) }
        let analytics = self.analytics
        store.onDiagnostics = { analytics.track($0) }
        store.onNotice = { [weak self] notice in
            switch notice {
            case .refreshFailed: self?.onNotice?(.refreshFailed)
            case .nextPageFailed: self?.onNotice?(.nextPageFailed)
            }
        }
    }

    /// Runs `body` with `store`'s page once it has one (now, or when it comes).
    private static func whenShown(_ store: PageStore, _ body: @escaping @MainActor (PageModel) -> Void) {
        if let page = store.page { return body(page) }
        withObservationTracking { _ = store.page } onChange: {
            Task { @MainActor in whenShown(store, body) }
        }
    }

    private func releaseStore(for destination: Destination) {
        guard let pageID = destination.pageID, pageID != .home else { return }
        if let store = stores.removeValue(forKey: ExactString(pageID.rawValue)) { expiry.unwatch(store) }
    }
}
