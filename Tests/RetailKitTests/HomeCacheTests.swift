import FlowCore
import Foundation
import PrivateFiles
import Testing
@testable import RetailKit
import TestSupport

/// The disk cache: freshness on an injected clock, crash-safe entries that read as a miss when
/// torn, least-recently-used eviction, and per-user removal.
@Suite struct HomeCacheTests {
    let directory: TemporaryDirectory
    let date = ManualDate()
    let problems = Locked<[HomeCache.Problem]>([])

    init() throws {
        directory = try TemporaryDirectory()
    }

    func makeCache(limits: HomeCache.Limits = HomeCache.Limits()) throws -> HomeCache {
        let problems = self.problems
        return try HomeCache(directory: directory.url, limits: limits, now: date.function) { problem in
            problems.withLock { $0.append(problem) }
        }
    }

    static let backend = BackendIdentity(origin: URL(string: "http://127.0.0.1:8080")!)!

    static func key(_ user: String = "ada", pageID: String = "home", locale: String = "en-US", segment: String = "returning",
                    capabilities: Set<String> = [], experiments: [String: String] = [:], backend: BackendIdentity = backend) -> HomeCacheKey {
        HomeCacheKey(backend: backend, profile: ClientProfile(user: UserID(user)!, locale: locale, segment: segment, appVersion: VitrineApp.version,
                                                              capabilities: capabilities, experiments: experiments), pageID: pageID)
    }

    static func page(_ marker: String, size: Int = 100) -> Data {
        Data(#"{"page":{"id":"\#(marker)","pad":"\#(String(repeating: "x", count: size))"}}"#.utf8)
    }

    func files(withSuffix suffix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory.url, includingPropertiesForKeys: nil).filter { $0.lastPathComponent.hasSuffix(suffix) }
    }

