import FlowCore
import Foundation
import ImagePipeline

/// Everything the app is built from: where the backend is, who the shopper is and what the
/// client is, where it keeps its files, and the clocks and random source (injected in tests).
public struct AppConfiguration: Sendable {
    /// The backend's origin.
    public var backendURL: URL
    /// The backend as everything kept is keyed: cached pages, and the shopper's cart journal,
    /// outbox and impression counts. Default `backendURL`'s origin; the app's embedded backend
    /// is `BackendIdentity.embedded`, whatever its port.
    public var backend: BackendIdentity
    public var user: UserID
    /// `en-US`, `de-DE` or `fr-FR`. Default en-US.
    public var locale = "en-US"
    /// `new`, `returning` or `vip`. Default nil: decided when the app is built, by what it
    /// keeps (`automaticSegment`).
    public var segment: String?
    /// Default `VitrineApp.version`.
    public var appVersion = VitrineApp.version
    /// Default `VitrineApp.capabilities`.
    public var capabilities = VitrineApp.capabilities
    /// Experiment variants the app pins (part of the cache key). Default none.
    public var experiments: [String: String] = [:]
    /// The root of everything kept on disk: `home-cache/`, `images/`, and per user and backend
    /// `users/u-<user>/b-<backend hash>/` with the analytics outbox, the cart journal and the
    /// impression counts. Directories are made `0700` and files `0600` (`PrivateFiles`).
    public var storageDirectory: URL
    /// The root of what the shopper must not lose to a cache cleaner: per user and backend
    /// `users/u-<user>/b-<backend hash>/session.json`, the guest session, the only key to the
    /// backend's cart. Made as privately as the storage tree. Default: `storageDirectory`
    /// (tests); `vitrine app` gives `$XDG_DATA_HOME/vitrine`, else `~/.local/share/vitrine`.
    public var dataDirectory: URL
    /// Default 15 s.
    public var requestTimeout: Duration = .seconds(15)
    /// The longest `AppComposition.shutdown()` waits for each file it writes (the cart
    /// journal, the impression counts); the analytics tracker has its own limits. Default 1 s.
    public var shutdownSaveLimit: Duration = .seconds(1)
    public var cacheLimits = HomeCache.Limits()
    public var cartRetry = CartRetryPolicy()
    /// Changes to the analytics defaults (batch sizes, bounds, intervals).
    public var analytics: @Sendable (inout AnalyticsTracker.Configuration) -> Void = { _ in }
    /// Default: a memory cache and a disk cache under `images/`.
    public var images: ImagePipeline.Configuration?
    /// Timers: debounce, retries, impressions, toasts, flush interval. Default the continuous clock.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// The shop bundled with the app: when set, pages, the cart, search, images and `api`
    /// actions are answered from it on this device (`BundledShop`), events are dropped as sent,
    /// campaigns follow its clock (its instant at launch), and `backendURL` is not used.
    /// Default nil: the backend at `backendURL`.
    public var bundledShop: BundledShop?
    /// The wall clock: cache freshness, event timestamps, the age of idempotency keys.
    public var now: @Sendable () -> Date = { Date() }
    public var random: RandomSource = .system

    public init(backendURL: URL, user: UserID, storageDirectory: URL) {
        self.backendURL = backendURL
        backend = BackendIdentity(origin: backendURL) ?? BackendIdentity(name: "unusable")!
        self.user = user
        self.storageDirectory = storageDirectory
        dataDirectory = storageDirectory
    }

    /// A shopper of the bundled `shop`, keeping what they do under `storageDirectory`.
    public init(bundledShop shop: BundledShop, user: UserID, storageDirectory: URL) {
        self.init(backendURL: BundledShop.origin, user: user, storageDirectory: storageDirectory)
        backend = BundledShop.identity
        bundledShop = shop
    }

    /// What page requests tell the backend.
    public var profile: ClientProfile {
        ClientProfile(user: user, locale: locale, segment: segment ?? Self.automaticSegment(hasHistory: true), appVersion: appVersion, capabilities: capabilities,
                      experiments: experiments)
    }

    /// The segment of a shopper nobody named one for: `new` until they have a history with
    /// this backend (`ShopperHistory`: a product page opened or a product added, in an earlier
    /// launch), `returning` after, so that a first-time guest never reads "welcome back" nor
    /// "based on what you viewed". It is decided once a launch: a page does not change its
    /// audience while the shopper reads it.
    public static func automaticSegment(hasHistory: Bool) -> String {
        hasHistory ? "returning" : "new"
    }

    /// Where the shopper's history with this backend is marked (`ShopperHistory`).
    public var historyFile: URL {
        userDataDirectory.appendingPathComponent("history")
    }

    /// The user's own directory for this backend. The id is prefixed, so that valid ids like
    /// `..` stay names; the backend is a hash of its identity.
    public var userDirectory: URL {
        Self.userDirectory(under: storageDirectory, user: user, backend: backend)
    }

    /// The user's own data directory for this backend, as `userDirectory` under `dataDirectory`.
    public var userDataDirectory: URL {
        Self.userDirectory(under: dataDirectory, user: user, backend: backend)
    }

    /// Where the guest session is kept (`GuestSession`).
    public var sessionFile: URL {
        userDataDirectory.appendingPathComponent("session.json")
    }

    private static func userDirectory(under root: URL, user: UserID, backend: BackendIdentity) -> URL {
        root.appendingPathComponent("users", isDirectory: true).appendingPathComponent("u-\(user.rawValue)", isDirectory: true)
            .appendingPathComponent(backend.directoryName, isDirectory: true)
    }
}
