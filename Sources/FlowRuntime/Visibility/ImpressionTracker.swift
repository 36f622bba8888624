import FlowCore

/// Turns per-frame visibility into impressions (CONTRACT §3, §9), for any renderer.
///
/// A widget counts once at least `min_visible_percent` of it (default 50) has been on screen
/// continuously for `min_duration_ms` (default 500), at most `limit` times (default 1) per
/// `request_id`. Time comes from the injected clock. Only visibility reported here counts:
/// decoding, prefetching and off-screen layout report nothing (or 0) and never impress. A
/// widget that leaves the screen before its duration starts over; one seen again (a recycled
/// row) counts again only while under its limit. `limit` 0 means never.
///
/// A widget that changes while it is timed (`replace_widget`: another type, tracking or
/// position) starts its timing anew, so the event sent is always the widget that was seen.
/// Counts are kept per (`request_id`, widget), so one tracker shared by several pages never
/// counts a page twice when the user comes back to it; they are bounded by
/// `maximumCountedWidgets`, the oldest compositions' counts going first. A cached page
/// shown again by the next run keeps its `request_id`: `countedImpressions` and `restore`
/// carry the counts over, so that run counts nothing twice either.
@MainActor
public final class ImpressionTracker {
    /// What an impression says of a widget; when it changes, timing starts over.
    private struct Seen: Equatable {
        let widget: WidgetModel
        let sectionID: String?
        let sectionTracking: JSONObject
        let position: Int

        init(_ item: VisibleWidget) {
            widget = item.widget
            sectionID = item.section?.id
            sectionTracking = item.section?.tracking ?? JSONObject()
            position = item.position
        }

        static func == (lhs: Seen, rhs: Seen) -> Bool {
            lhs.widget == rhs.widget && lhs.position == rhs.position && lhs.sectionTracking == rhs.sectionTracking
                && (lhs.sectionID.map { rhs.sectionID?.isByteEqual(to: $0) == true } ?? (rhs.sectionID == nil))
        }
    }

    private struct Session {
        let token: Int
        let seen: Seen
        /// The composition the event counts for (a next page's section has its own).
        let request: ExactString
        var task: Task<Void, Never>?
        /// Fired during this continuous visibility: it does not fire again until the widget leaves.
        var hasFired = false
    }

    /// The most (`request_id`, widget) counts kept. Default 20,000.
    public var maximumCountedWidgets = 20_000
    /// The most compositions whose counts are kept. Default 256.
    public var maximumCompositions = 256
    /// Called after each impression is counted (to keep the counts across runs).
    public var onCounted: (@MainActor () -> Void)?

    private let clock: any Clock<Duration>
    private let onImpression: @MainActor (ImpressionEvent) -> Void
    /// The composition on screen: sessions belong to it.
    private var requestID: ExactString?
    private var counts: [ExactString: [ExactString: Int]] = [:]
    /// Compositions, least recently shown first, for eviction.
    private var requestOrder: [ExactString] = []
    private var countedWidgets = 0
    private var sessions: [ExactString: Session] = [:]
    private var nextToken = 0
    /// The screens that said they report here, bottom to top (the pages of a navigation
    /// stack): only the top one's reports count (`ImpressionTracker+Screens`).
    var screens: [ObjectIdentifier] = []
    /// What hides every page now (`ImpressionTracker+Hiding`); while any, nothing is timed.
    var obstructions: Set<Obstruction> = []
    /// The last report, timed again when the last obstruction goes.
    var lastReport: (page: PageModel, visible: [VisibleWidget])?

    public init(clock: any Clock<Duration> = ContinuousClock(), onImpression: @escaping @MainActor (ImpressionEvent) -> Void) {
        self.clock = clock
        self.onImpression = onImpression
    }

    deinit {
        for session in sessions.values { session.task?.cancel() }
    }

