import Foundation
import Testing

@testable import ImagePipeline

@Suite("DiskCache")
struct DiskCacheTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-disk-\(UUID().uuidString)")

    func url(_ name: String) -> String { "https://images.example/\(name)" }

    /// Each record is the body plus a header of 8 bytes and the key.
    func overhead(_ name: String) -> Int { 8 + url(name).utf8.count }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// An entry's file replaced by one larger than the whole cache (a sparse file, a link to
    /// one) took gigabytes of memory to read: it is a miss, and its file goes.
    @Test func anEntryLargerThanTheWholeCacheIsAMissAndGoes() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DiskCache(directory: directory, sizeLimit: 10_000)
        await cache.store(Data([1, 2, 3]), for: url("a"))
        let name = try #require(try files().first)
        let path = directory.appendingPathComponent(name).path
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 10_001)
        try handle.close()
        #expect(await cache.data(for: url("a")) == nil)
        #expect(try files().isEmpty)
    }

    @Test func storesAndReadsBytesByKey() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DiskCache(directory: directory, sizeLimit: 10_000)
        await cache.store(Data([1, 2, 3]), for: url("a"))
        #expect(await cache.data(for: url("a")) == Data([1, 2, 3]))
        #expect(await cache.data(for: url("b")) == nil)
        #expect(await cache.size == 3 + overhead("a"))
    }

    @Test func evictsTheLeastRecentlyUsedToStayWithinItsBytes() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = Data(repeating: 7, count: 300)
        let cache = try DiskCache(directory: directory, sizeLimit: 3 * (300 + overhead("a")))
        await cache.store(body, for: url("a"))
        await cache.store(body, for: url("b"))
        await cache.store(body, for: url("c"))
        _ = await cache.data(for: url("a")) // b is now the least recently used
        await cache.store(body, for: url("d"))
        #expect(await cache.contains(url("a")))
        #expect(await !cache.contains(url("b")))
        #expect(await cache.contains(url("c")))
        #expect(await cache.contains(url("d")))
        #expect(await cache.size <= cache.sizeLimit)
        #expect(try files().count == 3)
    }

    @Test func bytesLargerThanTheWholeBudgetAreNotStored() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DiskCache(directory: directory, sizeLimit: 100)
        await cache.store(Data(repeating: 1, count: 200), for: url("big"))
        #expect(await !cache.contains(url("big")))
        #expect(try files().isEmpty)
    }

    @Test func fileNamesAreHashesNeverServerData() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DiskCache(directory: directory, sizeLimit: 10_000)
        let hostile = "https://images.example/../../etc/passwd%2F..%2F"
        await cache.store(Data([9]), for: hostile)
        let names = try files()
        #expect(names.count == 1)
        #expect(names.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(await cache.data(for: hostile) == Data([9]))
    }

    @Test func survivesReopeningAndCleansInterruptedWrites() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let cache = try DiskCache(directory: directory, sizeLimit: 10_000)
            await cache.store(Data([4, 5]), for: url("kept"))
        }
        // A crash between writing and renaming leaves a temporary file behind.
        try Data([0xDE, 0xAD]).write(to: directory.appendingPathComponent(".tmp-interrupted"))
        let reopened = try DiskCache(directory: directory, sizeLimit: 10_000)
        #expect(await reopened.data(for: url("kept")) == Data([4, 5]))
        #expect(try files().count == 1)
        #expect(await reopened.size == 2 + overhead("kept"))
    }

    @Test func aFileThatDoesNotMatchItsURLIsAMiss() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DiskCache(directory: directory, sizeLimit: 10_000)
        await cache.store(Data([1]), for: url("a"))
        let name = DiskCache.fileName(for: url("a"))
        try Data("garbage".utf8).write(to: directory.appendingPathComponent(name))
        #expect(await cache.data(for: url("a")) == nil)
        #expect(await !cache.contains(url("a")))
    }
}
