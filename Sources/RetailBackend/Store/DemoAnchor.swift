import Foundation

/// The instant the built-in demo catalogue's windows are relative to. The store keeps a base
/// (`settings.demo_anchor`, milliseconds since 1970), written once by the first backend that
/// served the demo from it; the anchor is that base moved on by whole `period`s, so every
/// instance sharing the store, and every restart, derives the same anchor from its clock, and
/// a running backend moves to the next one by itself (`HomeBackend.rollDemoIfDue`). A sale's
/// end is an instant of the catalogue, never the start of a process.
///
/// A base more than `skewTolerance` in the future was written by a clock that was wrong: it
/// is replaced. The memory store keeps nothing, so its demo starts with the process.
enum DemoAnchor {
    static let settingName = "demo_anchor"
    /// The demo's story (one sale ending in hours, one starting in days, seasons a month
    /// apart) is told in about a month; then it starts again.
    static let period: TimeInterval = 30 * 86_400
    /// How far ahead of a backend's clock a kept base may be: clocks of hosts sharing a store differ.
    static let skewTolerance: TimeInterval = 3600

    /// The base of a new demo: `now` to the second.
    static func proposal(at now: Date) -> Date {
        Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
    }

    /// The kept setting's instant when a backend whose clock reads `now` may use it.
    static func usable(_ kept: String?, at now: Date) -> Date? {
        guard let kept, let milliseconds = Int64(kept), milliseconds >= 0, milliseconds < 1 << 50 else { return nil }
        let instant = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        return instant.timeIntervalSince(now) <= skewTolerance ? instant : nil
    }

    /// The anchor at `now`: `base` moved on by the whole periods since (the base itself
    /// before it, a clock slightly behind another's).
    static func anchor(base: Date, at now: Date) -> Date {
        let elapsed = now.timeIntervalSince(base)
        guard elapsed >= period else { return base }
        return base.addingTimeInterval((elapsed / period).rounded(.down) * period)
    }

    static func setting(_ instant: Date) -> String {
        String(Int64((instant.timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
