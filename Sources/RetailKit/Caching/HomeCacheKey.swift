import FlowCore

/// What a cached page is kept under: the backend it came from, the client profile (user,
/// locale, segment, app version, capabilities, experiment assignments) and the page id. Two
/// keys that differ in any part never see each other's entry: the whole key is stored in the
/// entry and compared on read.
public struct HomeCacheKey: Sendable, Hashable {
    public var backend: BackendIdentity
    public var profile: ClientProfile
    public var pageID: String

    public init(backend: BackendIdentity, profile: ClientProfile, pageID: String) {
        self.backend = backend
        self.profile = profile
        self.pageID = pageID
    }

    /// The key as one JSON array, written by `JSONWriter` (sets in byte order, experiments as
    /// `[id, variant]` pairs), compared by bytes: no two keys that differ share it. (Version 1
    /// had no backend: its entries never match and age out.)
    var canonical: String {
        JSONWriter.string(for: .array([
            "vitrine-home-cache/2", .string(backend.rawValue), .string(profile.user.rawValue), .string(profile.locale), .string(profile.segment),
            .string(profile.appVersion.description), .array(profile.sortedCapabilities.map(JSONValue.string)),
            .array(profile.sortedExperiments.map { .array([.string($0.id), .string($0.variant)]) }), .string(pageID),
        ]))
    }

    /// The entry's file name without extension: the user's hash, then the key's, so that a
    /// logout finds every file of one user by its prefix. No part of the key is a path.
    var fileStem: String {
        "\(Self.userPrefix(profile.user))\(StableHash.hex(StableHash.fnv1a64(canonical.utf8)))"
    }

    /// `<hash of the user>-`: the start of every file name of that user's entries.
    static func userPrefix(_ user: UserID) -> String {
        StableHash.hex(StableHash.fnv1a64(Array("user:".utf8) + Array(user.rawValue.utf8))) + "-"
    }

    public static func == (lhs: HomeCacheKey, rhs: HomeCacheKey) -> Bool {
        lhs.canonical.utf8.elementsEqual(rhs.canonical.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in canonical.utf8 { hasher.combine(byte) }
    }
}
