import Foundation
import SQLiteSupport
import Synchronization
import Testing
import TestSupport
@testable import HTTPServer
@testable import RetailBackend

/// The durable store's size has a bound: each sweep deletes everything expired, so the sessions
/// stored past their expiry are at most those that expired within one sweep interval; at the
/// default allowance of new sessions (10,000 at once, then 100 a second) and sweep interval (60
/// s), at most 10,000 + 100 × 60 (docs/backend.md, "Bounds").
extension SQLiteStoreTests {
    static let expiredBound = 10_000 + 100 * 60

    /// `count` new sessions asked for at once from `addresses` client addresses, each request
    /// answered by the backend's callback; how many were made (the rest refused with 429).
    static func newSessions(_ backend: HomeBackend, count: Int, addresses: Int = 200) async -> Int {
        guard count > 0 else { return 0 }
        let made = Atomic(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let answered = Atomic(0)
            for index in 0..<count {
                let request = HTTPRequest(method: "POST", path: "/v1/sessions", clientAddress: "10.0.\(index % addresses / 250).\(index % addresses % 250 + 1)")
                backend.respond(to: request) { response in
                    if response.status == 201 { made.add(1, ordering: .relaxed) }
                    if answered.add(1, ordering: .acquiringAndReleasing).newValue == count { done.resume() }
                }
            }
        }
        return made.load(ordering: .relaxed)
    }

    /// Sessions stored whose expiry has come, at `instant`.
    static func expiredSessions(in database: SQLiteConnection, at instant: Date) throws -> Int {
        let statement = try database.statement("SELECT count(*) FROM shoppers WHERE expires_at <= ?1")
        defer { statement.reset() }
        try statement.bind(1, SQLiteStore.milliseconds(instant))
        return try statement.step() ? Int(statement.int64(0)) : -1
    }

    /// A week and the day after it, a minute at a time, at the default allowance and sweep
    /// interval: two floods of new sessions that use the whole allowance for five minutes, and
    /// one new session a minute besides. Expired sessions only accumulate between sweeps, so
    /// counting them at the start of each minute, before that minute's sweep, sees the most
    /// there ever were. Simulated minutes pass in microseconds here, so each waits for its
    /// sweep to end (nothing expired left at its instant) before the next: on a real clock a
    /// sweep of the bound's 16,000 sessions takes a fraction of a second of the minute.
    @Test func expiredSessionsStayUnderTheirBoundThroughASimulatedWeek() async throws {
        let directory = try ScratchDirectory("sqlite-week")
        defer { directory.remove() }
        let clock = self.clock
        let backend = try await offThePool { try makeBackend(clock: clock) { $0.storage = .sqlite(directory: directory.url) } }
        let reader = try SQLiteConnection(path: directory.file("vitrine.sqlite").path, busyTimeout: .seconds(5))
        defer { reader.close() }
        let day = 24 * 60
        let floods = Set((0..<5).map { day / 2 + $0 } + (0..<5).map { 3 * day + 18 * 60 + $0 })
        var worst = 0
        var made = 0
        for minute in 0..<(8 * day) {
            clock.advance(seconds: 60)
            let expired = try Self.expiredSessions(in: reader, at: clock.now)
            if expired > Self.expiredBound {
                Issue.record("\(expired) expired sessions stored at minute \(minute), over the bound of \(Self.expiredBound)")
                break
            }
            worst = max(worst, expired)
            made += await Self.newSessions(backend, count: floods.contains(minute) ? 10_000 : 1)
            let sweeping = ContinuousClock.now
            while try Self.expiredSessions(in: reader, at: clock.now) > 0 {
                guard ContinuousClock.now - sweeping < .seconds(60) else {
                    Issue.record("the sweep of minute \(minute) did not end")
                    break
                }
                await Task.yield()
            }
        }
        #expect(made > 2 * 34_000, "the floods used the allowance: \(made) sessions")
        #expect(worst >= 10_000, "a flood's first minute expired at once: the bound was reached, not avoided (\(worst))")
        try await close(backend)
    }
}
