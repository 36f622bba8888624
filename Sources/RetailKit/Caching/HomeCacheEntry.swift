import Foundation

/// One cached page: the bytes as the server sent them, its `ETag`, when it was fetched (or
/// last confirmed by a 304) and for how long it counts as fresh.
public struct HomeCacheEntry: Sendable, Hashable {
    public var data: Data
    public var etag: String?
    /// `nil` when the freshness record is missing or belongs to another version of the page
    /// (a crash between the two writes): the entry is then stale, never fresh by mistake.
    public var fetchedAt: Date?
    /// Seconds of freshness after `fetchedAt` (the page's `ttl`, `Cache-Control: max-age`).
    public var ttl: Double
    /// Over the stored file, naming this version of the page.
    var checksum: UInt64

    /// Whether the entry may be shown without asking the server. A clock that went back
    /// before the fetch makes it stale.
    public func isFresh(at now: Date) -> Bool {
        guard let fetchedAt else { return false }
        let age = now.timeIntervalSince(fetchedAt)
        return age >= 0 && age < ttl
    }

    /// How old the copy is, `nil` when unknown.
    public func age(at now: Date) -> TimeInterval? {
        fetchedAt.map { max(0, now.timeIntervalSince($0)) }
    }
}
