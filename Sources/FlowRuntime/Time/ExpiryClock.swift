import FlowCore
import Foundation
import Observation

/// The instant pages are resolved at (`EvaluationContext.now`), moved by the runtime's clock
/// for everything shown that can expire: the pages of the open stores, the sheets of a sheet
/// stack, and any other source a host registers (a previewed file). It moves just after the
/// next `expires_at` among them (a timer on the injected clock, set again whenever a source
/// changes), and whenever a source changes (fresh content is resolved at the current instant).
///
/// Why not redraw-driven: a renderer that only reads the wall clock when something else makes
/// it draw shows an expired section until that something happens (a countdown on screen, a
/// key); one timer for the next expiry of everything shown is exact and costs nothing while
/// nothing expires. The timer runs on the monotonic clock while `expires_at` is wall-clock
/// time, so it also wakes at least every `wallClockCheck` to notice a wall clock set forward.
@MainActor
@Observable
public final class ExpiryClock {
    /// The instant to resolve pages at. Observed: it moves when something shown expires, and
    /// when a source changes.
    public private(set) var now: Date

    /// The longest the timer sleeps before it reads the wall clock again (it may have been set
    /// forward past an expiry). Default 5 s.
    @ObservationIgnored public var wallClockCheck: Duration = .seconds(5)

    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let wallClock: @Sendable () -> Date
    /// What can expire, by the identity of what it comes from.
    @ObservationIgnored private var sources: [ObjectIdentifier: @MainActor (Date) -> Date?] = [:]
    @ObservationIgnored private var timer: Task<Void, Never>?

    /// A clock whose timers run on `clock` and which reads the instant from `now`.
    public init(clock: any Clock<Duration>, now: @escaping @Sendable () -> Date) {
        self.clock = clock
        wallClock = now
        self.now = now()
    }

    deinit {
        timer?.cancel()
    }

    /// Follows `store`'s page from now on (a page opened on the stack).
    public func watch(_ store: PageStore) {
        watch(store, follow: { _ = store.page }) { [weak store] instant in store?.page?.nextExpiry(after: instant) }
    }

    /// Follows the sheets presented on `sheets` from now on.
    public func watch(_ sheets: SheetStack) {
        watch(sheets, follow: { _ = sheets.entries }) { [weak sheets] instant in
            sheets?.entries.compactMap { $0.sheet.nextExpiry(after: instant) }.min()
        }
    }

    /// Follows what `owner` shows, by `nextExpiry`, for a source that is not observable: its
    /// owner calls `sourceChanged()` when it changes.
    public func watch(_ owner: AnyObject, nextExpiry: @escaping @MainActor (Date) -> Date?) {
        sources[ObjectIdentifier(owner)] = nextExpiry
        sourceChanged()
    }

    /// Stops following what comes from `owner` (a page left).
    public func unwatch(_ owner: AnyObject) {
        guard sources.removeValue(forKey: ObjectIdentifier(owner)) != nil else { return }
        arm(at: wallClock())
    }

    /// A source changed: its content is resolved at the instant as it is now.
    public func sourceChanged() {
        let instant = wallClock()
        if instant != now { now = instant }
        arm(at: instant)
    }

    /// The first expiry to come among everything followed, from `now`.
    public var nextExpiry: Date? {
        sources.values.compactMap { $0(now) }.min()
    }

    private func watch(_ owner: AnyObject, follow read: @escaping @MainActor () -> Void, nextExpiry: @escaping @MainActor (Date) -> Date?) {
        let id = ObjectIdentifier(owner)
        guard sources[id] == nil else { return }
        sources[id] = nextExpiry
        observe(id, read)
        sourceChanged()
    }

    /// Re-arms on every change of what `read` reads, for as long as `id` is followed.
    private func observe(_ id: ObjectIdentifier, _ read: @escaping @MainActor () -> Void) {
        withObservationTracking {
            read()
        } onChange: { [weak self] in
            Task { @MainActor [weak self] in
                guard let self, self.sources[id] != nil else { return }
                self.observe(id, read)
                self.sourceChanged()
            }
        }
    }

    /// The timer fired: the instant moves only when something expired since (or the wall
    /// clock was set forward past it); otherwise it is set again.
    private func timerFired() {
        let instant = wallClock()
        if let next = nextExpiry, instant > next {
            now = instant
        }
        arm(at: instant)
    }

    /// Sets the timer for just after the next expiry from `now` (at `expires_at` itself an
    /// element is still shown), or for the wall-clock check, whichever comes first.
    private func arm(at instant: Date) {
        timer?.cancel()
        timer = nil
        guard let next = nextExpiry else { return }
        let untilExpiry = max(0, next.timeIntervalSince(instant)) + 0.001
        let check = Double(wallClockCheck.components.seconds) + Double(wallClockCheck.components.attoseconds) / 1e18
        let wait = min(untilExpiry, max(0.001, check))
        let deadline = ClockTimer(clock: clock, after: .milliseconds(Int64((wait * 1000).rounded(.up))))
        timer = Task { @MainActor [weak self] in
            guard (try? await deadline.wait()) != nil else { return }
            self?.timerFired()
        }
    }
}
