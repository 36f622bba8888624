import Foundation

/// A cart's revision (CONTRACT §10): a clock, so that it grows with every change and never goes
/// back, also for a cart that was forgotten and started again (the backend's cart evicted, or
/// the bundled shop's cart file lost): a client drops an answer older than the newest it
/// applied, and a cart started again from the clock is newer than any it had before.
///
/// The backend's cart and a client that keeps a cart itself (the app's bundled demo shop)
/// count alike, each on its own injected clock.
public enum CartRevision {
    /// Microseconds since 2024-01-01 at `date` (0 before): under 10^15, the largest integer
    /// FlowCore's JSON writer writes without a fraction, until 2055. A new cart's revision.
    public static func clock(_ date: Date) -> Int {
        max(0, Int(((date.timeIntervalSince1970 - epoch) * 1_000_000).rounded(.down)))
    }

    /// The revision of a change to a cart at `revision`, with the clock at `clock`: past the
    /// previous one and past the clock. It depends on the cart's changes and the time only, so
    /// it says nothing about other carts; and because a forgotten cart starts again from the
    /// clock, it comes back above what it had, as long as the clock moved on by a microsecond
    /// per change it had made within one microsecond.
    public static func next(after revision: Int, clock: Int) -> Int {
        max(revision, clock) + 1
    }

    private static let epoch: TimeInterval = 1_704_067_200
}
