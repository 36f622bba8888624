import Foundation
import SQLiteSupport
import Testing
import TestSupport
@testable import VitrineCLI

/// What has expired leaves the store whole: 2,500 sessions nobody used, a day and an hour later
/// (`--now`), are all deleted at once, not a thousand of them a sweep every ten minutes, which
/// the allowance's hundred new sessions a second would outrun.
@Suite("the store's sweep", .serialized)
struct StoreSweepTests {
    static func count(_ sql: StaticString, in data: URL) throws -> Int {
        let database = try SQLiteConnection(path: data.appendingPathComponent("vitrine.sqlite").path, busyTimeout: .seconds(5))
        defer { database.close() }
        let statement = try database.statement(sql)
        defer { statement.reset() }
        return try statement.step() ? Int(statement.int64(0)) : -1
    }

    @Test func everySessionThatExpiredIsDeletedNotAThousandOfThem() async throws {
        let scratch = try ScratchDirectory("sweep")
        defer { scratch.remove() }
        let data = scratch.file("data")
        let first = try await ServeProcess.start(["--data", data.path, "--now", "2027-01-15T08:00:00Z", "--new-sessions-per-address", "off"])
        let clients = (0..<4).map { _ in first.client() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask { for _ in 0..<625 { _ = try await client.startSession() } }
            }
            try await group.waitForAll()
        }
        #expect(await first.stop() == 0)
        #expect(try Self.count("SELECT count(*) FROM shoppers", in: data) == 2_500)

        let later = try await ServeProcess.start(["--data", data.path, "--now", "2027-01-16T09:00:00Z"])
        let watching = ContinuousClock.now
        var left = try Self.count("SELECT count(*) FROM shoppers", in: data)
        while left > 0, ContinuousClock.now - watching < .seconds(30) {
            await Task.yield()
            left = try Self.count("SELECT count(*) FROM shoppers", in: data)
        }
        #expect(left == 0, "\(left) expired sessions still stored")
        #expect(await later.stop() == 0)
    }
}
