import Foundation
import Observation
import RetailKit

/// The app's one composition root: the backend address the user set (kept between launches),
/// and the `AppComposition` built on it. No SwiftUI here, so it is tested on Linux too.
@MainActor
@Observable
final class ShopSession {
    /// What `UserDefaults` keeps the address under.
    static let addressKey = "vitrine.backend"
    /// The shopper this example signs in as (cart, analytics and impressions are per user).
    static let user = "ios-example"
    /// The address the Simulator reaches `vitrine serve` on by default.
    static let defaultAddress = "http://localhost:8080"

    private(set) var composition: AppComposition?
    private(set) var problem: String?
    private(set) var backendAddress: String
    @ObservationIgnored private let defaults: UserDefaults
    @ObservationIgnored private let storage: URL
    /// The last composition's shutdown: the next one, on the same storage, starts after it, so
    /// that it reads the cart's pending operations and the impression counts the last one
    /// saved (review 19b: a reconnect lost an add and sent `limit: 1` impressions again).
    @ObservationIgnored private var shuttingDown: Task<Void, Never>?

    init(defaults: UserDefaults = .standard, storage: URL? = nil) {
        self.defaults = defaults
        self.storage = storage ?? FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0].appendingPathComponent("vitrine")
        backendAddress = defaults.string(forKey: Self.addressKey) ?? Self.defaultAddress
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

    /// Opens the shop on `address`, once the last composition has saved what it holds, or
    /// says why it cannot.
    func connect(to address: String) async {
        guard let url = Self.backendURL(address) else {
            problem = "“\(address.prefix(200))” is not an http(s) address of a backend, like http://localhost:8080"
            return
        }
        guard let user = UserID(Self.user) else { return }
        await shuttingDown?.value
        guard composition == nil else { return }
        do {
            let configuration = AppConfiguration(backendURL: url, user: user, storageDirectory: storage)
            composition = try AppComposition(configuration: configuration)
            backendAddress = url.absoluteString
            defaults.set(backendAddress, forKey: Self.addressKey)
            problem = nil
        } catch {
            problem = "The shop could not start: \(error.localizedDescription)"
        }
    }

    /// Back to the connection screen; the composition ends its work (events kept on disk).
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
