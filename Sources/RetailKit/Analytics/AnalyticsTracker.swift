import FlowCore
import FlowRuntime
import Foundation

/// Analytics that lose nothing (CONTRACT §9): impressions, taps, add-to-cart and contract
/// problems become events with `event_id`, `name`, `timestamp` and `app_version`, kept in a
/// durable outbox (SQLite) and sent in batches to `POST /v1/events`.
///
/// - `track` never blocks the main actor: it hands the event to the outbox's own thread and
///   returns, also while another process holds the database locked (the event then waits in
///   memory, bounded like the outbox). `waitUntilDurable()` returns once what was tracked is
///   committed: durable before acknowledged.
/// - Uploads start at `flushCount` stored events, every `flushInterval`, or on `flush()`; one is
///   in flight at a time; a batch is re-sent with the same events and ids until a 2xx, and only
///   then deleted (`EventUploader`). Delivery is at least once, and the backend's
///   de-duplication by `event_id` makes it exactly once in its stats.
/// - The outbox is bounded by count and age: the oldest go and are counted, never because
///   sending failed.
/// - Analytics failures cost the shopper nothing: a file that cannot be used is set aside and
///   a new one made (`EventOutbox`); a write that fails (a full disk) is tried again on a
///   back-off while the events wait in memory, bounded; and `shutdown()` finishes within its
///   limits whatever the disk or the backend do, reporting what could not be saved.
@MainActor
public final class AnalyticsTracker {
    public let configuration: Configuration
    private let outbox: EventOutbox
    private let handoff: EventHandoff
    private let uploader: EventUploader
    private let clock: any Clock<Duration>
    private let random: RandomSource
    private let now: @Sendable () -> Date
    private var timer: Task<Void, Never>?
    /// The next try after a failed write, on the back-off; `nil` while writes succeed.
    private var saveRetry: Task<Void, Never>?
    private var failedSaves = 0

    /// Events refused by `track` (a name that is empty or over 64 bytes) or too large to keep.
    public private(set) var refusedEventCount = 0
    /// Sees every event tracked, with its fields, as it is handed to the outbox (a debug log).
    public var onTracked: (@MainActor (_ name: String, _ fields: JSONObject) -> Void)?
    /// Hears why events could not be saved, and when an unusable outbox file was set aside
    /// (a debug log). Each is also counted in `counts()`.
    public var onProblem: (@MainActor (String) -> Void)?
    /// Why the last write of events failed, until one succeeds.
    public private(set) var lastSaveFailure: String?

    /// The last event tracked, by its order: `waitUntilDurable()` waits for it.
    public var lastTrackedSequence: Int { handoff.lastSequence }

    /// A tracker whose batches go to `send` (which throws `HomeAPIError` for an answer
    /// outside 2xx); clock, random source and wall clock are injected.
    public init(
        configuration: Configuration, send: @escaping @Sendable (Data) async throws -> Void,
        clock: any Clock<Duration> = ContinuousClock(), random: RandomSource = .system, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.random = random
        self.now = now
        outbox = EventOutbox(
            url: configuration.databaseURL,
            limits: EventOutbox.Limits(maxEvents: max(1, configuration.maxStoredEvents), maxAge: configuration.maxEventAge),
            busyTimeout: configuration.busyTimeout)
        handoff = EventHandoff(capacity: configuration.maxStoredEvents)
        uploader = EventUploader(
            outbox: outbox, send: send,
            settings: .init(
                maxBatchEvents: configuration.maxBatchEvents, maxBatchBytes: configuration.maxBatchBytes, backoff: configuration.backoff),
            clock: clock, random: random)
    }

    /// A tracker that sends to the backend through `client`.
    public convenience init(
        configuration: Configuration, client: HomeAPIClient, clock: any Clock<Duration> = ContinuousClock(),
        random: RandomSource = .system, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(configuration: configuration, send: { try await client.sendEvents($0) }, clock: clock, random: random, now: now)
    }

    deinit {
        timer?.cancel()
        saveRetry?.cancel()
    }

    /// Starts the interval timer and sends what an earlier run left in the outbox.
    public func start() {
        guard timer == nil else { return }
        let uploader = self.uploader
        let clock = self.clock
        let interval = configuration.flushInterval
        Task.detached { _ = await uploader.flush() }
        timer = Task.detached {
            while !Task.isCancelled {
                do {
                    try await ClockTimer(clock: clock, after: interval).wait()
                } catch {
                    return
                }
                _ = await uploader.flush()
            }
        }
    }

    // MARK: - Tracking

