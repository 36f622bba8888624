import Foundation

/// A wall clock that starts at a given instant and runs from there at the pace of the
/// monotonic clock (`--now`): the backend or the app as it will be at that instant.
enum RunningClock {
    static func from(_ start: Date) -> @Sendable () -> Date {
        let origin = ContinuousClock.now
        return {
            let elapsed = ContinuousClock.now - origin
            return start.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
    }
}
