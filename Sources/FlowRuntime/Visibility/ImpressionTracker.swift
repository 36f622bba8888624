import FlowCore

/// Turns per-frame visibility into impressions (CONTRACT §3, §9), for any renderer.
///
/// A widget counts once at least `min_visible_percent` of it (default 50) has been on screen
/// continuously for `min_duration_ms` (default 500), at most `limit` times (default 1) per
/// `request_id`. Time comes from the injected clock. Only visibility reported here counts:
/// decoding, prefetching and off-screen layout report nothing (or 0) and never impress. A
/// widget that leaves the screen before its duration starts over; one seen again (a recycled
/// row) counts again only while under its limit; a new `request_id` starts every count anew.
/// `limit` 0 means never.
@MainActor
public final class ImpressionTracker {
    private struct Session {
        let token: Int
        var task: Task<Void, Never>?
        /// Fired during this continuous visibility: it does not fire again until the widget leaves.
        var hasFired = false
    }

    private let clock: any Clock<Duration>
    private let onImpression: @MainActor (ImpressionEvent) -> Void
    private var requestID: String?
    private var counts: [String: Int] = [:]
    private var sessions: [String: Session] = [:]
    private var nextToken = 0

    public init(clock: any Clock<Duration> = ContinuousClock(), onImpression: @escaping @MainActor (ImpressionEvent) -> Void) {
        self.clock = clock
        self.onImpression = onImpression
    }

    deinit {
        for session in sessions.values { session.task?.cancel() }
    }

    /// Reports one frame: every widget of `page` with some area on screen. Widgets absent
    /// from `visible` are off screen.
    public func update(page: PageModel, visible: [VisibleWidget]) {
        if page.requestID != requestID {
            endAllSessions()
            counts.removeAll()
            requestID = page.requestID
        }
        var onScreen = Set<String>()
        for item in visible where Self.qualifies(item) {
            let id = item.widget.id
            onScreen.insert(id)
            guard sessions[id] == nil, counts[id, default: 0] < item.widget.impression.limit else { continue }
            startSession(for: item, page: page)
        }
        for (id, session) in sessions where !onScreen.contains(id) {
            session.task?.cancel()
            sessions[id] = nil
        }
    }

    /// Every widget left the screen (the page is hidden).
    public func endAllSessions() {
        for session in sessions.values { session.task?.cancel() }
        sessions.removeAll()
    }

    /// Whether widget `id` is being timed toward an impression.
    public func isTiming(_ id: String) -> Bool {
        sessions[id].map { !$0.hasFired } ?? false
    }

    /// Impressions of widget `id` counted for the current `request_id`.
    public func impressionCount(of id: String) -> Int {
        counts[id, default: 0]
    }

    /// At least `min_visible_percent` of the area, and some area at all.
    private static func qualifies(_ item: VisibleWidget) -> Bool {
        let fraction = item.visibleFraction
        guard fraction.isFinite, fraction > 0 else { return false }
        // Compared as fractions with a tolerance: 29 of 50 rows is 0.58, and 0.58 * 100 is
        // 57.999…, which must still meet a threshold of 58.
        return min(fraction, 1) >= item.widget.impression.minVisiblePercent / 100 - 1e-9
    }

    private func startSession(for item: VisibleWidget, page: PageModel) {
        nextToken += 1
        let token = nextToken
        let id = item.widget.id
        let event = ImpressionEvent(item: item, page: page)
        let milliseconds = item.widget.impression.minDurationMilliseconds
        guard milliseconds > 0 else {
            sessions[id] = Session(token: token)
            fire(id, token: token, event: event)
            return
        }
        let timer = ClockTimer(clock: clock, after: .milliseconds(milliseconds))
        sessions[id] = Session(token: token)
        sessions[id]?.task = Task { @MainActor [weak self] in
            do {
                try await timer.wait()
            } catch {
                return
            }
            self?.fire(id, token: token, event: event)
        }
    }

    /// Counts the impression if the session that timed it is still the widget's, and the
    /// page's `request_id` is still the event's.
    private func fire(_ id: String, token: Int, event: ImpressionEvent) {
        guard sessions[id]?.token == token, event.requestID == requestID else { return }
        sessions[id]?.hasFired = true
        sessions[id]?.task = nil
        counts[id, default: 0] += 1
        onImpression(event)
    }
}
