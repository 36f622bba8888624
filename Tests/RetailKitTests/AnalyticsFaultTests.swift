import FlowCore
import Foundation
import Testing
@testable import RetailKit
import TestSupport

/// Answers to `POST /v1/events` that are not the server refusing the batch: the events stay.
@MainActor
@Suite struct AnalyticsFaultTests {
    let directory: TemporaryDirectory
    let clock = TestClock()
    let date = ManualDate()
    let send = RecordingSend()

    init() throws {
        directory = try TemporaryDirectory()
    }

    func makeTracker() -> AnalyticsTracker {
        var configuration = AnalyticsTracker.Configuration(
            databaseURL: directory.url.appendingPathComponent("analytics.sqlite"), appVersion: VitrineApp.version)
        configuration.flushCount = 1_000
        return AnalyticsTracker(configuration: configuration, send: send.send, clock: clock, random: .seeded(5), now: date.function)
    }

    /// A redirect (a captive portal, a proxy) or an informational status is no verdict on the
    /// batch: only a 4xx other than 408/429 drops it.
    @Test(arguments: [301, 302, 303, 307, 308, 304, 101])
    func aBatchAnsweredWithANonClientErrorStatusIsKept(status: Int) async throws {
        defer { directory.remove() }
        let tracker = makeTracker()
        send.script(.status(status, code: nil, message: nil, retryAfter: nil))
        for _ in 0..<5 { tracker.track("tap") }
        await #expect(throws: FlushFailure.self) { try await tracker.flush().get() }
        var counts = await tracker.counts()
        #expect(counts.rejected == 0)
        #expect(counts.stored == 5)
        #expect(try await tracker.flush().get() == 5)
        counts = await tracker.counts()
        #expect(counts.stored == 0)
        let batches = send.batches
        #expect(batches.count == 2)
        #expect(batches.first == batches.last, "the same batch is sent again")
    }
}
