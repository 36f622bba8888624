import FlowCore
import Foundation
import HTTPServer
import Synchronization

/// A catalogue directory that does not load whole: every problem, at its file and line.
public struct CatalogueLoadError: Error, Sendable, CustomStringConvertible {
    public var directory: String
    public var problems: [CatalogueProblem]

    public var description: String {
        (["the catalogue in \(directory) does not load:"] + problems.map { "  " + $0.formatted(in: directory) }).joined(separator: "\n")
    }
}

/// What a reload did.
public enum CatalogueReload: Sendable, Equatable {
    /// A new version serves.
    case applied(version: Int)
    /// The files hold what serves already.
    case unchanged
    /// It did not load whole; the last good catalogue keeps serving.
    case refused([CatalogueProblem])
    /// The backend serves the built-in catalogue: there is nothing to reload.
    case builtIn
}

extension HomeBackend {
    /// The catalogue the backend starts with, the watcher of its directory, and for the
    /// built-in catalogue the base its anchor moves on from (nil when the configuration names
    /// the anchor): the store's (`DemoAnchor`).
    static func initialCatalogue(
        _ configuration: Configuration, store: any ShopperStore
    ) throws -> (CatalogueSnapshot, CatalogueWatcher?, demoBase: Date?) {
        let widgets = WidgetFactory(imageBaseURL: configuration.imageBaseURL)
        let now = configuration.now()
        guard let url = configuration.catalogue.directory else {
            if let anchor = configuration.anchor {
                return (try demoSnapshot(anchor: anchor, version: 1, widgets: widgets, configuration: configuration), nil, nil)
            }
            let base = try keptDemoBase(in: store, at: now)
            let snapshot = try demoSnapshot(anchor: DemoAnchor.anchor(base: base, at: now), version: 1, widgets: widgets, configuration: configuration)
            return (snapshot, nil, base)
        }
        let directory = CatalogueDirectory(url: url)
        // The watcher looks first: an edit made while the files are read is seen as a change.
        let watcher = CatalogueWatcher(directory: directory)
        let load = CatalogueLoader.load(directory, lint: false)
        guard let content = load.content else { throw CatalogueLoadError(directory: url.path, problems: load.errors) }
        return (CatalogueSnapshot(catalogue: Catalogue(content: content), version: 1, widgets: widgets,
                                  pageCacheCapacity: configuration.pageCacheCapacity, loadedAt: now, files: load.files), watcher, nil)
    }

    /// The built-in catalogue with its windows moved to `anchor`.
    static func demoSnapshot(anchor: Date, version: Int, widgets: WidgetFactory, configuration: Configuration) throws(CatalogueLoadError) -> CatalogueSnapshot {
        CatalogueSnapshot(catalogue: Catalogue(content: try DemoCatalogue.content(anchor: anchor)), version: version, widgets: widgets,
                          pageCacheCapacity: configuration.pageCacheCapacity, loadedAt: configuration.now())
    }

    /// Moves the built-in catalogue to its next anchor once the clock has passed it (the
    /// demo's month is told): every instance of a store moves at the same instant, without a
    /// restart. Cheap when not due: one comparison of two integers.
    func rollDemoIfDue() {
        guard let base = demoBase else { return }
        let now = configuration.now()
        guard Int64(now.timeIntervalSince1970 * 1000) >= nextDemoRoll.load(ordering: .relaxed) else { return }
        reloads.run { () -> Void in
            let anchor = DemoAnchor.anchor(base: base, at: now)
            guard Int64(now.timeIntervalSince1970 * 1000) >= nextDemoRoll.load(ordering: .relaxed) else { return }
            let current = catalogues.current
            if let next = try? Self.demoSnapshot(anchor: anchor, version: current.version + 1, widgets: current.composer.home.widgets,
                                                  configuration: configuration) {
                catalogues.apply(next)
                configuration.catalogue.log("the demo catalogue starts again: anchored at \(RFC3339.string(from: anchor))")
            }
            nextDemoRoll.store(Self.demoRollInstant(after: anchor), ordering: .relaxed)
        }
    }

    /// When the demo anchored at `anchor` moves on, in milliseconds since 1970.
    static func demoRollInstant(after anchor: Date) -> Int64 {
        Int64((anchor.timeIntervalSince1970 + DemoAnchor.period) * 1000)
    }

