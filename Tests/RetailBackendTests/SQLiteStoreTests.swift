import Dispatch
import Synchronization
import FlowCore
import Foundation
import SQLiteSupport
import Testing
import TestSupport
@testable import HTTPServer
@testable import RetailBackend

/// The embedded durable store (`SQLiteStore`): what a backend acknowledged is there after a
/// restart on the same directory, tokens are kept only as their keyed hash, the schema is migrated
/// on start, and a store it cannot use is refused, never changed.
///
/// A request to this store waits for its writer's commit (an `fsync`), and opening one for its
/// migrations: the tests are async and make every such call through `offThePool`, on a thread of
/// its own, never holding one of the cooperative pool's.
@Suite struct SQLiteStoreTests {
    let clock = TestClock()

    func open(_ directory: ScratchDirectory) async throws -> HomeBackend {
        let clock = self.clock
        return try await offThePool { try makeBackend(clock: clock) { $0.storage = .sqlite(directory: directory.url) } }
    }

    func respond(_ backend: HomeBackend, to request: HTTPRequest) async throws -> HTTPResponse {
        await offThePool { backend.respond(to: request) }
    }

    func close(_ backend: HomeBackend) async throws {
        await offThePool { backend.close() }
    }

    func session(_ backend: HomeBackend) async throws -> (token: String, shopper: String) {
        try await offThePool { try startSession(backend) }
    }

    func add(_ backend: HomeBackend, _ token: String, key: String, product: String = "p-1001") async throws -> HTTPResponse {
        try await respond(backend, to: post("/v1/cart/items", json: #"{"product_id":"\#(product)"}"#,
                                            headers: ["authorization": "Bearer \(token)", "idempotency-key": key]))
    }

    func cart(_ backend: HomeBackend, _ token: String) async throws -> JSONValue {
        try parse(try await respond(backend, to: get("/v1/cart", headers: ["authorization": "Bearer \(token)"])))
    }

    func events(_ backend: HomeBackend, _ token: String, ids: [String]) async throws -> JSONValue {
        let body = #"{"events":["# + ids.map { #"{"event_id":"\#($0)","name":"tap"}"# }.joined(separator: ",") + "]}"
        return try parse(try await respond(backend, to: post("/v1/events", json: body, headers: ["authorization": "Bearer \(token)"])))
    }

    @Test func aRestartKeepsSessionsCartsTheAnswersOfKeysAndEventIDs() async throws {
        let directory = try ScratchDirectory("sqlite-restart")
        let first = try await open(directory)
        let ana = try await session(first)
        let answered = try await add(first, ana.token, key: "k-1")
        #expect(answered.status == 200)
        clock.advance(seconds: 5)
        #expect(try await add(first, ana.token, key: "k-2", product: "p-1003").status == 200)
        #expect(try await events(first, ana.token, ids: ["e-1", "e-2"]) == ["accepted": 2, "duplicates": 0])
        let before = try await cart(first, ana.token)
        try await close(first)

        let second = try await open(directory)
        #expect(try await cart(second, ana.token) == before, "the same cart, revision and lines")
        // A retry that crosses the restart gets the answer remembered for its key, byte for
        // byte, and applies nothing.
        let retried = try await add(second, ana.token, key: "k-1")
        #expect(retried.status == 200)
        #expect(retried.body == answered.body)
        #expect(try await cart(second, ana.token) == before)
        let reused = try await respond(second, to: post("/v1/cart/items", json: #"{"product_id":"p-1004"}"#,
                                             headers: ["authorization": "Bearer \(ana.token)", "idempotency-key": "k-2"]))
        #expect(try parse(reused)[path: "error", "code"] == "idempotency_key_reused")
        #expect(try await events(second, ana.token, ids: ["e-2", "e-3"]) == ["accepted": 1, "duplicates": 1])
        try await close(second)
    }

    @Test func anExpiredKeyIsForgottenAndItsRetryAppliesAgain() async throws {
        let directory = try ScratchDirectory("sqlite-keys")
        let backend = try await open(directory)
        let ana = try await session(backend)
        #expect(try await add(backend, ana.token, key: "k-1").status == 200)
        clock.advance(seconds: 86_399)
        #expect(try await add(backend, ana.token, key: "k-1").status == 200)
        #expect(try await cart(backend, ana.token)[path: "items", 0, "quantity"] == 1)
        clock.advance(seconds: 1)  // 24 h after the key was used
        #expect(try await add(backend, ana.token, key: "k-1").status == 200)
        #expect(try await cart(backend, ana.token)[path: "items", 0, "quantity"] == 2)
        try await close(backend)
    }

