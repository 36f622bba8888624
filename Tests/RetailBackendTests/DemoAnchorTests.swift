import Foundation
import Testing
import TestSupport
@testable import RetailBackend

/// The built-in demo's windows are instants kept with the store: a restart (a relaunch of the
/// app, whose embedded backend keeps its store) and every instance sharing the store show the
/// same sale ending at the same instant; a month on, the demo starts again everywhere at once.
@Suite struct DemoAnchorTests {
    static func backend(storedIn directory: URL, clock: TestClock) async throws -> HomeBackend {
        try await offThePool {
            try makeBackend(clock: clock) {
                $0.anchor = nil
                $0.storage = .sqlite(directory: directory)
            }
        }
    }

    static func flashSaleEnd(_ backend: HomeBackend) -> Date? {
        backend.catalogue.campaigns.first { $0.id == "cmp-flash" }?.window.end
    }

    /// The flash sale's end as a backend built at `clock`'s instant on `directory` serves it.
    static func flashSaleEnd(storedIn directory: URL, clock: TestClock) async throws -> Date? {
        let backend = try await backend(storedIn: directory, clock: clock)
        defer { backend.close() }
        return flashSaleEnd(backend)
    }

    @Test func aRestartKeepsTheSalesEndAndAMonthLaterTheDemoStartsAgain() async throws {
        let scratch = try ScratchDirectory("demo-anchor")
        let directory = scratch.file("data")
        let clock = TestClock()
        let first = try #require(try await Self.flashSaleEnd(storedIn: directory, clock: clock))
        #expect(first == TestClock.anchor.addingTimeInterval(2 * 3600), "the demo's sale ends two hours after its start")
        clock.advance(seconds: 3 * 60 + 0.5)
        #expect(try await Self.flashSaleEnd(storedIn: directory, clock: clock) == first, "the same instant after a restart")
        clock.advance(seconds: DemoAnchor.period)
        #expect(try await Self.flashSaleEnd(storedIn: directory, clock: clock) == first.addingTimeInterval(DemoAnchor.period),
                "a month on, the demo starts again from its base")
    }

    /// Hosts' clocks differ: one a moment behind the one that wrote the base uses the base.
    @Test func anInstanceWhoseClockIsBehindKeepsTheBase() async throws {
        let scratch = try ScratchDirectory("demo-anchor-skew")
        let directory = scratch.file("data")
        let ahead = TestClock(), behind = TestClock()
        ahead.advance(seconds: 0.1)
        behind.advance(seconds: -0.2)
        let first = try await Self.flashSaleEnd(storedIn: directory, clock: ahead)
        #expect(try await Self.flashSaleEnd(storedIn: directory, clock: behind) == first)
        let farBehind = TestClock()
        farBehind.advance(seconds: -DemoAnchor.skewTolerance - 60)
        #expect(try await Self.flashSaleEnd(storedIn: directory, clock: farBehind) != first,
                "a base further ahead than any skew was written by a wrong clock: replaced")
    }

    /// A backend running across the month moves on by itself, at the instant a new one would
    /// start from.
    @Test func aRunningBackendMovesOnWithTheOthers() async throws {
        let scratch = try ScratchDirectory("demo-anchor-running")
        let directory = scratch.file("data")
        let clock = TestClock()
        let running = try await Self.backend(storedIn: directory, clock: clock)
        let first = try #require(Self.flashSaleEnd(running))
        clock.advance(seconds: DemoAnchor.period - 1)
        _ = running.respond(to: get("/v1/home"))
        #expect(Self.flashSaleEnd(running) == first, "not before the month is over")
        clock.advance(seconds: 2)
        _ = running.respond(to: get("/v1/home"))
        let moved = try #require(Self.flashSaleEnd(running))
        await offThePool { running.close() }
        #expect(moved == first.addingTimeInterval(DemoAnchor.period))
        #expect(try await Self.flashSaleEnd(storedIn: directory, clock: clock) == moved, "a backend started now agrees")
    }

    @Test func theMemoryStoreStartsTheDemoWithTheProcess() async throws {
        let clock = TestClock()
        clock.advance(seconds: 42.75)
        let backend = try makeBackend(clock: clock) { $0.anchor = nil }
        #expect(Self.flashSaleEnd(backend) == TestClock.anchor.addingTimeInterval(42 + 2 * 3600))
    }

    @Test(arguments: [nil, "", "soon", "-5", "99999999999999999999", "1125899906842624"])
    func anUnusableSettingIsNoBase(_ kept: String?) {
        #expect(DemoAnchor.usable(kept, at: TestClock.anchor) == nil)
    }

    @Test func theAnchorIsTheBaseMovedOnByWholePeriods() {
        let base = TestClock.anchor
        #expect(DemoAnchor.anchor(base: base, at: base.addingTimeInterval(-5)) == base)
        #expect(DemoAnchor.anchor(base: base, at: base.addingTimeInterval(DemoAnchor.period - 1)) == base)
        #expect(DemoAnchor.anchor(base: base, at: base.addingTimeInterval(2.5 * DemoAnchor.period)) == base.addingTimeInterval(2 * DemoAnchor.period))
        #expect(DemoAnchor.usable(DemoAnchor.setting(base.addingTimeInterval(60)), at: base) == base.addingTimeInterval(60), "a minute of skew")
        #expect(DemoAnchor.usable(DemoAnchor.setting(base.addingTimeInterval(2 * 3600)), at: base) == nil)
    }
}
