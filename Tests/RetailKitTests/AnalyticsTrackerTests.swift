import FlowCore
import FlowRuntime
import Foundation
import HTTPServer
import RetailBackend
import SQLiteSupport
import Testing
@testable import RetailKit
import TestSupport

/// The tracker and its outbox with a recording `send` on a manual clock.
@MainActor
@Suite struct AnalyticsTrackerTests {
    let directory: TemporaryDirectory
    let clock = TestClock()
    let date = ManualDate()
    let send = RecordingSend()

    init() throws {
        directory = try TemporaryDirectory()
    }

    var databaseURL: URL { directory.url.appendingPathComponent("analytics.sqlite") }

    func makeTracker(_ configure: (inout AnalyticsTracker.Configuration) -> Void = { _ in }) -> AnalyticsTracker {
        var configuration = AnalyticsTracker.Configuration(databaseURL: databaseURL, appVersion: VitrineApp.version)
        configure(&configuration)
        return AnalyticsTracker(configuration: configuration, send: send.send, clock: clock, random: .seeded(3), now: date.function)
    }

    /// The event ids in the outbox's table, oldest first.
    func storedIDs() throws -> [String] {
        let database = try SQLiteConnection(path: databaseURL.path, busyTimeout: .seconds(5))
        defer { database.close() }
        let statement = try database.statement("SELECT event_id FROM events ORDER BY seq")
        var ids: [String] = []
        while try statement.step() { ids.append(statement.text(0)) }
        return ids
    }

    @Test func anEventCarriesItsIDNameTimestampAndAppVersion() async throws {
        defer { directory.remove() }
        let tracker = makeTracker()
        let id = try #require(tracker.track("tap", fields: fields(["action_type": "open_page", "name": "spoofed"])))
        #expect(tracker.track(String(repeating: "n", count: 65)) == nil)
        #expect(tracker.track("") == nil)
        #expect(try await tracker.flush().get() == 1)
        let body = try #require(send.bodies.first)
        let event = try #require(try JSONParser.parse(body)["events"]?.arrayValue?.first)
        #expect(event["event_id"]?.stringValue == id)
        #expect(event["name"] == "tap")
        #expect(event["timestamp"]?.stringValue == RFC3339.string(from: date.now))
        #expect(event["app_version"]?.stringValue == VitrineApp.version.description)
        #expect(event["action_type"] == "open_page")
        #expect(tracker.refusedEventCount == 2)
        #expect(try storedIDs().isEmpty, "deleted once delivered")
    }