    @Test func concurrentRetriesOfOneKeyApplyOnceAndDistinctKeysEachOnce() async throws {
        let directory = try ScratchDirectory("sqlite-concurrent")
        let backend = try await open(directory)
        let ana = try await session(backend)
        let statuses = Mutex<[Int]>([])
        let token = ana.token
        #expect(StoreLimits().keysPerShopper >= 17)
        await offThePool {
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                // Three in four retry one key, the rest each use their own: 17 distinct keys,
                // inside the shopper's window of 32, so no key is forgotten while retried.
                let key = index % 4 != 0 ? "same" : "own-\(index)"
                let status = backend.respond(to: post("/v1/cart/items", json: #"{"product_id":"p-1001"}"#,
                                                      headers: ["authorization": "Bearer \(token)", "idempotency-key": key])).status
                statuses.withLock { $0.append(status) }
            }
        }
        #expect(statuses.withLock { $0 }.allSatisfy { $0 == 200 })
        #expect(try await cart(backend, ana.token)[path: "items", 0, "quantity"] == 17)
        let writes = try #require(backend.committedWrites)
        #expect(writes.transactions <= writes.changes, "a commit carries at least one change")
        try await close(backend)
    }

    @Test func tokensAreKeptOnlyAsTheirKeyedHashAndFilesAreTheOwnersAlone() async throws {
        let directory = try ScratchDirectory("sqlite-tokens")
        let backend = try await open(directory)
        var sessions: [(token: String, shopper: String)] = []
        for _ in 0..<3 { sessions.append(try await session(backend)) }
        for session in sessions { #expect(try await add(backend, session.token, key: "k").status == 200) }
        try await close(backend)
        var stored = Data()
        for name in ["vitrine.sqlite", "vitrine.sqlite-wal"] {
            stored += (try? Data(contentsOf: directory.file(name))) ?? Data()
        }
        #expect(stored.count > 0)
        let keyText = try String(contentsOf: directory.file("session.key"), encoding: .utf8)
        let keyBytes = try #require(Crypto.bytes(hex: keyText.trimmingCharacters(in: .whitespacesAndNewlines)))
        let key = try #require(SessionKey(bytes: keyBytes))
        for session in sessions {
            let token = try #require(SessionToken.parse(authorization: "Bearer \(session.token)"))
            #expect(stored.firstRange(of: Data(session.token.utf8)) == nil, "no token in the store")
            #expect(stored.firstRange(of: Data(session.token.dropFirst(4).utf8)) == nil)
            let plainHash = try #require(Crypto.sha256(Array(session.token.utf8)))
            #expect(stored.firstRange(of: Data(Crypto.hex(plainHash).utf8)) == nil, "no unkeyed hash either")
            let digest = try #require(key.digest(token))
            #expect(stored.firstRange(of: Data(Crypto.hex(digest.bytes).utf8)) != nil, "its HMAC under the key")
        }
        for (name, mode) in [("", 0o700), ("session.key", 0o600), ("vitrine.sqlite", 0o600)] {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.file(name).path)
            #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == mode, "\(name)")
        }
    }

    @Test func aStoreIsRefusedWithAnotherSessionKeyAndAKeyOthersMayRead() async throws {
        let directory = try ScratchDirectory("sqlite-key")
        let backend = try await open(directory)
        let ana = try await session(backend)
        try await close(backend)
        let keyFile = directory.file("session.key")
        let original = try Data(contentsOf: keyFile)
        try Data((String(repeating: "ab", count: 32) + "\n").utf8).write(to: keyFile)
        await #expect(throws: HomeBackend.SetupError.self) { try await open(directory) }
        do {
            _ = try await open(directory)
        } catch {
            #expect("\(error)".contains("another session key"))
        }
        try original.write(to: keyFile)
        chmod(keyFile.path, 0o644)
        do {
            _ = try await open(directory)
            Issue.record("a key others may read was used")
        } catch {
            #expect("\(error)".contains("chmod 600"))
        }
        chmod(keyFile.path, 0o600)
        let reopened = try await open(directory)
        #expect(try await cart(reopened, ana.token)["item_count"] == 0)
        try await close(reopened)
    }

    @Test func anOlderSchemaIsMigratedOnStartAndANewerOrForeignOneRefusedUnchanged() async throws {
        let directory = try ScratchDirectory("sqlite-migrate")
        let path = directory.file("vitrine.sqlite").path
        _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        do {
            let database = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            try SQLiteSchema.migrate(database, upTo: 1)
            #expect(try SQLiteSchema.userVersion(database) == 1)
            database.close()
        }
        let backend = try await open(directory)
        let ana = try await session(backend)
        #expect(try await add(backend, ana.token, key: "k").status == 200)
        try await close(backend)
        do {
            let database = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            #expect(try SQLiteSchema.userVersion(database) == SQLiteSchema.current)
            try database.execute("PRAGMA user_version = 99")
            database.close()
        }
        do {
            _ = try await open(directory)
            Issue.record("a store of a newer version was opened")
        } catch {
            #expect("\(error)".contains("newer vitrine"))
        }
        do {
            let database = try SQLiteConnection(path: path, busyTimeout: .seconds(1))
            #expect(try SQLiteSchema.userVersion(database) == 99, "left as it was")
            database.close()
        }

        let foreign = try ScratchDirectory("sqlite-foreign")
        let foreignPath = foreign.file("vitrine.sqlite").path
        _ = FileManager.default.createFile(atPath: foreignPath, contents: nil, attributes: [.posixPermissions: 0o600])
        do {
            let database = try SQLiteConnection(path: foreignPath, busyTimeout: .seconds(1))
            try database.execute("CREATE TABLE notes (text TEXT)")
            database.close()
        }
        do {
            _ = try await open(foreign)
            Issue.record("another program's database was opened")
        } catch {
            #expect("\(error)".contains("another program"))
        }
    }

    /// Runs `sql` on the store's writer connection, between batches, and waits for it (on a
    /// thread of its own).
    func onWriter(_ backend: HomeBackend, _ apply: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Void) async throws {
        let store = try #require(backend.store as? SQLiteStore)
        await offThePool {
            let done = DispatchSemaphore(value: 0)
            store.writer.submit(SQLiteWriter.Job(run: { database throws(SQLiteError) in
                try apply(database)
                return { done.signal() }
            }, fail: { _ in done.signal() }))
            done.wait()
        }
    }

    @Test func aFullDiskRefusesChangesWith507ReadsGoOnAndTheRetryAppliesOnceThereIsRoom() async throws {
        let directory = try ScratchDirectory("sqlite-full")
        let backend = try await open(directory)
        let ana = try await session(backend)
        // The database may not grow past the pages it has now, as on a full disk (SQLite raises
        // a maximum below the database's size to that size).
        try await onWriter(backend) { database throws(SQLiteError) in try database.execute("PRAGMA max_page_count = 1") }
        var acknowledged = 0
        var refused: HTTPResponse?
        for index in 0..<500 {
            let key = "k-\(index)-" + String(repeating: "x", count: 200)
            let answer = try await add(backend, ana.token, key: key)
            guard answer.status == 200 else {
                refused = answer
                break
            }
            acknowledged += 1
        }
        let full = try #require(refused)
        #expect(full.status == 507)
        #expect(try parse(full)[path: "error", "code"] == "storage_full")
        #expect(full.headers.first { $0.name == "Retry-After" }?.value == "30")
        #expect(try await cart(backend, ana.token)[path: "items", 0, "quantity"] == .integer(acknowledged), "reads go on; nothing half there")
        try await onWriter(backend) { database throws(SQLiteError) in try database.execute("PRAGMA max_page_count = 1073741823") }
        let retried = try await add(backend, ana.token, key: "k-\(acknowledged)-" + String(repeating: "x", count: 200))
        #expect(retried.status == 200)
        #expect(try await cart(backend, ana.token)[path: "items", 0, "quantity"] == .integer(acknowledged + 1))
        try await close(backend)
    }

    @Test func sqliteErrorsMapToWhatTheClientIsTold() {
        #expect(RequestError(StoreError(SQLiteError(code: 13, message: "full"))).status == 507)
        #expect(RequestError(StoreError(SQLiteError(code: 5, message: "busy"))).status == 503)
        #expect(RequestError(StoreError(SQLiteError(code: 10 | (4 << 8), message: "io"))).status == 503)
        let unavailable = RequestError(StoreError.unavailable("/secret/path down"))
        #expect(unavailable.headers["Retry-After"] == "1")
        #expect(!unavailable.message.contains("/secret/path"), "the store's words stay in the log")
    }
}
