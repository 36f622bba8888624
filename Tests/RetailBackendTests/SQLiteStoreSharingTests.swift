import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import RetailBackend

/// Several stores on one data directory: the app's embedded backend and `vitrine serve` share the
/// default directory, and two people on one machine run two apps. Each process has its own
/// connections, so two stores in one test process are the same case: SQLite locks by file,
/// whatever process holds the connection.
extension SQLiteStoreTests {
    @Test func twoStoresOnOneDirectoryShareShoppersAndWriteAtOnceWithoutA503() async throws {
        let directory = try ScratchDirectory("sqlite-shared")
        let first = try await open(directory)
        let second = try await open(directory)
        // A commit at one store must not leave the other's writer on a read snapshot taken at
        // its start: its next BEGIN IMMEDIATE would fail (SQLITE_BUSY_SNAPSHOT, a 503).
        let ana = try await session(first)
        let bob = try await session(second)
        #expect(try await add(second, ana.token, key: "a-0").status == 200)
        #expect(try await add(first, bob.token, key: "b-0").status == 200)

        let statuses = Mutex<[Int]>([])
        let tokens = [ana.token, bob.token]
        await offThePool {
            DispatchQueue.concurrentPerform(iterations: 48) { index in
                let backend = index.isMultiple(of: 2) ? first : second
                let token = tokens[(index / 2) % 2]
                let status = backend.respond(to: post("/v1/cart/items", json: #"{"product_id":"p-1001"}"#,
                                                      headers: ["authorization": "Bearer \(token)", "idempotency-key": "c-\(index)"])).status
                statuses.withLock { $0.append(status) }
            }
        }
        #expect(statuses.withLock { $0 }.filter { $0 != 200 } == [])
        #expect(try await cart(first, ana.token)[path: "items", 0, "quantity"] == 25)
        #expect(try await cart(second, bob.token)[path: "items", 0, "quantity"] == 25)
        // A key answered at one store is answered, not applied again, at the other.
        #expect(try await add(first, ana.token, key: "a-0").status == 200)
        #expect(try await cart(second, ana.token)[path: "items", 0, "quantity"] == 25)
        try await close(first)
        try await close(second)
    }

    @Test func storesOpeningANewDirectoryAtOnceMigrateItOnceAndAllStart() async throws {
        let directory = try ScratchDirectory("sqlite-shared-start")
        let clock = self.clock
        let opened = Mutex<[Result<HomeBackend, any Error>]>([])
        await offThePool {
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let result = Result { () throws -> HomeBackend in
                    try makeBackend(clock: clock) { $0.storage = .sqlite(directory: directory.url) }
                }
                opened.withLock { $0.append(result) }
            }
        }
        let backends = try opened.withLock { $0 }.map { try $0.get() }
        #expect(backends.count == 4)
        let ana = try await session(backends[0])
        for (index, backend) in backends.enumerated() {
            #expect(try await add(backend, ana.token, key: "k-\(index)").status == 200)
        }
        #expect(try await cart(backends[3], ana.token)[path: "items", 0, "quantity"] == 4)
        for backend in backends { try await close(backend) }
    }
}
