/// A deadline fixed on an injected clock when the timer is made, not when it starts sleeping.
///
/// Why: a task may begin running after the clock moved (a test advancing a manual clock, a
/// busy main actor); a deadline computed inside the task would then be late by that much.
/// Every timer of the runtime and the client data layer (toasts, impressions, next pages,
/// retries, debounce, flush intervals) is one of these.
public struct ClockTimer: Sendable {
    private let sleep: @Sendable () async throws -> Void

    /// A timer that fires `duration` after now on `clock`.
    public init(clock: any Clock<Duration>, after duration: Duration) {
        sleep = Self.makeSleep(clock, after: duration)
    }

    private static func makeSleep<C: Clock<Duration>>(_ clock: C, after duration: Duration) -> @Sendable () async throws -> Void {
        let deadline = clock.now.advanced(by: duration)
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// Suspends until the deadline; throws `CancellationError` when the task is cancelled.
    public func wait() async throws {
        try await sleep()
    }
}
