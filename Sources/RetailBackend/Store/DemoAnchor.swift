import Foundation

/// The instant the built-in demo catalogue's windows are relative to, kept in the store's
/// `settings` (`demo_anchor`, milliseconds since 1970): a sale's end is then an instant of
/// the catalogue, the same at every restart and for every instance sharing the store, never
/// the start of a process. An anchor older than `replayAfter` (or one in the future, from a
/// clock that was wrong) is replaced by the instant of the start: the demo begins again.
/// The memory store keeps nothing, so its demo starts with the process.
enum DemoAnchor {
    static let settingName = "demo_anchor"
    /// The demo's story (one sale ending in hours, one starting in days, seasons a month
    /// apart) is told in about a month; after that it starts again.
    static let replayAfter: TimeInterval = 30 * 86_400

    /// The start of a new demo: `now` to the second.
    static func proposal(at now: Date) -> Date {
        Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    }

    /// The kept setting's instant when it still tells the story at `now`.
    static func usable(_ kept: String?, at now: Date) -> Date? {
        guard let kept, let milliseconds = Int64(kept), milliseconds >= 0 else { return nil }
        let instant = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        guard instant <= now, now.timeIntervalSince(instant) < replayAfter else { return nil }
        return instant
    }

    static func setting(_ instant: Date) -> String {
        String(Int64((instant.timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