    @Test func batchesHoldAtMostFiftyEventsAndStayUnderTheByteLimit() async throws {
        defer { directory.remove() }
        let tracker = makeTracker { $0.flushCount = 1_000 }
        for index in 0..<120 { tracker.track("impression", fields: fields(["position": .number(Double(index))])) }
        #expect(try await tracker.flush().get() == 120)
        #expect(send.batches.map(\.count) == [50, 50, 20])
        let small = makeTracker { $0.maxBatchBytes = 2_000; $0.flushCount = 1_000 }
        for _ in 0..<30 { small.track("impression", fields: fields(["pad": .string(String(repeating: "x", count: 300))])) }
        #expect(try await small.flush().get() == 30)
        for body in send.bodies.dropFirst(3) { #expect(body.count <= 2_000 + 20) }
        #expect(send.bodies.count > 6)
    }

    @Test func aFailedBatchIsSentAgainWithTheSameBytesAndDeletedOnlyAfterA2xx() async throws {
        defer { directory.remove() }
        let tracker = makeTracker()
        send.script(.status(503, code: nil, message: nil, retryAfter: nil), .transport(message: "reset", isTimeout: false))
        let ids = (0..<5).compactMap { _ in tracker.track("tap") }
        await #expect(throws: FlushFailure.self) { try await tracker.flush().get() }
        #expect(try storedIDs() == ids)
        await clock.waitForSleepers()
        clock.advance(by: clock.nextDeadline ?? .zero)
        await send.waitForSends(2)
        await clock.waitForSleepers()
        clock.advance(by: clock.nextDeadline ?? .zero)
        await send.waitForSends(3)
        _ = try await tracker.flush().get()
        #expect(send.bodies.count == 3)
        #expect(Set(send.bodies).count == 1, "the same bytes each time")
        #expect(send.batches.first == ids)
        #expect(try storedIDs().isEmpty)
    }

    @Test func retryAfterPausesTheUploads() async throws {
        defer { directory.remove() }
        let tracker = makeTracker { $0.flushCount = 1 }
        send.script(.status(429, code: nil, message: nil, retryAfter: .seconds(30)))
        tracker.track("tap")
        await send.waitForSends(1)
        await clock.waitForSleepers()
        #expect((clock.nextDeadline ?? .zero) >= .seconds(30))
        // New events do not start uploads while the pause lasts.
        for _ in 0..<5 { tracker.track("tap") }
        await tracker.waitUntilDurable()
        clock.advance(by: .seconds(29))
        #expect(send.bodies.count == 1)
        clock.advance(by: clock.nextDeadline ?? .zero)
        await send.waitForSends(2)
        // Joins the upload the clock released: the same batch again, then the next one.
        _ = try await tracker.flush().get()
        #expect(send.batches.map(\.count) == [1, 1, 5])
        #expect(send.batches[0] == send.batches[1])
        #expect(try storedIDs().isEmpty)
    }

    @Test func aBatchTheServerRefusesForGoodIsDroppedAndCounted() async throws {
        defer { directory.remove() }
        let tracker = makeTracker { $0.maxBatchEvents = 3; $0.flushCount = 1_000 }
        send.script(.status(422, code: "too_many_events", message: nil, retryAfter: nil))
        for _ in 0..<7 { tracker.track("tap") }
        #expect(try await tracker.flush().get() == 4)
        let counts = await tracker.counts()
        #expect(counts.rejected == 3)
        #expect(counts.stored == 0)
        #expect(send.batches.map(\.count) == [3, 3, 1])
    }

    @Test func twentyStoredEventsStartAnUploadAndThirtySecondsDoToo() async throws {
        defer { directory.remove() }
        let tracker = makeTracker()
        tracker.start()
        await send.waitForSends(0)
        for _ in 0..<19 { tracker.track("tap") }
        await tracker.waitUntilDurable()
        #expect(send.bodies.isEmpty)
        tracker.track("tap")
        await send.waitForSends(1)
        #expect(send.batches.first?.count == 20)
        tracker.track("tap")
        await tracker.waitUntilDurable()
        await clock.waitForSleepers()
        clock.advance(by: .seconds(30))
        await send.waitForSends(2)
        #expect(send.batches.last?.count == 1)
    }

    @Test func oneUploadIsInFlightAtATime() async throws {
        defer { directory.remove() }
        let tracker = makeTracker { $0.maxBatchEvents = 2; $0.flushCount = 1 }
        send.closeGate()
        for _ in 0..<10 { tracker.track("tap") }
        await send.waitForSends(1)
        let flushes = (0..<4).map { _ in Task { await tracker.flush() } }
        send.openGate()
        for flush in flushes { _ = await flush.value }
        #expect(send.mostInFlight == 1)
        #expect(send.batches.flatMap { $0 }.count == 10)
        #expect(Set(send.batches.flatMap { $0 }).count == 10)
    }

    @Test func withTheDatabaseLockedTrackReturnsAtOnceAndEveryEventArrivesOnceAfter() async throws {
        defer { directory.remove() }
        let live = try LiveBackend()
        let client = try live.client()
        var configuration = AnalyticsTracker.Configuration(databaseURL: databaseURL, appVersion: VitrineApp.version)
        configuration.flushCount = 100_000
        let tracker = AnalyticsTracker(configuration: configuration, client: client, clock: clock, random: .seeded(1), now: date.function)
        tracker.track("warm_up")
        _ = try await tracker.flush().get()

        // Another connection takes the write lock and holds it.
        let locker = try SQLiteConnection(path: databaseURL.path, busyTimeout: .seconds(5))
        defer { locker.close() }
        try locker.execute("BEGIN EXCLUSIVE")
        var ids: [String] = []
        for index in 0..<1_000 { ids.append(try #require(tracker.track("locked_\(index % 4)"))) }
        // All 1,000 returned while the lock is still held: none is in the database yet.
        let count = try locker.statement("SELECT COUNT(*) FROM events")
        #expect(try count.step())
        #expect(count.int64(0) == 0)
        count.reset()
        try locker.execute("COMMIT")

        #expect(try await tracker.flush().get() == 1_000)
        let stats = try live.eventStats()
        #expect(stats["accepted"]?.intValue == 1_001)
        #expect(stats["duplicates"]?.intValue == 0)
        #expect((0..<4).map { stats["counts"]?["locked_\($0)"]?.intValue } == [250, 250, 250, 250])
        #expect(Set(send.bodies).isEmpty)
    }

    @Test func aDeliveredBatchWhoseAnswerIsLostCountsOnceAtTheServer() async throws {
        defer { directory.remove() }
        let live = try LiveBackend()
        let backend = live.backend
        let answered = Locked(0)
        // The server takes the first batch, but its answer never arrives.
        live.recorder.override.withLock {
            $0 = { request in
                guard request.path == "/v1/events", answered.withLock({ count in defer { count += 1 }; return count == 0 }) else { return nil }
                _ = backend.respond(to: request)
                return HTTPResponse(status: 502)
            }
        }
        let tracker = AnalyticsTracker(
            configuration: .init(databaseURL: databaseURL, appVersion: VitrineApp.version), client: try live.client(),
            clock: clock, random: .seeded(2), now: date.function)
        for _ in 0..<7 { tracker.track("once") }
        await #expect(throws: FlushFailure.self) { try await tracker.flush().get() }
        #expect(try await tracker.flush().get() == 7)
        let stats = try live.eventStats()
        #expect(stats["counts"]?["once"]?.intValue == 7)
        #expect(stats["duplicates"]?.intValue == 7)
    }

    @Test func theOutboxKeepsTheNewestAndCountsWhatItDropped() async throws {
        defer { directory.remove() }
        let tracker = makeTracker { $0.maxStoredEvents = 1_000 }
        // Every upload fails: the outbox fills, and failures never empty it.
        for _ in 0..<50 { send.script(.status(503, code: nil, message: nil, retryAfter: nil)) }
        var ids: [String] = []
        for _ in 0..<1_500 { ids.append(try #require(tracker.track("impression"))) }
        await tracker.waitUntilDurable()
        let counts = await tracker.counts()
        #expect(counts.stored == 1_000)
        #expect(counts.dropped == 500)
        #expect(try storedIDs() == Array(ids.suffix(1_000)))
    }

    @Test func eventsPastTheAgeBoundAreDroppedAndCounted() async throws {
        defer { directory.remove() }
        let tracker = makeTracker { $0.maxEventAge = 3_600; $0.flushCount = 1_000 }
        for _ in 0..<3 { tracker.track("old") }
        await tracker.waitUntilDurable()
        date.advance(by: 3_601)
        tracker.track("new")
        await tracker.waitUntilDurable()
        let counts = await tracker.counts()
        #expect(counts.stored == 1)
        #expect(counts.dropped == 3)
    }

    @Test func contractProblemsImpressionsAndTapsCarryTheirIdentifiers() async throws {
        defer { directory.remove() }
        let tracker = makeTracker { $0.flushCount = 1_000 }
        tracker.track(DiagnosticReport(pageID: "home", requestID: "req-1", source: .page(kind: "initial", origin: .fresh), diagnostics: [
            Diagnostic(kind: .unknownType, path: "page.sections.0.widgets.1", widgetType: "hologram", message: "unknown"),
            Diagnostic(kind: .malformedPayload, path: "page.sections.1", message: "bad"),
        ]))
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let page = try decoder.decodePage(Data(#"""
            {"page":{"id":"home","request_id":"req-2","sections":[{"id":"deals","tracking":{"campaign_id":"cmp-1"},
             "widgets":[{"type":"title_block","id":"a","data":{"title":"A"}},{"type":"title_block","id":"b","data":{"title":"B"},"tracking":{"item_id":"item-b"}}]}]}}
            """#.utf8)).page
        tracker.track(impression: ImpressionEvent(item: VisibleWidget(widget: page.sections[0].widgets[1], section: page.sections[0], position: 1, visibleFraction: 1), page: page))
        #expect(try await tracker.flush().get() == 3)
        let body = try #require(send.bodies.first)
        let events = try #require(try JSONParser.parse(body)["events"]?.arrayValue)
        #expect(events.map { $0["name"]?.stringValue } == ["contract_problem", "contract_problem", "impression"])
        #expect(events[0]["kind"] == "unknown_type")
        #expect(events[0]["widget_type"] == "hologram")
        #expect(events[0]["request_id"] == "req-1")
        #expect(events[1]["path"] == "page.sections.1")
        #expect(events[2]["item_id"] == "item-b")
        #expect(events[2]["campaign_id"] == "cmp-1")
        #expect(events[2]["position"] == 1)
        #expect(events[2]["request_id"] == "req-2")
    }

    @Test func anUnreadableDatabaseIsMovedAsideAndANewOneIsMade() async throws {
        defer { directory.remove() }
        try Data(repeating: 0x41, count: 8_192).write(to: databaseURL)
        let tracker = makeTracker()
        tracker.track("tap")
        #expect(try await tracker.flush().get() == 1)
        #expect(FileManager.default.fileExists(atPath: databaseURL.path + ".unusable"))
    }
}

/// A JSON object from a dictionary literal (members in key order).
func fields(_ members: [String: JSONValue]) -> JSONObject {
    JSONObject(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
}
