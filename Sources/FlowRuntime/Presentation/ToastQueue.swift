import FlowCore
import Observation

/// Transient messages, shown one at a time in order, each for its duration on an injected
/// clock (so tests advance time instead of waiting for it).
@MainActor
@Observable
public final class ToastQueue {
    /// One toast.
    public struct Toast: Sendable, Hashable, Identifiable {
        public let id: Int
        public let message: String
        public let duration: Duration
    }

    /// The toast on screen.
    public private(set) var current: Toast?
    /// Toasts waiting their turn, oldest first.
    public private(set) var pending: [Toast] = []

    /// How long a toast without a duration stays. Default 2.5 s.
    @ObservationIgnored public var defaultDuration: Duration = .milliseconds(2500)
    /// How many toasts may wait behind the one on screen; older waiting ones are dropped
    /// beyond it (0 keeps none waiting, and still shows a toast when none is up). Default 5.
    @ObservationIgnored public var maximumPending = 5

    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private var timer: Task<Void, Never>?
    @ObservationIgnored private var nextID = 0

    public init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
    }

    deinit {
        timer?.cancel()
    }

    /// Queues a toast; `duration` in seconds as the contract's `toast` action gives it.
    public func show(_ message: String, duration seconds: Double? = nil) {
        nextID += 1
        var duration = defaultDuration
        // The duration comes from the server: capped, so that no value can overflow the
        // conversion or keep a toast up for ever; kept to the nanosecond below that.
        if let seconds, seconds.isFinite, seconds > 0 {
            duration = .seconds(min(seconds, Self.maximumSeconds))
        }
        pending.append(Toast(id: nextID, message: message, duration: duration))
        if current == nil {
            showNext()
        } else {
            let limit = max(0, maximumPending)
            if pending.count > limit { pending.removeFirst(pending.count - limit) }
        }
    }

    /// The longest a toast stays, in seconds, whatever the server asks.
    public static let maximumSeconds = 60.0

    /// Queues the toast of a `toast` action or an `api` response.
    public func show(_ toast: ToastAction) {
        show(toast.message, duration: toast.duration)
    }

    /// Hides the current toast now (a tap on it) and shows the next.
    public func dismissCurrent() {
        timer?.cancel()
        timer = nil
        current = nil
        showNext()
    }

    private func showNext() {
        guard !pending.isEmpty else { return }
        let toast = pending.removeFirst()
        current = toast
        let timer = ClockTimer(clock: clock, after: toast.duration)
        self.timer = Task { @MainActor [weak self] in
            do {
                try await timer.wait()
            } catch {
                return
            }
            guard let self, self.current?.id == toast.id else { return }
            self.dismissCurrent()
        }
    }
}
