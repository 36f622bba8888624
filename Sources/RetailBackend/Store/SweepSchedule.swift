import Foundation
import Synchronization

/// When the sweep of expired state is next due, on the backend's clock (which tests and
/// `--now` move): at the first look, then once `interval` has passed since the last, and at
/// once when the clock was set back before the last.
final class SweepSchedule: Sendable {
    let interval: TimeInterval
    private let now: @Sendable () -> Date
    private let last = Mutex<Date?>(nil)

    init(interval: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.interval = interval
        self.now = now
    }

    /// Whether a sweep is due now; if so it counts as started.
    func isDue() -> Bool {
        let instant = now()
        return last.withLock { last in
            if let previous = last, instant >= previous, instant.timeIntervalSince(previous) < interval { return false }
            last = instant
            return true
        }
    }
}
