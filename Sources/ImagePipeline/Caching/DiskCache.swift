import Foundation
import PrivateFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Downloaded image bytes on disk, keyed by a string (the pipeline's `diskCacheKey` of a URL),
/// bounded in bytes, least recently used out.
///
/// - File names are a 128-bit hash of the key, never anything the server sent, so no response
///   can name a path. Each file starts with its key, checked on read, so a hash collision is a
///   miss rather than the wrong image.
/// - Crash-safe: a file is written under a temporary name and renamed into place (rename is
///   atomic), so a crash leaves either the old state or the new one; temporary leftovers are
///   deleted when the cache opens.
/// - Use order survives relaunch through file modification dates, touched on every read.
public actor DiskCache {
    /// The directory it owns.
    public nonisolated let directory: URL
    /// The budget in bytes.
    public nonisolated let sizeLimit: Int

    private struct Entry {
        var size: Int
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    private var totalSize = 0
    private static let temporaryPrefix = ".tmp-"
    private static let magic = Array("VTDC".utf8)

    /// Opens (creating if needed) the cache in `directory`. The files already there are
    /// indexed on first use, on the actor: the thread that opens the cache (the app's, before
    /// its first frame) never waits for a directory of pictures to be listed.
    public init(directory: URL, sizeLimit: Int) throws {
        self.directory = directory
        self.sizeLimit = max(0, sizeLimit)
        try PrivateDirectory.make(directory)
    }

    private var isIndexed = false

    /// Indexes the files in the directory, once, oldest first by modification date, deleting
    /// the temporary files of writes a crash interrupted. A directory that cannot be listed is
    /// an empty cache.
    private func indexIfNeeded() {
        guard !isIndexed else { return }
        isIndexed = true
        let files = FileManager.default
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let contents = try? files.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var found: [(name: String, size: Int, date: Date)] = []
        for file in contents {
            let name = file.lastPathComponent
            if name.hasPrefix(Self.temporaryPrefix) {
                try? files.removeItem(at: file) // a write a crash interrupted
                continue
            }
            guard Self.isCacheFileName(name) else { continue }
            let values = try? file.resourceValues(forKeys: Set(keys))
            found.append((name, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast))
        }
        for file in found.sorted(by: { $0.date < $1.date }) {
            clock += 1
            entries[file.name] = Entry(size: file.size, lastUse: clock)
            totalSize += file.size
        }
    }

    /// The bytes stored for `key`, which become the most recently used; nil when absent.
    public func data(for key: String) -> Data? {
        indexIfNeeded()
        let name = Self.fileName(for: key)
        guard entries[name] != nil else { return nil }
        let file = directory.appendingPathComponent(name)
        // A regular file no larger than the whole cache, never through a link: what stands in
        // an entry's place cannot fill the memory.
        guard let stored = FileSystem.read(file.path, maxBytes: sizeLimit), let body = Self.body(of: stored, for: key) else {
            remove(name)
            return nil
        }
        clock += 1
        entries[name]?.lastUse = clock
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return body
    }

    /// Stores `data` for `key`, then evicts least recently used files until the total fits.
    /// Bytes larger than the whole budget are not stored. Failures only mean a later miss.
    public func store(_ data: Data, for key: String) {
        indexIfNeeded()
        let name = Self.fileName(for: key)
        let record = Self.record(data, for: key)
        guard record.count <= sizeLimit else { return }
        let final = directory.appendingPathComponent(name)
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString)
        do {
            try PrivateFile.write(record, toNew: temporary.path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        // Ordering: the bytes are complete on disk before the name appears.
        guard rename(temporary.path, final.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        if let old = entries[name] { totalSize -= old.size }
        clock += 1
        entries[name] = Entry(size: record.count, lastUse: clock)
        totalSize += record.count
        evict()
    }

    /// Whether bytes for `key` are stored, without touching its use order.
    public func contains(_ key: String) -> Bool {
        indexIfNeeded()
        return entries[Self.fileName(for: key)] != nil
    }

    /// Deletes every file.
    public func removeAll() {
        indexIfNeeded()
        for name in entries.keys { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
        entries.removeAll()
        totalSize = 0
    }

    /// The bytes on disk now (file headers included).
    public var size: Int {
        indexIfNeeded()
        return totalSize
    }

    private func evict() {
        while totalSize > sizeLimit, let victim = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(victim)
        }
    }

    private func remove(_ name: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        if let entry = entries.removeValue(forKey: name) { totalSize -= entry.size }
    }

    /// 32 hex digits: two FNV-1a 64-bit hashes of the key with different seeds.
    static func fileName(for key: String) -> String {
        let bytes = Array(key.utf8)
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return hash
        }
        let high = fnv(0xCBF2_9CE4_8422_2325), low = fnv(0x84222325_CBF29CE4)
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func isCacheFileName(_ name: String) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// "VTDC", the key's length (4 bytes, big-endian), the key, then the body.
    private static func record(_ data: Data, for key: String) -> Data {
        let key = Array(key.utf8)
        var record = Data(magic)
        let length = UInt32(clamping: key.count)
        record.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
        record.append(contentsOf: key)
        record.append(data)
        return record
    }

    private static func body(of record: Data, for key: String) -> Data? {
        let key = Array(key.utf8)
        let header = magic.count + 4
        guard record.count >= header + key.count, Array(record.prefix(magic.count)) == magic else { return nil }
        let lengthBytes = Array(record.dropFirst(magic.count).prefix(4))
        let length = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
        guard length == key.count, Array(record.dropFirst(header).prefix(length)) == key else { return nil }
        return Data(record.dropFirst(header + length))
    }
}
