/// A deadline fixed on an injected clock when it is made, not when the task gets to sleep
/// (a task may start after a test advanced a manual clock; a deadline computed inside it
/// would then be late by that much). Sleeping throws `CancellationError` when cancelled.
struct ClockDeadline: Sendable {
    private let sleep: @Sendable () async throws -> Void

    init(clock: any Clock<Duration>, after duration: Duration) {
        sleep = Self.makeSleep(clock, after: duration)
    }

    private static func makeSleep<C: Clock<Duration>>(_ clock: C, after duration: Duration) -> @Sendable () async throws -> Void {
        let deadline = clock.now.advanced(by: duration)
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    func wait() async throws {
        try await sleep()
    }
}
