import FlowCore
import Foundation
import SQLiteSupport
import Testing
@testable import RetailKit
import TestSupport

/// The outbox's file in trouble, and shutting down whatever it does: analytics failures cost
/// the shopper nothing. A file that cannot be used is set aside and a new one made; a write
/// that fails is tried again on a back-off while the events wait in memory; `shutdown()` ends
/// within its limits and counts what it could not save, never waiting for it.
@MainActor
@Suite struct AnalyticsOutboxFileTests {
    let directory: TemporaryDirectory
    let clock = TestClock()
    let date = ManualDate()
    let send = RecordingSend()
    /// What the tracker reported through `onProblem`, as it reports it.
    let problems = AsyncStream.makeStream(of: String.self)

    init() throws {
        directory = try TemporaryDirectory()
    }

    var databaseURL: URL { directory.url.appendingPathComponent("outbox/analytics.sqlite") }

    func makeTracker(_ configure: (inout AnalyticsTracker.Configuration) -> Void = { _ in }) -> AnalyticsTracker {
        var configuration = AnalyticsTracker.Configuration(databaseURL: databaseURL, appVersion: VitrineApp.version)
        configuration.flushCount = 1_000
        configure(&configuration)
        let tracker = AnalyticsTracker(configuration: configuration, send: send.send, clock: clock, random: .seeded(7), now: date.function)
        let problems = self.problems.continuation
        tracker.onProblem = { problems.yield($0) }
        return tracker
    }

    /// Runs `sql` on a connection of the test's own.
    func execute(_ sql: StaticString) throws {
        let database = try SQLiteConnection(path: databaseURL.path, busyTimeout: .seconds(5))
        defer { database.close() }
        try database.execute(sql)
    }

    @Test(arguments: [
        "CREATE TABLE events (id INTEGER PRIMARY KEY, payload TEXT); INSERT INTO events (payload) VALUES ('theirs');",
        "CREATE TABLE counters (n INTEGER);",
    ] as [StaticString])
    func aFileOfAnotherSchemaIsSetAsideAndANewOutboxKeepsTheEvents(schema: StaticString) async throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try execute(schema)
        let tracker = makeTracker()
        for _ in 0..<3 { tracker.track("tap") }
        #expect(await tracker.waitUntilDurable())
        #expect(await tracker.counts().stored == 3)
        #expect(FileManager.default.fileExists(atPath: databaseURL.path + ".unusable"), "the other program's file is kept, aside")
        var reported = problems.stream.makeAsyncIterator()
        #expect(await reported.next()?.contains("set aside") == true)
        #expect(await tracker.shutdown() == AnalyticsShutdown(unsaved: 0, problem: nil, uploadFinished: true))
    }

    @Test func aWriteThatFailsIsTriedAgainOnABackOffWhileTheEventsWaitInMemory() async throws {
        defer { directory.remove() }
        // The outbox's directory is not there (a cache emptied under the app): nothing can be
        // written, and the file cannot be set aside either.
        let tracker = makeTracker()
        for _ in 0..<3 { tracker.track("tap") }
        // The failure is reported, and the next try waits on the clock.
        var reported = problems.stream.makeAsyncIterator()
        #expect(await reported.next()?.contains("cannot be saved") == true)
        await clock.waitForSleepers()
        #expect(tracker.lastSaveFailure != nil)
        #expect(await tracker.counts().queued == 3)

        // The directory comes back; the next try, after the back-off (at most 1 s), saves them.
        try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        clock.advance(by: .seconds(1))
        #expect(await tracker.waitUntilDurable())
        #expect(await tracker.counts().stored == 3)
        #expect(tracker.lastSaveFailure == nil)
        #expect(await tracker.shutdown() == AnalyticsShutdown(unsaved: 0, problem: nil, uploadFinished: true))
    }

    @Test func shutdownCountsWhatCouldNotBeSavedAndWaitsForNothing() async throws {
        defer { directory.remove() }
        let tracker = makeTracker()
        for _ in 0..<4 { tracker.track("tap") }
        // No clock moves: nothing in shutdown waits on a write that cannot be made.
        let report = await tracker.shutdown()
        #expect(report.unsaved == 4)
        #expect(report.problem?.contains("moved aside") == true, "\(report.problem ?? "none")")
    }

    /// Another connection holds the write lock for good (one `sudo vitrine` left running, a
    /// stuck process): every write waits out `busy_timeout` and tries again, for ever. Quitting
    /// must not wait for it: each step of the shutdown ends at its limit.
    @Test func shutdownEndsAtItsLimitsWhileTheOutboxIsStuck() async throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let tracker = makeTracker { $0.busyTimeout = .milliseconds(20) }
        tracker.track("warm_up")
        #expect(await tracker.waitUntilDurable())
        let locker = try SQLiteConnection(path: databaseURL.path, busyTimeout: .seconds(5))
        defer { locker.close() }
        try locker.execute("BEGIN EXCLUSIVE")
        for _ in 0..<5 { tracker.track("tap") }

        let shutdown = Task { await tracker.shutdown() }
        // Three limits in turn: the last save, the last upload (queued behind it), the close.
        for _ in 0..<3 {
            await clock.waitForSleepers()
            clock.advance(by: .seconds(1))
        }
        let report = await shutdown.value
        #expect(report.unsaved == 5)
        #expect(report.problem?.contains("longer than") == true, "\(report.problem ?? "none")")
        #expect(report.uploadFinished == false)
        // Released, the outbox gets through what it was doing.
        try locker.execute("COMMIT")
    }

    @Test func waitersAreToldOfAFailedWriteAndLaterOnesWaitForTheNextTry() async {
        let handoff = EventHandoff(capacity: 10)
        _ = handoff.submit { OutboxRecord(eventID: "e1", body: Data(), createdAt: Date(), sequence: $0) }
        async let first = handoff.waitUntilDurable(1)
        // Ordering: the waiter is in before the failure only once it has had the chance to run.
        while handoff.waiterCount == 0 { await Task.yield() }
        handoff.failWaiters()
        #expect(await first == false)
        async let second = handoff.waitUntilDurable(1)
        while handoff.waiterCount == 0 { await Task.yield() }
        handoff.markDurable(upTo: 1)
        #expect(await second == true)
        #expect(await handoff.waitUntilDurable(1), "durable already: at once")
        #expect(handoff.unsavedCount == 0)
    }

    /// A FIFO in a journal's place failed every write with an I/O error, run after run: it is
    /// moved aside with the file, and a new outbox keeps the events.
    @Test(arguments: ["", "-shm", "-wal"])
    func aFIFOInTheFilesOrAJournalsPlaceIsSetAside(suffix: String) async throws {
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !suffix.isEmpty { try execute("CREATE TABLE IF NOT EXISTS placeholder (x)") }
        #expect(mkfifo(databaseURL.path + suffix, 0o600) == 0)
        let tracker = makeTracker()
        for _ in 0..<2 { tracker.track("tap") }
        #expect(await tracker.waitUntilDurable())
        #expect(await tracker.counts().stored == 2)
        await tracker.shutdown()
    }
}
