import Foundation
import Observation
import RetailKit
import RetailPresentation

/// The app's one composition root: which shop it shows (the demo shop inside the app, or a
/// `vitrine serve` backend at an address the user set), kept between launches, and the
/// `AppComposition` built on it. No SwiftUI here, so it is tested on Linux too.
@MainActor
@Observable
final class ShopSession {
    /// Which shop the app shows.
    enum Source: Equatable {
        /// The demo shop bundled with the app (`Resources/DemoShop`): no backend, no network.
        case demo
        /// A `vitrine serve` backend at this origin.
        case backend(URL)
    }

    /// What `UserDefaults` keeps the backend's address under.
    static let addressKey = "vitrine.backend"
    /// What `UserDefaults` keeps the chosen source under: `demo` or `backend`.
    static let sourceKey = "vitrine.source"
    /// The shopper this example signs in as (cart, analytics and impressions are per user).
    static let user = "ios-example"
    /// The address the Simulator reaches `vitrine serve` on by default.
    static let defaultAddress = "http://localhost:8080"

    /// The demo shop in the app's resources (`make example-shop` writes it).
    static var bundledDemoShop: URL? {
        Bundle.module.url(forResource: "DemoShop", withExtension: nil)
    }

    private(set) var composition: AppComposition?
    private(set) var problem: String?
    private(set) var backendAddress: String
    /// The source the user chose last (the demo shop until they choose a backend).
    private(set) var source: Source?
    @ObservationIgnored private var hasResumed = false
    @ObservationIgnored private let defaults: UserDefaults
    @ObservationIgnored private let storage: URL
    @ObservationIgnored private let demoShop: URL?
    @ObservationIgnored private let locale: String
    /// The last composition's shutdown: the next one, on the same storage, starts after it, so
    /// that it reads the cart's pending operations and the impression counts the last one
    /// saved (review 19b: a reconnect lost an add and sent `limit: 1` impressions again).
    @ObservationIgnored private var shuttingDown: Task<Void, Never>?

    /// - Parameters:
    ///   - demoShop: where the bundled demo shop is. Default: the app's resources.
    ///   - locale: the shop's locale. Default: the device's language, as the shopper's words pick it.
    init(defaults: UserDefaults = .standard, storage: URL? = nil, demoShop: URL? = ShopSession.bundledDemoShop,
         locale: String = AppLocale(identifier: Locale.current.identifier).rawValue) {
        self.defaults = defaults
        self.storage = storage ?? FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0].appendingPathComponent("vitrine")
        self.demoShop = demoShop
        self.locale = locale
        backendAddress = defaults.string(forKey: Self.addressKey) ?? Self.defaultAddress
        if defaults.string(forKey: Self.sourceKey) == "backend", let url = Self.backendURL(backendAddress) {
            source = .backend(url)
        } else {
            source = .demo
        }
    }

    /// The backend's URL for `address`: http(s) with a host, nothing else (no path, query or
    /// credentials, which the client would send elsewhere than the backend).
    static func backendURL(_ address: String) -> URL? {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
            components.path.isEmpty || components.path == "/"
        else { return nil }
        var origin = URLComponents()
        origin.scheme = scheme
        origin.host = host
        origin.port = components.port
        return origin.url
    }

    /// At launch, once: the shop the user chose last, the demo shop the first time.
    func resume() async {
        guard !hasResumed else { return }
        hasResumed = true
        switch source {
        case .backend(let url)?: await connect(to: url.absoluteString)
        case .demo?, nil: await openDemo()
        }
    }

    /// Opens the demo shop inside the app, once the last composition has saved what it holds.
    func openDemo() async {
        guard let demoShop else {
            problem = "This build has no demo shop: run `make example-shop` in the repository and build again."
            return
        }
        guard let user = UserID(Self.user) else { return }
        let opened = await open { AppConfiguration(bundledShop: try BundledShop(directory: demoShop), user: user, storageDirectory: self.storage) }
        if opened {
            source = .demo
            defaults.set("demo", forKey: Self.sourceKey)
        }
    }

    /// Opens the shop of the backend at `address`, once the last composition has saved what it
    /// holds, or says why it cannot.
    func connect(to address: String) async {
        guard let url = Self.backendURL(address) else {
            problem = "“\(address.prefix(200))” is not an http(s) address of a backend, like http://localhost:8080"
            return
        }
        guard let user = UserID(Self.user) else { return }
        let opened = await open { AppConfiguration(backendURL: url, user: user, storageDirectory: self.storage) }
        if opened {
            source = .backend(url)
            backendAddress = url.absoluteString
            defaults.set(backendAddress, forKey: Self.addressKey)
            defaults.set("backend", forKey: Self.sourceKey)
        }
    }

    /// Whether this call made the composition: a shop already open (another choice won the
    /// wait for the last one to end) is left as it is, and the source stays the one it was.
    private func open(_ configure: () throws -> AppConfiguration) async -> Bool {
        await shuttingDown?.value
        guard composition == nil else { return false }
        do {
            var configuration = try configure()
            configuration.locale = locale
            composition = try AppComposition(configuration: configuration)
            problem = nil
            return true
        } catch {
            problem = "The shop could not start: \(error)"
            return false
        }
    }

    /// Back to the settings screen; the composition ends its work (events kept on disk).
    func disconnect() {
        guard let composition else { return }
        self.composition = nil
        let before = shuttingDown
        shuttingDown = Task {
            await before?.value
            _ = await composition.shutdown()
        }
    }
}
