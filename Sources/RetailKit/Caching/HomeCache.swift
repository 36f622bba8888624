import Foundation
import PrivateFiles

/// Pages kept on disk between launches, one entry per key (client profile and page id):
/// the raw bytes, `ETag`, fetch instant and `ttl` (see `CacheEntryFile` for the format).
///
/// - Freshness is `ttl` seconds from the fetch, on the injected wall clock (entries outlive
///   the process, so a monotonic clock would not do).
/// - Least recently used entries go first when the cache holds more than `Limits` bytes or
///   entries; use is a read or a write, kept in the file's modification time so the order
///   survives restarts.
/// - Writes are crash-safe (`AtomicFile`); a torn or corrupt entry reads as a miss, is
///   deleted and reported through `onProblem`, never a crash.
/// - `removeAll(for:)` (logout) deletes every entry of one user; an answer to a request sent
///   before it (stored with a `WriteTicket` taken before sending) is not kept.
///
/// The cache keeps bytes, not pages: what a page shows is resolved by its reader at the
/// current instant, so a section past its `expires_at` never comes back from the cache.
public actor HomeCache {
    /// How much the cache may hold.
    public struct Limits: Sendable, Hashable {
        /// Bytes on disk, both files of every entry. Default 64 MiB.
        public var maxBytes = 64 << 20
        /// Entries. Default 128.
        public var maxEntries = 128

        public init() {}

        public init(maxBytes: Int, maxEntries: Int) {
            self.maxBytes = maxBytes
            self.maxEntries = maxEntries
        }
    }

    /// Something the cache had to repair.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// An entry did not check out and was deleted.
        case corruptEntry(file: String, reason: String)
        /// An entry could not be written (the disk is full, the directory is gone).
        case writeFailed(reason: String)

        public var description: String {
            switch self {
            case .corruptEntry(let file, let reason): "cache entry \(file) was \(reason) and was deleted"
            case .writeFailed(let reason): "a cache entry could not be written: \(reason)"
            }
        }
    }

    private struct IndexEntry {
        var bytes: Int
        var lastUsed: Date
    }

    public let directory: URL
    public let limits: Limits
    private let now: @Sendable () -> Date
    private let onProblem: (@Sendable (Problem) -> Void)?
    private var index: [String: IndexEntry] = [:]
    /// Logouts so far, per user prefix, and clears of everything: a `WriteTicket` taken before
    /// one of them no longer writes.
    private var userClears: [String: Int] = [:]
    private var allClears = 0
    /// Entries found torn or corrupt since the cache was opened.
    public private(set) var corruptEntryCount = 0

    /// Opens (or creates) the cache in `directory`, deleting what a crash left half-written.
    public init(
        directory: URL, limits: Limits = Limits(), now: @escaping @Sendable () -> Date = { Date() },
        onProblem: (@Sendable (Problem) -> Void)? = nil
    ) throws {
        if FileSystem.info(directory.path) == nil {
            try PrivateDirectory.make(directory)
        }
        self.directory = directory
        self.limits = limits
        self.now = now
        self.onProblem = onProblem
        index = Self.scan(directory)
    }

    /// Entries held.
    public var count: Int { index.count }
    /// Bytes held on disk.
    public var totalBytes: Int { index.values.reduce(0) { $0 + $1.bytes } }

    /// The entry for `key`, or `nil` on a miss (also for a torn or corrupt entry, which is
    /// deleted and reported). A hit counts as a use.
    public func entry(for key: HomeCacheKey) -> HomeCacheEntry? {
        let stem = key.fileStem
        guard index[stem] != nil else { return nil }
        // No entry this cache writes is larger than the cache itself.
        guard let bytes = FileSystem.read(pagePath(stem), maxBytes: limits.maxBytes) else {
            if FileSystem.info(pagePath(stem)) != nil {
                discardCorrupt(stem, reason: "not a regular file of at most \(limits.maxBytes) bytes")
            } else {
                forget(stem)
            }
            return nil
        }
        let page: CacheEntryFile.Page
        do throws(CacheEntryFile.Corruption) {
            page = try CacheEntryFile.decodePage(bytes)
        } catch {
            discardCorrupt(stem, reason: error.description)
            return nil
        }
        // A different key under the same file name (a hash collision) is a miss, not corruption.
        guard page.key.utf8.elementsEqual(key.canonical.utf8) else { return nil }
        var entry = HomeCacheEntry(data: page.body, etag: page.etag, fetchedAt: nil, ttl: 0, checksum: page.checksum)
        if let freshness = readFreshness(stem), freshness.pageChecksum == page.checksum {
            entry.fetchedAt = freshness.fetchedAt
            entry.ttl = freshness.ttl
        }
        touch(stem)
        return entry
    }

    /// Leave to store an answer for `key` later, unless its user's entries are removed (a
    /// logout) in between: take it before sending the request.
    public struct WriteTicket: Sendable {
        fileprivate var userPrefix: String
        fileprivate var userClears: Int
        fileprivate var allClears: Int
    }

    /// A ticket for storing the answer to a request about to be sent for `key`.
    public func writeTicket(for key: HomeCacheKey) -> WriteTicket {
        let prefix = HomeCacheKey.userPrefix(key.profile.user)
        return WriteTicket(userPrefix: prefix, userClears: userClears[prefix] ?? 0, allClears: allClears)
    }

    /// Stores a fetched page for `key`, fetched now, fresh for `ttl` seconds; then trims the
    /// cache to its limits. A page larger than the whole cache is not kept, nor one whose
    /// `ticket` predates a logout of its user (the page of a logged-out user never comes
    /// back to the disk).
    public func store(_ data: Data, etag: String?, ttl: Double, for key: HomeCacheKey, ticket: WriteTicket? = nil) {
        if let ticket, ticket.allClears != allClears || ticket.userClears != (userClears[ticket.userPrefix] ?? 0) { return }
        let stem = key.fileStem
        let encoded = CacheEntryFile.encodePage(key: key.canonical, etag: etag, body: data)
        let freshness = CacheEntryFile.encodeFreshness(.init(fetchedAt: now(), ttl: Self.clampedTTL(ttl), pageChecksum: encoded.checksum))
        guard encoded.bytes.count + freshness.count <= limits.maxBytes else { return }
        do {
            try AtomicFile.write(encoded.bytes, to: pageURL(stem))
            try AtomicFile.write(freshness, to: freshURL(stem))
        } catch {
            report(.writeFailed(reason: String(describing: error)))
            return
        }
        index[stem] = IndexEntry(bytes: encoded.bytes.count + freshness.count, lastUsed: now())
        touch(stem)
        evict(keeping: stem)
    }

    /// A 304: the entry read as `entry` is current. Its freshness starts again now (for `ttl`
    /// seconds, or its old `ttl`) without rewriting the page. `false` when the page on disk
    /// is no longer that version.
    @discardableResult
    public func renew(_ entry: HomeCacheEntry, ttl: Double?, for key: HomeCacheKey) -> Bool {
        let stem = key.fileStem
        guard index[stem] != nil, let bytes = FileSystem.read(pagePath(stem), maxBytes: limits.maxBytes),
            let page = try? CacheEntryFile.decodePage(bytes), page.checksum == entry.checksum
        else { return false }
        let freshness = CacheEntryFile.encodeFreshness(.init(fetchedAt: now(), ttl: Self.clampedTTL(ttl ?? entry.ttl), pageChecksum: page.checksum))
        do {
            try AtomicFile.write(freshness, to: freshURL(stem))
        } catch {
            report(.writeFailed(reason: String(describing: error)))
            return false
        }
        touch(stem)
        return true
    }

    /// Deletes every entry of `user` (logout).
    public func removeAll(for user: UserID) {
        let prefix = HomeCacheKey.userPrefix(user)
        userClears[prefix, default: 0] += 1
        for stem in index.keys where stem.utf8.starts(with: prefix.utf8) { forget(stem) }
    }

    /// Deletes every entry.
    public func removeAll() {
        allClears += 1
        for stem in index.keys { forget(stem) }
    }

    // MARK: - Files

    private func pageURL(_ stem: String) -> URL { directory.appendingPathComponent(stem + ".page") }
    private func freshURL(_ stem: String) -> URL { directory.appendingPathComponent(stem + ".fresh") }
    private func pagePath(_ stem: String) -> String { directory.path + "/" + stem + ".page" }
    private func freshPath(_ stem: String) -> String { directory.path + "/" + stem + ".fresh" }

    private func readFreshness(_ stem: String) -> CacheEntryFile.Freshness? {
        guard let bytes = FileSystem.read(freshPath(stem), maxBytes: 4096) else { return nil }
        return try? CacheEntryFile.decodeFreshness(bytes)
    }

    private func touch(_ stem: String) {
        let instant = now()
        index[stem]?.lastUsed = instant
        FileSystem.setModified(pagePath(stem), to: instant)
    }

    private func forget(_ stem: String) {
        index[stem] = nil
        FileSystem.remove(pagePath(stem))
        FileSystem.remove(freshPath(stem))
    }

    private func discardCorrupt(_ stem: String, reason: String) {
        forget(stem)
        corruptEntryCount += 1
        report(.corruptEntry(file: stem, reason: reason))
    }

    private func report(_ problem: Problem) {
        onProblem?(problem)
    }

    /// Drops the least recently used entries until the limits hold; `kept` (just written) stays.
    private func evict(keeping kept: String) {
        var bytes = totalBytes
        while bytes > limits.maxBytes || index.count > max(1, limits.maxEntries) {
            guard let oldest = index.filter({ $0.key != kept }).min(by: { $0.value.lastUsed < $1.value.lastUsed }) else { break }
            bytes -= oldest.value.bytes
            forget(oldest.key)
        }
    }

    /// A `ttl` the cache can hold: finite, at least 0, at most a week.
    private static func clampedTTL(_ ttl: Double) -> Double {
        ttl.isFinite ? min(max(ttl, 0), 7 * 86_400) : 0
    }

    /// The entries in `directory`: every `.page` file with its size (and its freshness
    /// file's) and last use. Temporary files a crash left, and freshness files without a page,
    /// are deleted. One listing, one `stat` a file.
    private static func scan(_ directory: URL) -> [String: IndexEntry] {
        let base = directory.path + "/"
        var index: [String: IndexEntry] = [:]
        var fresh: [(stem: String, size: Int)] = []
        for name in FileSystem.names(in: directory.path) {
            if name.hasPrefix(AtomicFile.temporaryPrefix) {
                FileSystem.remove(base + name)
            } else if name.hasSuffix(".fresh") {
                fresh.append((String(name.dropLast(6)), FileSystem.info(base + name)?.size ?? 0))
            } else if name.hasSuffix(".page"), let info = FileSystem.info(base + name) {
                index[String(name.dropLast(5))] = IndexEntry(bytes: info.size, lastUsed: info.modified)
            }
        }
        for (stem, size) in fresh {
            if index[stem] == nil {
                FileSystem.remove(base + stem + ".fresh")
            } else {
                index[stem]?.bytes += size
            }
        }
        return index
    }
}
