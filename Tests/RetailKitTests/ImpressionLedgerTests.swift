import FlowCore
import FlowRuntime
import Foundation
import Observation
import Testing
@testable import RetailKit
import TestSupport

/// Counts the impressions tracked; observable, so the test waits for them without sleeping.
@MainActor
@Observable
final class ImpressionTally {
    var count = 0
}

/// Impressions are sent once per widget per `request_id` (CONTRACT §9) across runs too: the
/// next start shows the cached page with the `request_id` it had.
@MainActor
@Suite struct ImpressionLedgerTests {
    let live: LiveBackend
    let directory: TemporaryDirectory
    let clock = TestClock()
    let date = ManualDate()

    init() throws {
        live = try LiveBackend()
        directory = try TemporaryDirectory()
    }

    func makeComposition() throws -> AppComposition {
        var configuration = AppConfiguration(backendURL: live.baseURL, user: UserID("ledger-1")!, storageDirectory: directory.url)
        configuration.clock = clock
        configuration.now = date.function
        configuration.random = .seeded(5)
        configuration.images = .memoryOnly
        return try AppComposition(configuration: configuration)
    }

    /// Shows the home page's first section whole for its widgets' duration.
    /// The widgets the last `showFirstSection` started timing toward an impression.
    var timed: [String] = []

    mutating func showFirstSection(of app: AppComposition) async throws -> (requestID: String, widgetIDs: [String]) {
        let page = try #require(app.home.page)
        let section = try #require(page.sections.first)
        app.impressions.update(page: page, visible: section.widgets.enumerated().map {
            VisibleWidget(widget: $1, section: section, position: $0, visibleFraction: 1)
        })
        timed = section.widgets.filter { app.impressions.isTiming($0.id) }.map(\.id)
        clock.advance(by: .seconds(5))
        await app.analytics.waitUntilDurable()
        return (page.requestID, section.widgets.map(\.id))
    }

    @Test mutating func theCachedPageAtTheNextStartCountsNothingTwice() async throws {
        defer { directory.remove() }
        let tracked = ImpressionTally()
        let first: (requestID: String, widgetIDs: [String])
        do {
            let app = try makeComposition()
            app.analytics.onTracked = { name, _ in if name == "impression" { tracked.count += 1 } }
            app.start()
            await waitUntilSettled(app.home)
            first = try await showFirstSection(of: app)
            #expect(timed == first.widgetIDs)
            await waitUntil { tracked.count == first.widgetIDs.count }
            await app.shutdown()
        }
        let app = try makeComposition()
        let again = ImpressionTally()
        app.analytics.onTracked = { name, _ in if name == "impression" { again.count += 1 } }
        app.start()
        await waitUntilSettled(app.home)
        #expect(app.home.origin == .cached)
        let second = try await showFirstSection(of: app)
        #expect(second.requestID == first.requestID, "the same composition, from the cache")
        #expect(timed.isEmpty, "counted by the last run already: nothing is timed")
        #expect(again.count == 0)
        #expect(app.impressions.impressionCount(of: try #require(first.widgetIDs.first)) == 1)
        await app.shutdown()
    }

    @Test func aFileThatCannotBeReadIsTakenAsEmpty() throws {
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("impressions.json")
        try Data("{\"compositions\": [{\"request_id\": \"\", \"counts\": {\"a\": 1}}, {\"request_id\": \"r\", \"counts\": {\"a\": -1, \"b\": 2}}]}".utf8)
            .write(to: url)
        #expect(ImpressionLedger(url: url).load() == [CountedImpressions(requestID: "r", counts: [("b", 2)])])
        try Data("not json".utf8).write(to: url)
        #expect(ImpressionLedger(url: url).load().isEmpty)
    }

    /// A file planted in its place (a sparse 3 GB file) took 3 GB of memory and seconds at
    /// start: what is larger than any ledger is not read.
    @Test func aFileLargerThanAnyLedgerIsNotRead() throws {
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("impressions.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(ImpressionLedger.maxBytes) + 1)
        try handle.close()
        #expect(ImpressionLedger(url: url).load().isEmpty)
    }

    @Test func aSaveThatFailsIsReportedNotTakenForWritten() async throws {
        defer { directory.remove() }
        // Its directory is a file: nothing can be written there.
        let blocked = directory.url.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        let ledger = ImpressionLedger(url: blocked.appendingPathComponent("impressions.json"))
        ledger.save([CountedImpressions(requestID: "r", counts: [("a", 1)])])
        #expect(await ledger.waitUntilSaved() == false)
        let writable = ImpressionLedger(url: directory.url.appendingPathComponent("impressions.json"))
        writable.save([CountedImpressions(requestID: "r", counts: [("a", 1)])])
        #expect(await writable.waitUntilSaved())
    }
}
