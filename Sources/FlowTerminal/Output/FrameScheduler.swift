/// Draws on demand, at most `maximumRate` frames a second: changes between two frames are
/// coalesced into the next one, and nothing is drawn while nothing changed (no idle ticker).
///
/// `setNeedsFrame()` marks the screen dirty; the first mark after a frame schedules one draw at
/// the earliest instant the cap allows, on the injected clock. Intermediate states never reach
/// the terminal: the draw renders whatever is current then.
@MainActor
public final class FrameScheduler {
    private let clock: any Clock<Duration>
    private let interval: Duration
    private let draw: @MainActor () -> Void
    private var scheduled: Task<Void, Never>?
    private var isDirty = false

    /// Frames drawn so far.
    public private(set) var frameCount = 0

    /// - Parameters:
    ///   - maximumRate: frames a second at most. Default 60.
    ///   - clock: what time is measured and waited on.
    ///   - draw: renders and writes one frame.
    public init(maximumRate: Int = 60, clock: any Clock<Duration> = ContinuousClock(), draw: @escaping @MainActor () -> Void) {
        self.clock = clock
        interval = .seconds(1) / max(1, maximumRate)
        self.draw = draw
    }

    deinit {
        scheduled?.cancel()
    }

    /// Something changed: a frame will be drawn, no sooner than the cap allows; with
    /// `immediately`, at the next turn whatever the cap (a frame waiting for the cap is drawn
    /// then instead), for a change that must not wait: an app's first content.
    public func setNeedsFrame(immediately: Bool = false) {
        isDirty = true
        if immediately, scheduled != nil, !isScheduledNow {
            scheduled?.cancel()
            scheduled = nil
        }
        guard scheduled == nil else { return }
        let delay = immediately ? .zero : delayUntilAllowed()
        isScheduledNow = delay == .zero
        generation += 1
        scheduled = Self.schedule(on: clock, after: delay, owner: self, generation: generation)
    }

    /// Whether the frame scheduled is due at once (not held back by the cap).
    private var isScheduledNow = false
    /// Counts the frames scheduled: only the last one scheduled draws.
    private var generation = 0

    /// Whether a frame is waiting to be drawn.
    public var hasPendingFrame: Bool { scheduled != nil }

    private func delayUntilAllowed() -> Duration {
        guard let since = sinceLastFrame() else { return .zero }
        return since >= interval ? .zero : interval - since
    }

    /// When the last frame was drawn, on `clock` (its concrete instant type, erased).
    private var frameStamp: (any InstantProtocol)?

    private func sinceLastFrame() -> Duration? {
        guard let stamp = frameStamp else { return nil }
        return Self.elapsed(since: stamp, on: clock)
    }

    private static func elapsed<C: Clock<Duration>>(since stamp: any InstantProtocol, on clock: C) -> Duration? {
        guard let instant = stamp as? C.Instant else { return nil }
        return instant.duration(to: clock.now)
    }

    private static func schedule<C: Clock<Duration>>(
        on clock: C, after delay: Duration, owner: FrameScheduler, generation: Int
    ) -> Task<Void, Never> {
        let deadline = clock.now.advanced(by: delay)
        return Task { @MainActor [weak owner] in
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            owner?.fire(generation: generation)
        }
    }

    private func fire(generation: Int) {
        // One replaced by a frame due sooner (its task cancelled, maybe too late) draws nothing.
        guard generation == self.generation else { return }
        scheduled = nil
        guard isDirty else { return }
        isDirty = false
        frameStamp = Self.now(clock)
        frameCount += 1
        draw()
    }

    private static func now<C: Clock<Duration>>(_ clock: C) -> any InstantProtocol {
        clock.now
    }
}
