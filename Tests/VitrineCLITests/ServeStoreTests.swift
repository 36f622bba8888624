import Foundation
import SQLiteSupport
import Testing
import TestSupport
@testable import RetailBackend

#if canImport(Glibc)
import Glibc
#endif

/// `vitrine serve --data DIR` and the SQLite store in DIR, through the binary: a database that is
/// not this build's is refused and left byte for byte as it was with nothing beside it; an
/// instance started while another holds the store's write lock (its migration) waits, then serves;
/// and the migrations of event ids (to bytes, then to one window a shopper) take no more memory for a larger table.
@Suite("vitrine serve --data", .serialized)
struct ServeStoreTests {
    /// What a directory holds, as far as anyone could tell it was touched: each entry's name,
    /// kind, mode, size, modification time and bytes, and the directory's own mode and
    /// modification time (which a file made and removed again changes).
    struct Snapshot: Equatable, CustomStringConvertible {
        var directory: String
        var entries: [String: String]

        init(_ url: URL) throws {
            var status = stat()
            #expect(lstat(url.path, &status) == 0)
            directory = "mode \(String(status.st_mode, radix: 8)) mtime \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
            entries = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
                let path = url.appendingPathComponent(name).path
                #expect(lstat(path, &status) == 0)
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
                entries[name] = "mode \(String(status.st_mode, radix: 8)) size \(status.st_size) "
                    + "mtime \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) bytes \(Crypto.hex(Crypto.sha256(Array(bytes)) ?? []))"
            }
        }

