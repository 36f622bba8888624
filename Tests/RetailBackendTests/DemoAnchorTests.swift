import Foundation
import Testing
import TestSupport
@testable import RetailBackend

/// The built-in demo's windows are instants kept with the store: a restart (a relaunch of the
/// app, whose embedded backend keeps its store) shows the same sale ending at the same
/// instant; the demo starts again only once its month is told.
@Suite struct DemoAnchorTests {
    /// The flash sale's end as the backend built at `clock`'s instant serves it.
    static func flashSaleEnd(storedIn directory: URL, clock: TestClock) async throws -> Date? {
        try await offThePool {
            let backend = try makeBackend(clock: clock) {
                $0.anchor = nil
                $0.storage = .sqlite(directory: directory)
            }
            defer { backend.close() }
            return backend.catalogue.campaigns.first { $0.id == "cmp-flash" }?.window.end
        }
    }

    @Test func aRestartKeepsTheSalesEndAndAMonthLaterTheDemoStartsAgain() async throws {
        let scratch = try ScratchDirectory("demo-anchor")
        let directory = scratch.file("data")
        let clock = TestClock()
        let first = try #require(try await Self.flashSaleEnd(storedIn: directory, clock: clock))
        #expect(first == TestClock.anchor.addingTimeInterval(2 * 3600), "the demo's sale ends two hours after its start")
        clock.advance(seconds: 3 * 60 + 0.5)
        #expect(try await Self.flashSaleEnd(storedIn: directory, clock: clock) == first, "the same instant after a restart")
        clock.advance(seconds: DemoAnchor.replayAfter)
        let replayed = try #require(try await Self.flashSaleEnd(storedIn: directory, clock: clock))
        #expect(replayed == DemoAnchor.proposal(at: clock.now).addingTimeInterval(2 * 3600))
    }

    @Test func theMemoryStoreStartsTheDemoWithTheProcess() async throws {
        let clock = TestClock()
        clock.advance(seconds: 42.75)
        let backend = try makeBackend(clock: clock) { $0.anchor = nil }
        #expect(backend.catalogue.campaigns.first { $0.id == "cmp-flash" }?.window.end
            == TestClock.anchor.addingTimeInterval(42 + 2 * 3600))
    }

    @Test(arguments: [nil, "", "soon", "-5", "99999999999999999999"])
    func anUnusableSettingIsNoAnchor(_ kept: String?) {
        #expect(DemoAnchor.usable(kept, at: TestClock.anchor) == nil)
    }

    @Test func anAnchorFromTheFutureOrOlderThanTheStoryIsReplaced() {
        let now = TestClock.anchor
        #expect(DemoAnchor.usable(DemoAnchor.setting(now.addingTimeInterval(60)), at: now) == nil)
        #expect(DemoAnchor.usable(DemoAnchor.setting(now.addingTimeInterval(-DemoAnchor.replayAfter)), at: now) == nil)
        #expect(DemoAnchor.usable(DemoAnchor.setting(now.addingTimeInterval(-3600)), at: now) == now.addingTimeInterval(-3600))
    }
}