    /// Tracks an event `name` with `fields`; the tracker's own members (`event_id`, `name`,
    /// `timestamp`, `app_version`) win over fields of the same name. Returns the event's id,
    /// or `nil` when it is refused (a name over 64 bytes or empty, an event over
    /// `maxEventBytes`). Never waits for the database.
    @discardableResult
    public func track(_ name: String, fields: JSONObject = JSONObject()) -> String? {
        guard (1...64).contains(name.utf8.count) else {
            refusedEventCount += 1
            return nil
        }
        let eventID = UUID().uuidString.lowercased()
        let instant = now()
        var object = fields
        object["event_id"] = .string(eventID)
        object["name"] = .string(name)
        object["timestamp"] = .string(RFC3339.string(from: instant))
        object["app_version"] = .string(configuration.appVersion.description)
        let body = JSONWriter.data(for: .object(object))
        guard body.count <= configuration.maxEventBytes else {
            refusedEventCount += 1
            return nil
        }
        let mustDrain = handoff.submit { OutboxRecord(eventID: eventID, body: body, createdAt: instant, sequence: $0) }
        if mustDrain { scheduleDrain() }
        onTracked?(name, object)
        return eventID
    }

    /// An impression from the `ImpressionTracker`.
    public func track(impression: ImpressionEvent) {
        track("impression", fields: impression.fields)
    }

    /// A `tap` on a widget, with the identifiers of its impression and `action_type`.
    public func trackTap(_ action: ActionData, origin: ActionOrigin) {
        var fields = Self.identifiers(of: origin)
        fields["action_type"] = .string(action.type)
        track("tap", fields: fields)
    }

    /// An `add_to_cart`, with the widget's identifiers, `action_type`, `product_id` and `quantity`.
    public func trackAddToCart(productID: String, quantity: Int, origin: ActionOrigin) {
        var fields = Self.identifiers(of: origin)
        fields["action_type"] = .string(AddToCartAction.type)
        fields["product_id"] = .string(productID)
        fields["quantity"] = .number(Double(quantity))
        track("add_to_cart", fields: fields)
    }

    /// One `contract_problem` per diagnostic of `report`.
    public func track(_ report: DiagnosticReport) {
        for diagnostic in report.diagnostics {
            track("contract_problem", fields: JSONObject([
                (key: "request_id", value: report.requestID.map(JSONValue.string) ?? .null),
                (key: "page_id", value: .string(report.pageID)),
                (key: "kind", value: .string(diagnostic.kind.rawValue)),
                (key: "path", value: .string(diagnostic.path.clipped(toUTF8Bytes: 1024))),
                (key: "widget_type", value: diagnostic.widgetType.map(JSONValue.string) ?? .null),
                (key: "message", value: .string(diagnostic.message.clipped(toUTF8Bytes: 2048))),
            ]))
        }
    }

    // MARK: - Delivery

    /// Returns `true` once every event tracked so far is in the database (or was dropped by
    /// the bound), or `false` as soon as a write fails first (the events wait for the next try).
    @discardableResult
    public func waitUntilDurable() async -> Bool {
        let durable = await handoff.waitUntilDurable(handoff.lastSequence)
        // Everything is saved: no save is failing, whether or not the drain's own outcome
        // (on a task of its own) has been heard yet.
        if durable { lastSaveFailure = nil }
        return durable
    }

    /// Makes what was tracked durable, then uploads until the outbox is empty or a send
    /// fails (a retry is then scheduled). Returns the number of events delivered, or the failure.
    @discardableResult
    public func flush() async -> Result<Int, FlushFailure> {
        guard await waitUntilDurable() else {
            return .failure(FlushFailure(reason: "the events could not be saved: \(lastSaveFailure ?? "unknown")"))
        }
        switch await uploader.flush() {
        case .empty: return .success(0)
        case .delivered(let count): return .success(count)
        case .failed(let reason): return .failure(FlushFailure(reason: reason))
        }
    }

    /// What the outbox holds and lost, with the events still waiting in memory.
    public func counts() async -> AnalyticsCounts {
        let stored = try? await outbox.counts()
        return AnalyticsCounts(
            queued: handoff.queuedCount, stored: stored?.pending ?? 0,
            dropped: (stored?.dropped ?? 0) + handoff.droppedCount, rejected: stored?.rejected ?? 0,
            refused: refusedEventCount)
    }