        var description: String {
            ([directory] + entries.keys.sorted().map { "\($0): \(entries[$0] ?? "")" }).joined(separator: "\n")
        }
    }

    /// Databases other programs made, each in the journal mode it chose (`DELETE` is SQLite's
    /// default; `WAL` persists in the file): a table of its own and no `user_version`; a
    /// `user_version` of its own (many programs set one) over a table of ours in name only, or
    /// over its own; a table whose name only looks like SQLite's own (`sqliteS…`, `sqliteusers`).
    static let foreignSchemas: [StaticString] = [
        "CREATE TABLE notes (text TEXT NOT NULL); INSERT INTO notes (text) VALUES ('mine, not vitrine''s')",
        "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO settings VALUES ('theme', 'dark'); PRAGMA user_version = 4",
        "CREATE TABLE notes (text TEXT NOT NULL); INSERT INTO notes (text) VALUES ('mine'); PRAGMA user_version = 1",
        "CREATE TABLE SQLiteStudio_notes (text TEXT NOT NULL); INSERT INTO SQLiteStudio_notes (text) VALUES ('mine')",
        "CREATE TABLE sqliteusers (name TEXT)",
    ]

    static func foreignDatabase(_ path: String, journalMode: String, schema: StaticString = foreignSchemas[0]) throws {
        let database = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        defer { database.close() }
        if journalMode == "WAL" { try database.execute("PRAGMA journal_mode = WAL") }
        try database.execute(schema)
    }

    @Test(arguments: ["DELETE", "WAL"], foreignSchemas.indices)
    func anotherProgramsDatabaseIsRefusedAndLeftByteForByte(journalMode: String, schema: Int) async throws {
        let scratch = try ScratchDirectory("serve-foreign")
        let data = scratch.file("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try Self.foreignDatabase(data.appendingPathComponent("vitrine.sqlite").path, journalMode: journalMode, schema: Self.foreignSchemas[schema])
        let before = try Snapshot(data)
        #expect(before.entries.keys.sorted() == ["vitrine.sqlite"], "\(before)")

        let result = try await VitrineProcess.run(["serve", "--port", "0", "--data", data.path])
        #expect(result.status == 1)
        #expect(result.err.contains("it is a database of another program"), "\(result.err)")
        #expect(result.out.isEmpty, "it never listened")
        let after = try Snapshot(data)
        #expect(after == before, "before:\n\(before)\nafter:\n\(after)")
    }

    @Test func aNewerVitrinesStoreIsRefusedAndLeftByteForByte() async throws {
        let scratch = try ScratchDirectory("serve-newer")
        let data = scratch.file("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        do {
            // As a newer vitrine leaves its store: WAL, every migration this one knows and more.
            let database = try SQLiteConnection(path: data.appendingPathComponent("vitrine.sqlite").path, busyTimeout: .seconds(1))
            defer { database.close() }
            try database.execute("PRAGMA journal_mode = WAL")
            try SQLiteSchema.migrate(database)
            try database.execute("PRAGMA user_version = 99")
        }
        let before = try Snapshot(data)
        #expect(before.entries.keys.sorted() == ["vitrine.sqlite"], "\(before)")

        let result = try await VitrineProcess.run(["serve", "--port", "0", "--data", data.path])
        #expect(result.status == 1)
        #expect(result.err.contains("newer vitrine (schema 99"), "\(result.err)")
        let after = try Snapshot(data)
        #expect(after == before, "before:\n\(before)\nafter:\n\(after)")
    }

    @Test func aBrandNewDirectoryIsMadeAndServes() async throws {
        let scratch = try ScratchDirectory("serve-new")
        let data = scratch.file("new/data")
        let server = try await ServeProcess.start(["--data", data.path])
        #expect(try await server.get("/v1/status").status == 200)
        #expect(await server.stop() == 0)
        let made = try Snapshot(data)
        #expect(made.entries.keys.sorted() == ["session.key", "vitrine.sqlite"], "\(made)")
        #expect(made.directory.hasPrefix("mode 40700 "), "\(made)")
    }

    /// "database is locked" ended a second instance that started while the first held the
    /// store's write lock for longer than the busy timeout (as a long migration does). It waits
    /// for the lock however long it takes, says so, then serves. The lock is let go only once
    /// the waiting instance has said that it waits: nothing here depends on how long anything
    /// takes.
    @Test func anInstanceStartedWhileTheStoreIsLockedWaitsThenServes() async throws {
        let scratch = try ScratchDirectory("serve-locked")
        let data = scratch.file("data")
        let first = try await ServeProcess.start(["--data", data.path])
        #expect(await first.stop() == 0)
        let holder = try SQLiteConnection(path: data.appendingPathComponent("vitrine.sqlite").path, busyTimeout: .seconds(1))
        defer { holder.close() }
        try holder.execute("BEGIN IMMEDIATE")

        let (lines, errorLines) = AsyncStream.makeStream(of: String.self)
        async let started = ServeProcess.start(["--data", data.path], errorLines: errorLines)
        var saidItWaits = false
        for await line in lines where line.contains("is locked by another process (another vitrine migrating it?): waiting for it") {
            saidItWaits = true
            break
        }
        #expect(saidItWaits)
        try holder.execute("ROLLBACK")
        let second = try await started
        #expect(try await second.get("/v1/status").status == 200)
        #expect(second.log.contains { $0.hasSuffix("vitrine.sqlite is free: starting") }, "\(second.logText)")
        #expect(await second.stop() == 0)
    }

    /// A version-2 store of `shoppers` shoppers whose `event_ids` hold `idsPerShopper`
    /// hexadecimal digests each.
    static func versionTwoStore(in directory: URL, shoppers: Int, idsPerShopper: Int) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory.appendingPathComponent("vitrine.sqlite").path
        let database = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
        defer { database.close() }
        try database.execute("PRAGMA journal_mode = WAL")
        try SQLiteSchema.migrate(database, upTo: 2)
        try database.writeTransaction { () throws(SQLiteError) in
            let insert = try database.statement("INSERT INTO event_ids (shopper, digest, received_at) VALUES (?1, ?2, ?3)")
            let row = try database.statement("INSERT INTO shoppers (id, token_digest, expires_at, revision) VALUES (?1, ?2, ?3, 0)")
            for shopper in 0..<shoppers {
                let shopperID = "shp_\(String(repeating: "0", count: 28))\(String(format: "%04d", shopper))"
                row.reset()
                try row.bind(1, shopperID)
                try row.bind(2, "digest-\(shopper)")
                try row.bind(3, Int64(4_000_000_000_000))  // in 2096: not swept
                try row.step()
                for id in 0..<idsPerShopper {
                    insert.reset()
                    try insert.bind(1, shopperID)
                    try insert.bind(2, EventDigest.hex(ExactText("e-\(shopper)-\(id)")))
                    try insert.bind(3, Int64(1_800_000_000_000 + id))
                    try insert.step()
                }
            }
        }
        #expect(chmod(path, 0o600) == 0)
    }

    /// The most memory `vitrine serve` held while it migrated `store` and started.
    static func peakResidentBytes(migrating store: URL) async throws -> Int {
        let server = try await ServeProcess.start(["--data", store.path])
        let peak = try #require(server.peakResidentBytes)
        #expect(await server.stop() == 0)
        return peak
    }

    /// The migration to version 3 read every event id into an array before it wrote one back
    /// (223 MiB for a million rows): its memory grew with the table. It streams now.
    ///
    /// How this is measured without timing: each store is migrated by a `vitrine serve` child
    /// of its own, alone in its process, whose peak resident memory (`VmHWM`, kept by the
    /// kernel since the process started) is read once it listens, i.e. after the migration. A
    /// store of 300,000 event ids and one of 1,000 are migrated the same way; the difference of
    /// the two peaks is what the 299,000 more rows cost. Collected, they cost about 60 MiB (in
    /// this debug build, measured on the old code); streamed, SQLite's page cache (2 MiB) is
    /// all that is held, whatever the table's size. The bound, 16 MiB, sits between the two
    /// with room for what two processes' allocators differ by.
    @Test func theMigrationToBinaryDigestsTakesNoMoreMemoryForALargerTable() async throws {
        let scratch = try ScratchDirectory("serve-migrate-memory")
        let small = scratch.file("small")
        let large = scratch.file("large")
        try await offThePool {
            try Self.versionTwoStore(in: small, shoppers: 1, idsPerShopper: 1_000)
            try Self.versionTwoStore(in: large, shoppers: 300, idsPerShopper: 1_000)
        }
        let smallPeak = try await Self.peakResidentBytes(migrating: small)
        let largePeak = try await Self.peakResidentBytes(migrating: large)
        let growth = largePeak - smallPeak
        #expect(growth < 16 << 20, "299,000 more event ids took \(growth >> 20) MiB more (\(smallPeak >> 20) MiB, then \(largePeak >> 20) MiB)")

        // And the result is the migration's: every row, as 16 bytes.
        let database = try SQLiteConnection(path: large.appendingPathComponent("vitrine.sqlite").path, busyTimeout: .seconds(1))
        defer { database.close() }
        let count = try database.statement("SELECT count(*), sum(length(digests)) FROM event_windows")
        #expect(try count.step() && count.int64(0) == 300 && count.int64(1) == 300_000 * 16)
        count.reset()
    }
}
