import FlowCore
import Foundation
import Testing
import TestSupport
@testable import RetailBackend

/// A backend on a catalogue directory, reloading it: what a reload applied is told, and a
/// backend that stopped following its files serves on what it served.
@Suite("HomeBackend: catalogue reloads", .timeLimit(.minutes(1)))
struct CatalogueReloadTests {
    let clock = TestClock()

    static func titles(_ backend: HomeBackend) throws -> Set<String> {
        let page = try JSONParser.parse(backend.wholePage(context: PageContext(segment: .returning), at: TestClock.anchor))
        return Set(page.allObjects.compactMap { $0["title"]?.stringValue })
    }

    /// Each version a reload applies is told once it serves (an app on an embedded backend
    /// reads its pages again then); once the backend stops following its files, a reload asked
    /// for (the watcher's, SIGHUP's) applies nothing, and only an explicit one still does.
    @Test func aReloadAppliedIsToldAndNoneAskedForIsAppliedOnceTheBackendStopsFollowing() async throws {
        let scratch = try ScratchDirectory("catalogue-reloads")
        let directory = scratch.file("catalogue")
        try FileManager.default.copyItem(at: DemoCatalogueTests.repository, to: directory)
        let (versions, told) = AsyncStream<Int>.makeStream()
        defer { told.finish() }
        let backend = try makeBackend(clock: clock) { configuration in
            configuration.catalogue = .directory(directory)
            configuration.catalogue.pollInterval = .milliseconds(20)
            configuration.catalogue.onReload = { told.yield($0) }
        }
        defer { backend.close() }
        let campaign = directory.appendingPathComponent("campaigns/cmp-winter.json")
        func retitle(_ old: String, _ new: String) throws {
            let text = try String(contentsOf: campaign, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "\"title\": \"\(old)\"", with: "\"title\": \"\(new)\"").utf8).write(to: campaign, options: .atomic)
        }
        #expect(try Self.titles(backend).contains("Winter Sale"))

        // The watcher sees the edit; waited for by the version it tells.
        try retitle("Winter Sale", "Grand Winter Clearance")
        var reloads = versions.makeAsyncIterator()
        #expect(await reloads.next() == 2)
        #expect(try Self.titles(backend).contains("Grand Winter Clearance"), "told once it serves")

        backend.stopFollowingCatalogue()
        try retitle("Grand Winter Clearance", "Winter, once more")
        #expect(backend.reload(onlyWhileFollowing: true) == .unchanged, "a reload asked for applies nothing")
        #expect(try Self.titles(backend).contains("Grand Winter Clearance"), "what served serves on")
        #expect(backend.reloadCatalogue() == .applied(version: 3))
        #expect(await reloads.next() == 3)
        #expect(try Self.titles(backend).contains("Winter, once more"))
    }
}