    /// Reports one frame: every widget of `page` with some area on screen. Widgets absent
    /// from `visible` are off screen; so is every widget of any other page.
    public func update(page: PageModel, visible: [VisibleWidget]) {
        lastReport = (page, visible)
        guard obstructions.isEmpty else {
            endAllSessions()
            return
        }
        let request = ExactString(page.requestID)
        if request != requestID {
            endAllSessions()
            requestID = request
            if counts[request] == nil {
                counts[request] = [:]
            } else if let index = requestOrder.firstIndex(of: request) {
                requestOrder.remove(at: index)  // least recently shown goes first
            }
            requestOrder.append(request)
            evictOldCounts()
        }
        var onScreen = Set<ExactString>()
        for item in visible where Self.qualifies(item) {
            let id = ExactString(item.widget.id)
            onScreen.insert(id)
            let seen = Seen(item)
            if let session = sessions[id] {
                if session.seen == seen { continue }
                // Replaced or moved while timed: what was seen is not what would be reported.
                session.task?.cancel()
                sessions[id] = nil
            }
            let counted = ExactString(item.section?.requestID ?? page.requestID)
            guard count(of: id, in: counted) < item.widget.impression.limit else { continue }
            startSession(for: item, seen: seen, page: page, counted: counted)
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
        sessions[ExactString(id)].map { !$0.hasFired } ?? false
    }

    /// Impressions of widget `id` counted for the composition on screen (or, with
    /// `requestID`, for that one: a next page's sections count under their own).
    public func impressionCount(of id: String, requestID: String? = nil) -> Int {
        guard let request = requestID.map({ ExactString($0) }) ?? self.requestID else { return 0 }
        return count(of: ExactString(id), in: request)
    }

    private func count(of id: ExactString, in request: ExactString) -> Int {
        counts[request]?[id] ?? 0
    }

    /// At least `min_visible_percent` of the area, and some area at all.
    private static func qualifies(_ item: VisibleWidget) -> Bool {
        let fraction = item.visibleFraction
        guard fraction.isFinite, fraction > 0 else { return false }
        // Compared as fractions with a tolerance: 29 of 50 rows is 0.58, and 0.58 * 100 is
        // 57.999…, which must still meet a threshold of 58.
        return min(fraction, 1) >= item.widget.impression.minVisiblePercent / 100 - 1e-9
    }

    private func startSession(for item: VisibleWidget, seen: Seen, page: PageModel, counted: ExactString) {
        nextToken += 1
        let token = nextToken
        let id = ExactString(item.widget.id)
        let event = ImpressionEvent(item: item, page: page)
        let milliseconds = item.widget.impression.minDurationMilliseconds
        sessions[id] = Session(token: token, seen: seen, request: counted)
        guard milliseconds > 0 else {
            fire(id, token: token, event: event)
            return
        }
        let timer = ClockTimer(clock: clock, after: .milliseconds(milliseconds))
        sessions[id]?.task = Task { @MainActor [weak self] in
            do {
                try await timer.wait()
            } catch {
                return
            }
            self?.fire(id, token: token, event: event)
        }
    }

    /// Counts the impression if the session that timed it is still the widget's (sessions end
    /// when another page comes on screen).
    private func fire(_ id: ExactString, token: Int, event: ImpressionEvent) {
        guard let session = sessions[id], session.token == token else { return }
        let request = session.request
        sessions[id]?.hasFired = true
        sessions[id]?.task = nil
        if counts[request] == nil {
            counts[request] = [:]
            requestOrder.append(request)
        }
        counts[request, default: [:]][id, default: 0] += 1
        if counts[request]?[id] == 1 { countedWidgets += 1 }
        evictOldCounts()
        onImpression(event)
        onCounted?()
    }

    /// The counts of the compositions shown last, oldest first: at most `compositions` of
    /// them, and no more than `widgets` counts in all (whole compositions only).
    public func countedImpressions(compositions: Int, widgets: Int) -> [CountedImpressions] {
        var kept: [CountedImpressions] = []
        var total = 0
        for request in requestOrder.reversed() where kept.count < compositions {
            guard let counted = counts[request], !counted.isEmpty else { continue }
            guard total + counted.count <= widgets else { break }
            total += counted.count
            let widgets = counted.map { (widgetID: $0.key.string, count: $0.value) }
                .sorted { $0.widgetID.utf8.lexicographicallyPrecedes($1.widgetID.utf8) }
            kept.append(CountedImpressions(requestID: request.string, counts: widgets))
        }
        return kept.reversed()
    }

    /// Takes counts an earlier run made (`countedImpressions`), oldest first, as if counted
    /// here: a composition shown again counts each widget only up to its limit in all.
    public func restore(_ counted: [CountedImpressions]) {
        for composition in counted {
            let request = ExactString(composition.requestID)
            var widgets = counts[request] ?? [:]
            if counts[request] == nil { requestOrder.append(request) }
            for (id, count) in composition.counts where count > 0 {
                let key = ExactString(id)
                if widgets[key] == nil { countedWidgets += 1 }
                widgets[key] = max(widgets[key] ?? 0, count)
            }
            counts[request] = widgets
        }
        evictOldCounts()
    }

    /// Forgets the oldest compositions' counts while more than the bounds are kept; the one on
    /// screen is never forgotten, so a page with more widgets than `maximumCountedWidgets`
    /// keeps a count for each (its own size bounds them).
    private func evictOldCounts() {
        while countedWidgets > max(0, maximumCountedWidgets) || requestOrder.count > max(1, maximumCompositions),
            let oldest = requestOrder.first(where: { $0 != requestID })
        {
            requestOrder.removeAll { $0 == oldest }
            countedWidgets -= counts.removeValue(forKey: oldest)?.count ?? 0
        }
    }
}

/// The impressions counted for one composition (`request_id`), by widget id.
public struct CountedImpressions: Sendable, Equatable {
    public var requestID: String
    public var counts: [(widgetID: String, count: Int)]

    public init(requestID: String, counts: [(widgetID: String, count: Int)]) {
        self.requestID = requestID
        self.counts = counts
    }

    public static func == (lhs: CountedImpressions, rhs: CountedImpressions) -> Bool {
        lhs.requestID.utf8.elementsEqual(rhs.requestID.utf8) && lhs.counts.count == rhs.counts.count
            && zip(lhs.counts, rhs.counts).allSatisfy { $0.widgetID.utf8.elementsEqual($1.widgetID.utf8) && $0.count == $1.count }
    }
}