    /// The experiments a page for `context` runs, each with the variant it shows and every
    /// variant it has ("exp-hero-order: a (of a, b)"), in catalogue order.
    public func experimentArms(for context: PageContext) -> [(experiment: String, variant: String, variants: [String])] {
        let catalogue = self.catalogue
        return catalogue.assignments(catalogue.choice(for: context)).map { ($0.experiment.id, $0.variant.id, $0.experiment.variants.map(\.id)) }
    }

    /// `instant` as the files of the catalogue served now write it: in its time zone.
    public func catalogueTime(_ instant: Date) -> String {
        catalogue.written(instant)
    }

    /// The demo's base the store keeps (`DemoAnchor`), waited for: the backend is being built.
    private static func keptDemoBase(in store: any ShopperStore, at now: Date) throws(SetupError) -> Date {
        let answer = Mutex<Result<Date, StoreError>?>(nil)
        let answered = DispatchSemaphore(value: 0)
        store.demoAnchor(proposal: DemoAnchor.proposal(at: now), at: now) { result in
            answer.withLock { $0 = result }
            answered.signal()
        }
        answered.wait()
        switch answer.withLock({ $0 })! {
        case .success(let anchor): return anchor
        case .failure(let error): throw SetupError(description: "cannot read the demo catalogue's start from the store: \(error)")
        }
    }

    /// Reads the catalogue directory again and serves it if it loads whole; otherwise keeps
    /// serving what serves, logs why (file and line) and says so in `/v1/status`. One reload
    /// runs at a time; this one waits for another's end.
    @discardableResult
    public func reloadCatalogue() -> CatalogueReload {
        reload(onlyWhileFollowing: false)
    }

    /// A reload; one asked for (`onlyWhileFollowing`) applies nothing once the backend stopped
    /// following its files.
    func reload(onlyWhileFollowing: Bool) -> CatalogueReload {
        guard let url = configuration.catalogue.directory else { return .builtIn }
        return reloads.run { () -> CatalogueReload in
            if onlyWhileFollowing, !isFollowingCatalogue.load(ordering: .relaxed) { return .unchanged }
            let load = CatalogueLoader.load(CatalogueDirectory(url: url), lint: false)
            let current = catalogues.current
            guard let content = load.content else { return refuse(load.errors, serving: current) }
            guard content != current.catalogue.content else {
                if catalogues.status.refusedAt != nil {
                    catalogues.confirm()
                    configuration.catalogue.log("catalogue files hold version \(current.version) again")
                }
                return .unchanged
            }
            let catalogue = Catalogue(content: content)
            let next = CatalogueSnapshot(
                catalogue: catalogue, version: current.version + 1, widgets: current.composer.home.widgets,
                pageCacheCapacity: configuration.pageCacheCapacity, loadedAt: configuration.now(), files: load.files)
            catalogues.apply(next)
            var lines = ["catalogue version \(next.version) serves: \(catalogue.campaigns.count) campaigns, \(catalogue.products.count) products in \(load.files.count) files"]
            // Carts keep what left the feed (shown as no longer available): said, not refused.
            let directory = url.path
            lines += CatalogueLint.departedProducts(from: current.catalogue.products, in: catalogue).map { "  " + $0.formatted(in: directory) }
            configuration.catalogue.log(lines.joined(separator: "\n"))
            configuration.catalogue.onReload(next.version)
            return .applied(version: next.version)
        }
    }

    /// Asks for a reload without waiting: requests made while one runs are served by one more
    /// reload after it (a storm of saves or SIGHUPs costs two reloads, not one each).
    public func requestCatalogueReload() {
        reloads.request { [weak self] in _ = self?.reload(onlyWhileFollowing: true) }
    }

    /// Stops following the catalogue's files, for good: the watcher ends, and a reload asked
    /// for (by it, or `requestCatalogueReload()`) applies nothing from now on; only
    /// `reloadCatalogue()` still does. Returns once no reload runs, so what serves then serves
    /// on: a preview's report describes the catalogue its app was last given.
    public func stopFollowingCatalogue() {
        watcher?.stop()
        reloads.run { isFollowingCatalogue.store(false, ordering: .relaxed) }
    }

    private func refuse(_ problems: [CatalogueProblem], serving current: CatalogueSnapshot) -> CatalogueReload {
        catalogues.refuse(problems, at: configuration.now())
        let directory = configuration.catalogue.directory?.path ?? ""
        let shown = problems.prefix(20).map { "  " + $0.formatted(in: directory) }
        let more = problems.count > 20 ? ["  and \(problems.count - 20) more"] : []
        configuration.catalogue.log((["catalogue not applied, version \(current.version) keeps serving:"] + shown + more).joined(separator: "\n"))
        return .refused(problems)
    }
}
