import FlowCore
import FlowRuntime
import Foundation
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// The client trusts the backend's time for campaigns: the offset the `Date` of its answers
/// shows over the device's clock.
@Suite struct ServerClockTests {
    static let device = Date(timeIntervalSince1970: 1_800_000_000)

    /// `Date` for `instant` (IMF-fixdate).
    static func header(_ instant: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: instant)
    }

    @Test func anAnswersDateSetsTheOffset() {
        let clock = ServerClock(now: { Self.device })
        #expect(clock.now() == Self.device)
        clock.observe(date: Self.header(Self.device.addingTimeInterval(86_400)), age: nil)
        #expect(clock.offset == 86_400.5, "a day ahead, and half of the header's second")
        #expect(clock.now() == Self.device.addingTimeInterval(86_400.5))
        clock.observe(date: Self.header(Self.device.addingTimeInterval(-3_600)), age: nil)
        #expect(clock.offset == -3_599.5, "behind works as ahead")
    }

    @Test func aClockThatAgreesToTheSecondKeepsItsOwnAndJitterDoesNotMoveIt() {
        let clock = ServerClock(now: { Self.device })
        clock.observe(date: Self.header(Self.device), age: nil)
        #expect(clock.offset == 0)
        clock.observe(date: Self.header(Self.device.addingTimeInterval(600)), age: nil)
        clock.observe(date: Self.header(Self.device.addingTimeInterval(601)), age: nil)
        #expect(clock.offset == 600.5, "a second more is within the header's precision")
        clock.observe(date: Self.header(Self.device.addingTimeInterval(603)), age: nil)
        #expect(clock.offset == 603.5)
    }

    @Test func aCachedAnswersAgeCounts() {
        let clock = ServerClock(now: { Self.device })
        clock.observe(date: Self.header(Self.device.addingTimeInterval(-300)), age: "300")
        #expect(clock.offset == 0, "sent five minutes ago and kept as long: the clocks agree")
    }

    @Test(arguments: [
        "yesterday", "", "Sun, 06 Nov 1994 08:49:37 UTC", "Fri, 15 Jan 2027 25:00:00 GMT", "Fri, 15 Foo 2027 08:00:00 GMT",
        "Fri, 15 Jan 9999 08:00:00 GMT", "Fri, 15 Jan 2027 08:00:00 GMT\u{202E}",
    ])
    func aDateThatIsNotOneChangesNothing(header: String) {
        let clock = ServerClock(now: { Self.device })
        clock.observe(date: Self.header(Self.device.addingTimeInterval(60)), age: nil)
        clock.observe(date: header, age: "1")
        #expect(clock.offset == 60.5)
    }

    @Test func anAbsurdAgeIsBoundedNotTrapped() {
        let clock = ServerClock(now: { Self.device })
        clock.observe(date: Self.header(Self.device), age: "\(Int.max)")
        #expect(clock.offset.isFinite)
        #expect(clock.offset <= 366 * 86_400)
    }

    @Test func theOffsetIsKeptForTheNextStart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("user/server-clock.json")
        let first = ServerClock(now: { Self.device }, file: file)
        first.observe(date: Self.header(Self.device.addingTimeInterval(7_200)), age: nil)
        await first.waitUntilSaved()
        let next = ServerClock(now: { Self.device }, file: file)
        #expect(next.offset == 0, "nothing is read before the storage is claimed")
        next.restore()
        #expect(next.offset == 7_200.5)
        try Data("{\"version\": 1, \"offset_seconds\": 1e300}".utf8).write(to: file)
        let absurd = ServerClock(now: { Self.device }, file: file)
        absurd.restore()
        #expect(absurd.offset == 0, "an offset no clock has is not read")
    }
}

/// The app on a device whose clock is a day behind the backend's: its pages are resolved, and
/// their campaigns expire, at the backend's time.
@MainActor
@Suite struct ServerClockAppTests {
    @Test func aDeviceADayBehindResolvesAndExpiresAtTheBackendsTime() async throws {
        let serverNow = Date(timeIntervalSince1970: 1_800_000_000)
        var backendConfiguration = HomeBackend.Configuration()
        backendConfiguration.now = { serverNow }
        backendConfiguration.anchor = serverNow
        let live = try LiveBackend(configuration: backendConfiguration)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let date = ManualDate(serverNow.addingTimeInterval(-86_400))
        let clock = TestClock()
        var configuration = AppConfiguration(backendURL: live.baseURL, user: UserID("clock-1")!, storageDirectory: directory.url)
        configuration.clock = clock
        configuration.now = date.function
        configuration.images = .memoryOnly
        let app = try AppComposition(configuration: configuration)
        app.start()
        await waitUntilSettled(app.home)
        #expect(app.home.state == .loaded)

        #expect(abs(app.serverClock.offset - 86_400) <= 1)
        #expect(abs(app.campaignNow().timeIntervalSince(serverNow)) <= 1)
        await waitUntil { abs(app.expiry.now.timeIntervalSince(serverNow)) <= 1 }
        // The next expiry is the page's earliest end after the backend's now (the flash sale's,
        // two hours on, when the session's random token draws the hero variant that shows it
        // first; another campaign's for the other variant).
        let next = try #require(app.expiry.nextExpiry)
        #expect(next.timeIntervalSince(serverNow) > 0)
        let page = try #require(app.home.page)
        let ends = page.sections.flatMap { [$0.expiresAt] + $0.widgets.map(\.expiresAt) }.compactMap { $0 }.filter { $0 > serverNow }
        #expect(next == ends.min())

        // Two hours on the device's clock, and the timer's check: what ended is resolved as ended.
        date.advance(by: next.timeIntervalSince(serverNow) + 2)
        await clock.waitForSleepers()
        clock.advance(by: .seconds(5))
        await waitUntil { app.expiry.now > next }
        #expect(app.expiry.now.timeIntervalSince(serverNow.addingTimeInterval(next.timeIntervalSince(serverNow) + 2)) <= 1.5)
        _ = await app.shutdown()
    }
}
