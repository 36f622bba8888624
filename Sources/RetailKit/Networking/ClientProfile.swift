import FlowCore

/// What a page request tells the backend about the client (CONTRACT §10), and what keys a
/// cached page: the same profile asks for, and is shown, the same composition.
public struct ClientProfile: Sendable, Hashable {
    /// The local profile (never sent: the shopper is the profile's guest session).
    public var user: UserID
    /// `en-US`, `de-DE`, `fr-FR`.
    public var locale: String
    /// `new`, `returning` or `vip`.
    public var segment: String
    public var appVersion: AppVersion
    public var capabilities: Set<String>
    /// Experiment assignments the app itself knows (a forced variant), `id → variant`. The
    /// backend assigns by the user id, which the cache key holds already, so this is empty
    /// unless the app pins a variant. Part of the cache key.
    public var experiments: [String: String]

    public init(
        user: UserID, locale: String = "en-US", segment: String = "returning",
        appVersion: AppVersion, capabilities: Set<String> = [], experiments: [String: String] = [:]
    ) {
        self.user = user
        self.locale = locale
        self.segment = segment
        self.appVersion = appVersion
        self.capabilities = capabilities
        self.experiments = experiments
    }

    /// Capabilities in byte order, so the query and the cache key never depend on set order.
    var sortedCapabilities: [String] {
        capabilities.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `(id, variant)` pairs in the byte order of the ids. Kept as pairs, never joined into
    /// `id=variant` text, which would make `a=b → c` and `a → b=c` one assignment.
    var sortedExperiments: [(id: String, variant: String)] {
        experiments.map { (id: $0.key, variant: $0.value) }.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
    }
}
