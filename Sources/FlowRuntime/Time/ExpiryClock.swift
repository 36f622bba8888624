import FlowCore
import Foundation
import Observation

/// The instant pages are resolved at (`EvaluationContext.now`), moved by the runtime's clock
/// for every page it watches: at the next `expires_at` of any of them (a timer on the
/// injected clock, set again whenever a page changes), and whenever a watched page changes
/// (a refresh, a next page, a mutation brings content resolved at the current instant).
///
/// Why not redraw-driven: a renderer that only reads the wall clock when something else makes
/// it draw shows an expired section until that something happens (a countdown on screen, a
/// key); one timer for the next expiry of every open page is exact and costs nothing while
/// nothing expires.
@MainActor
@Observable
public final class ExpiryClock {
    /// The instant to resolve pages at. Observed: it moves when something shown expires.
    public private(set) var now: Date

    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let wallClock: @Sendable () -> Date
    @ObservationIgnored private var watched: [ObjectIdentifier: PageStore] = [:]
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
        guard watched[ObjectIdentifier(store)] == nil else { return }
        watched[ObjectIdentifier(store)] = store
        follow(store)
        update()
    }

    /// Stops following `store` (a page left).
    public func unwatch(_ store: PageStore) {
        guard watched.removeValue(forKey: ObjectIdentifier(store)) != nil else { return }
        update()
    }

    /// The first expiry to come among the watched pages, from `now`.
    public var nextExpiry: Date? {
        watched.values.compactMap { $0.page?.nextExpiry(after: now) }.min()
    }

    /// Re-arms on every change of `store`'s page, for as long as it is watched.
    private func follow(_ store: PageStore) {
        withObservationTracking {
            _ = store.page
        } onChange: { [weak self, weak store] in
            Task { @MainActor [weak self, weak store] in
                guard let self, let store, self.watched[ObjectIdentifier(store)] != nil else { return }
                self.follow(store)
                self.update()
            }
        }
    }

    /// Reads the instant and sets the timer for the next expiry after it.
    private func update() {
        let instant = wallClock()
        if instant != now { now = instant }
        timer?.cancel()
        timer = nil
        guard let next = nextExpiry else { return }
        // Just after it: at `expires_at` itself the element is still shown.
        let wait = max(0, next.timeIntervalSince(instant)) + 0.001
        let deadline = ClockTimer(clock: clock, after: .milliseconds(Int64(min(wait, 366 * 86_400) * 1000)))
        timer = Task { @MainActor [weak self] in
            guard (try? await deadline.wait()) != nil else { return }
            self?.update()
        }
    }
}