    @Test func anEntryIsFreshForItsTTLOnTheInjectedClock() async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        await cache.store(Self.page("a"), etag: "\"e1\"", ttl: 60, for: Self.key())
        let entry = try #require(await cache.entry(for: Self.key()))
        #expect(entry.data == Self.page("a"))
        #expect(entry.etag == "\"e1\"")
        #expect(entry.isFresh(at: date.now))
        date.advance(by: 59)
        #expect(try #require(await cache.entry(for: Self.key())).isFresh(at: date.now))
        #expect(try #require(await cache.entry(for: Self.key())).age(at: date.now) == 59)
        date.advance(by: 1)
        #expect(try #require(await cache.entry(for: Self.key())).isFresh(at: date.now) == false)
        // A clock set back before the fetch does not make an entry fresh.
        #expect(!entry.isFresh(at: entry.fetchedAt!.addingTimeInterval(-5)))
    }

    @Test(arguments: ["truncate", "flip", "empty", "garbage"])
    func aTornOrCorruptEntryIsAMissIsDeletedAndIsReported(damage: String) async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        await cache.store(Self.page("a", size: 4000), etag: nil, ttl: 60, for: Self.key())
        let file = try #require(try files(withSuffix: ".page").first)
        var bytes = try Data(contentsOf: file)
        switch damage {
        case "truncate": bytes = bytes.prefix(bytes.count / 2)
        case "flip": bytes[bytes.count / 2] ^= 0x01
        case "empty": bytes = Data()
        default: bytes = Data("not a cache entry at all, just text".utf8)
        }
        try bytes.write(to: file)
        #expect(await cache.entry(for: Self.key()) == nil)
        #expect(try files(withSuffix: ".page").isEmpty)
        #expect(try files(withSuffix: ".fresh").isEmpty)
        #expect(await cache.corruptEntryCount == 1)
        #expect(problems.withLock { $0.count } == 1)
        #expect(await cache.count == 0)
    }

    @Test(arguments: ["oversized", "fifo", "directory"])
    func aFilePlantedInPlaceOfAnEntryIsAMissIsRemovedAndIsReported(kind: String) async throws {
        defer { directory.remove() }
        let cache = try makeCache(limits: HomeCache.Limits(maxBytes: 64 << 10, maxEntries: 10))
        await cache.store(Self.page("a"), etag: nil, ttl: 60, for: Self.key())
        let file = try #require(try files(withSuffix: ".page").first)
        try FileManager.default.removeItem(at: file)
        switch kind {
        case "oversized": try Data(count: 65 << 10).write(to: file)
        case "fifo": #expect(mkfifo(file.path, 0o600) == 0)
        default: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        }
        // A FIFO opened for reading would block until a writer came: it must not.
        #expect(await cache.entry(for: Self.key()) == nil)
        #expect(await cache.corruptEntryCount == 1)
        #expect(await cache.count == 0)
        let left = try files(withSuffix: ".page")
        #expect(kind == "directory" || left.isEmpty)
    }

    @Test func aFreshnessRecordOfAnotherVersionLeavesTheEntryStale() async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        await cache.store(Self.page("old"), etag: "\"1\"", ttl: 60, for: Self.key())
        let fresh = try #require(try files(withSuffix: ".fresh").first)
        let oldRecord = try Data(contentsOf: fresh)
        await cache.store(Self.page("new"), etag: "\"2\"", ttl: 60, for: Self.key())
        // As if the process died between writing the new page and its freshness record.
        try oldRecord.write(to: fresh)
        let entry = try #require(await cache.entry(for: Self.key()))
        #expect(entry.data == Self.page("new"))
        #expect(entry.fetchedAt == nil)
        #expect(!entry.isFresh(at: date.now))
    }

    @Test func renewingAfterA304DoesNotRewriteThePage() async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        await cache.store(Self.page("a"), etag: "\"e\"", ttl: 60, for: Self.key())
        let pageFile = try #require(try files(withSuffix: ".page").first)
        let inode = try FileManager.default.attributesOfItem(atPath: pageFile.path)[.systemFileNumber] as? NSNumber
        date.advance(by: 120)
        let stale = try #require(await cache.entry(for: Self.key()))
        #expect(!stale.isFresh(at: date.now))
        #expect(await cache.renew(stale, ttl: 30, for: Self.key()))
        let renewed = try #require(await cache.entry(for: Self.key()))
        #expect(renewed.isFresh(at: date.now))
        #expect(renewed.ttl == 30)
        #expect(renewed.data == stale.data)
        // The same file: a rewrite would have renamed a new one over it.
        #expect(try FileManager.default.attributesOfItem(atPath: pageFile.path)[.systemFileNumber] as? NSNumber == inode)
    }

    @Test func theLeastRecentlyUsedEntriesGoFirst() async throws {
        defer { directory.remove() }
        let cache = try makeCache(limits: HomeCache.Limits(maxBytes: 1 << 20, maxEntries: 3))
        for name in ["a", "b", "c"] {
            await cache.store(Self.page(name), etag: nil, ttl: 60, for: Self.key(pageID: name))
            date.advance(by: 1)
        }
        _ = await cache.entry(for: Self.key(pageID: "a"))  // a is now the most recent
        date.advance(by: 1)
        await cache.store(Self.page("d"), etag: nil, ttl: 60, for: Self.key(pageID: "d"))
        #expect(await cache.count == 3)
        #expect(await cache.entry(for: Self.key(pageID: "b")) == nil)
        for name in ["a", "c", "d"] { #expect(await cache.entry(for: Self.key(pageID: name)) != nil, "\(name)") }
    }

    @Test func theByteLimitEvictsToo() async throws {
        defer { directory.remove() }
        let cache = try makeCache(limits: HomeCache.Limits(maxBytes: 25_000, maxEntries: 100))
        for index in 0..<5 {
            await cache.store(Self.page("p\(index)", size: 10_000), etag: nil, ttl: 60, for: Self.key(pageID: "p\(index)"))
            date.advance(by: 1)
        }
        #expect(await cache.totalBytes <= 25_000)
        #expect(await cache.count == 2)
        #expect(await cache.entry(for: Self.key(pageID: "p4")) != nil)
        #expect(await cache.entry(for: Self.key(pageID: "p0")) == nil)
    }

    @Test func recencySurvivesAReopen() async throws {
        defer { directory.remove() }
        let limits = HomeCache.Limits(maxBytes: 1 << 20, maxEntries: 2)
        do {
            let cache = try makeCache(limits: limits)
            await cache.store(Self.page("a"), etag: nil, ttl: 60, for: Self.key(pageID: "a"))
            date.advance(by: 10)
            await cache.store(Self.page("b"), etag: nil, ttl: 60, for: Self.key(pageID: "b"))
            date.advance(by: 10)
            _ = await cache.entry(for: Self.key(pageID: "a"))
            date.advance(by: 10)
        }
        let reopened = try makeCache(limits: limits)
        await reopened.store(Self.page("c"), etag: nil, ttl: 60, for: Self.key(pageID: "c"))
        #expect(await reopened.entry(for: Self.key(pageID: "b")) == nil)
        #expect(await reopened.entry(for: Self.key(pageID: "a")) != nil)
    }

    @Test func logoutRemovesEveryEntryOfOneUserOnly() async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        for page in ["home", "campaign:x", "product:p-1001"] {
            await cache.store(Self.page(page), etag: nil, ttl: 60, for: Self.key("ada", pageID: page))
            await cache.store(Self.page(page), etag: nil, ttl: 60, for: Self.key("bob", pageID: page))
        }
        await cache.removeAll(for: UserID("ada")!)
        #expect(await cache.count == 3)
        #expect(await cache.entry(for: Self.key("ada")) == nil)
        #expect(await cache.entry(for: Self.key("bob")) != nil)
    }

    @Test func everyPartOfTheContextSeparatesEntries() async throws {
        defer { directory.remove() }
        let cache = try makeCache()
        let keys = [
            Self.key(), Self.key("bob"), Self.key(locale: "de-DE"), Self.key(segment: "vip"), Self.key(capabilities: ["video"]),
            Self.key(experiments: ["exp-hero-order": "b"]), Self.key(pageID: "campaign:cmp-flash"),
            HomeCacheKey(backend: Self.backend, profile: ClientProfile(user: UserID("ada")!, appVersion: AppVersion(major: 1)), pageID: "home"),
        ]
        for (index, key) in keys.enumerated() { await cache.store(Self.page("v\(index)"), etag: nil, ttl: 60, for: key) }
        #expect(await cache.count == keys.count)
        for (index, key) in keys.enumerated() { #expect(await cache.entry(for: key)?.data == Self.page("v\(index)")) }
    }

    @Test func leftoversOfACrashAreCleanedAtOpen() async throws {
        defer { directory.remove() }
        let leftover = directory.url.appendingPathComponent(AtomicFile.temporaryPrefix + "half-written")
        try Data("half".utf8).write(to: leftover)
        let orphan = directory.url.appendingPathComponent("0123456789abcdef-0123456789abcdef.fresh")
        try Data("orphan".utf8).write(to: orphan)
        let cache = try makeCache()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(!FileManager.default.fileExists(atPath: orphan.path))
        #expect(await cache.count == 0)
    }

    @Test func fileNamesNeverComeFromTheKey() throws {
        let key = Self.key("..", pageID: "../../etc/passwd")
        #expect(key.fileStem.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) || $0 == UInt8(ascii: "-") })
        #expect(key.fileStem.utf8.count == 33)
    }
}