    /// Stops timers, tries once more to save what waits in memory, tries one last upload and
    /// closes the database, each within its limit (`shutdownSaveLimit`, `shutdownUploadLimit`)
    /// on the tracker's clock: shutting down never waits on a disk that hangs or fills, nor on
    /// a backend that does not answer. Events that could not be saved are counted in the
    /// answer, never waited for; those saved and not sent wait in the outbox for the next run.
    @discardableResult
    public func shutdown() async -> AnalyticsShutdown {
        timer?.cancel()
        timer = nil
        saveRetry?.cancel()
        saveRetry = nil
        let outbox = self.outbox
        let handoff = self.handoff
        let uploader = self.uploader
        let now = self.now
        let saved = await withTimeLimit(configuration.shutdownSaveLimit, clock: clock) { await outbox.drain(handoff, now: now) }
        let uploaded = await withTimeLimit(configuration.shutdownUploadLimit, clock: clock) { await uploader.flush() }
        await uploader.stop()
        let closed: Bool? = await withTimeLimit(configuration.shutdownSaveLimit, clock: clock) {
            await outbox.close()
            return true
        }
        var reason: String?
        switch saved {
        case .failed(let why)?: reason = why
        case nil: reason = "saving took longer than \(configuration.shutdownSaveLimit)"
        case .written?: reason = closed == nil ? "closing the outbox took longer than \(configuration.shutdownSaveLimit)" : nil
        }
        return AnalyticsShutdown(
            unsaved: handoff.unsavedCount, problem: reason, uploadFinished: uploaded != nil)
    }

    private func scheduleDrain() {
        let outbox = self.outbox
        let handoff = self.handoff
        let uploader = self.uploader
        let now = self.now
        let flushCount = configuration.flushCount
        Task.detached { [weak self] in
            let outcome = await outbox.drain(handoff, now: now)
            if let reason = await outbox.takeSetAsideReason() {
                await self?.onProblem?("analytics: an unusable outbox file was set aside and a new one made (\(reason))")
            }
            switch outcome {
            case .written(let pending):
                await self?.saveSucceeded()
                if let pending, pending >= flushCount { await uploader.flushUnlessPaused() }
            case .failed(let reason):
                await self?.saveFailed(reason)
            }
        }
    }

    private func saveSucceeded() {
        failedSaves = 0
        lastSaveFailure = nil
    }

    /// A write failed (the events are back in the handoff, and its drain stays scheduled, so new
    /// events start none of their own): the next try waits out a back-off.
    private func saveFailed(_ reason: String) {
        if lastSaveFailure != reason { onProblem?("analytics events cannot be saved now: \(reason)") }
        lastSaveFailure = reason
        let delay = configuration.saveRetry.delay(attempt: failedSaves, random: random)
        failedSaves += 1
        let timer = ClockTimer(clock: clock, after: delay)
        saveRetry = Task { [weak self] in
            guard (try? await timer.wait()) != nil, let self else { return }
            self.saveRetry = nil
            self.scheduleDrain()
        }
    }

    /// The identifiers of §9 for the widget an action came from: those of its impression
    /// when it is on a loaded page, else the page's.
    static func identifiers(of origin: ActionOrigin) -> JSONObject {
        guard let page = origin.store?.page else {
            return JSONObject([(key: "page_id", value: origin.store.map { .string($0.pageID) } ?? .null),
                               (key: "item_id", value: origin.widgetID.map(JSONValue.string) ?? .null)])
        }
        guard let widgetID = origin.widgetID, let widget = page.widget(id: widgetID) else {
            return JSONObject([(key: "request_id", value: .string(page.requestID)), (key: "page_id", value: .string(page.id)),
                               (key: "item_id", value: origin.widgetID.map(JSONValue.string) ?? .null)])
        }
        let section = page.sections.first { section in section.widgets.contains { $0.id.isByteEqual(to: widgetID) } }
        let position = section?.widgets.firstIndex { $0.id.isByteEqual(to: widgetID) } ?? 0
        let item = VisibleWidget(widget: widget, section: section, position: position, visibleFraction: 1)
        return ImpressionEvent(item: item, page: page).fields
    }
}

/// Why a flush stopped (a retry is scheduled).
public struct FlushFailure: Error, Sendable, Hashable {
    public var reason: String
}

/// What shutting analytics down could not do.
public struct AnalyticsShutdown: Sendable, Hashable {
    /// Events tracked that never reached the outbox (lost with the process).
    public var unsaved: Int
    /// Why saving failed or did not finish in time, when it did not.
    public var problem: String?
    /// Whether the last upload ended (delivered or failed) within its limit.
    public var uploadFinished: Bool
}

/// What the analytics pipeline holds and what it lost.
public struct AnalyticsCounts: Sendable, Hashable {
    /// Tracked, waiting in memory for the database.
    public var queued: Int
    /// In the outbox, not yet delivered.
    public var stored: Int
    /// Dropped by the bounds (oldest first), ever (the outbox's count, and this run's in memory).
    public var dropped: Int
    /// Refused by the server for good (a 4xx other than 408/429).
    public var rejected: Int
    /// Refused by `track` itself (bad name, too large), this run.
    public var refused: Int
}
