import FlowCore
import Observation

/// Routes widget actions through a chain of handlers, newest first: the host's handlers
/// (registered later) see an action before the built-ins `toast`, `dismiss`, `refresh_page`,
/// `open_bottom_sheet` and `api`. Every action passes its type's check in `policy` (the
/// checks `vitrine lint` makes too) before any handler sees it: one that fails is refused, and
/// one whose type the policy does not know is unknown, reported as `refused_action` and
/// ignored, whatever handlers exist (a host registers a check with each action type it
/// handles). Nothing here ever crashes.
///
/// Slow work runs in tasks the dispatcher tracks and releases when they finish; every action
/// lands in a bounded log for debugging.
@MainActor
@Observable
public final class ActionDispatcher {
    public let sheets: SheetStack
    public let toasts: ToastQueue
    /// Decodes sheets and responses for actions without a page store.
    public let decoder: PageDecoder
    /// Where `api` calls go; `nil` refuses them.
    public let transport: (any ActionTransport)?
    /// The checks an action passes before a handler sees it.
    public let policy: ActionPolicy

    /// The latest actions, oldest first, at most `logLimit`.
    public private(set) var log: [ActionLogEntry] = []
    /// Tasks running for actions (an `api` call in flight).
    public private(set) var runningTaskCount = 0

    /// How many entries `log` keeps (a negative value keeps none). Default 100.
    @ObservationIgnored public var logLimit = 100
    /// Shown as a toast when an `api` call fails in transport; `nil` shows nothing. Default `nil`.
    @ObservationIgnored public var apiFailureMessage: String?
    /// Receives diagnostics of actions that have no page store.
    @ObservationIgnored public var onDiagnostics: DiagnosticSink?

    @ObservationIgnored private var handlers: [any ActionHandler] = []
    @ObservationIgnored private var tasks: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var nextLogID = 0
    @ObservationIgnored private var nextTaskID = 0

    public init(
        sheets: SheetStack, toasts: ToastQueue, decoder: PageDecoder, transport: (any ActionTransport)?,
        policy: ActionPolicy = .builtIn
    ) {
        self.sheets = sheets
        self.toasts = toasts
        self.decoder = decoder
        self.transport = transport
        self.policy = policy
        for handler in BuiltInActionHandlers.all {
            register(handler)
        }
    }

    deinit {
        for task in tasks.values { task.cancel() }
    }

    /// Adds `handler` in front of every handler registered before it.
    public func register(_ handler: any ActionHandler) {
        handlers.insert(handler, at: 0)
    }

    /// Offers `action` to each handler, newest first; returns whether one took it.
    @discardableResult
    public func dispatch(_ action: ActionData, from origin: ActionOrigin) -> Bool {
        nextLogID += 1
        let logID = nextLogID
        appendLog(ActionLogEntry(id: logID, type: action.type, widgetID: origin.widgetID, event: origin.event, handler: nil, outcome: .pending))
        let context = ActionContext(origin: origin, dispatcher: self, logID: logID, actionType: action.type)
        if policy.knows(action.type) {
            if let reason = policy.refusal(for: action, decoder: context.decoder) {
                context.refuse(reason)
                return true
            }
            for handler in handlers where handler.handle(action, context: context) {
                updateLog(logID, handler: handler.name)
                return true
            }
        }
        let message = "unknown action type '\(action.type)' ignored"
        report([Diagnostic(kind: .refusedAction, path: "action.type", message: message)], source: .action(type: action.type), store: origin.store)
        updateLog(logID, outcome: .unhandled)
        return false
    }

    /// Dispatches the action `widget` declares for `event` (`tap`, `change`, …), as a renderer
    /// does on input; returns `false` when the widget has no action for the event.
    @discardableResult
    public func dispatch(event: String, of widget: WidgetModel, sectionID: String? = nil, store: PageStore?) -> Bool {
        guard let action = widget.actions[event] else { return false }
        return dispatch(action, from: ActionOrigin(store: store, widgetID: widget.id, sectionID: sectionID, event: event))
    }

    /// Waits until every action task running now (and any they start) has finished.
    public func settle() async {
        while let task = tasks.values.first {
            await task.value
        }
    }

    /// Cancels every running action task.
    public func cancelAll() {
        for task in tasks.values { task.cancel() }
    }

    // MARK: - For contexts

    func report(_ diagnostics: [Diagnostic], source: DiagnosticReport.Source, store: PageStore?, requestID: String? = nil) {
        guard !diagnostics.isEmpty else { return }
        if let store {
            store.record(DiagnosticReport(
                pageID: store.pageID, requestID: requestID ?? store.page?.requestID, source: source, diagnostics: diagnostics))
        } else {
            onDiagnostics?(DiagnosticReport(pageID: "", requestID: requestID, source: source, diagnostics: diagnostics))
        }
    }

    func run(logID: Int, _ work: @escaping @MainActor () async -> ActionLogEntry.Outcome) {
        nextTaskID += 1
        let taskID = nextTaskID
        updateLog(logID, outcome: .running)
        // Ordering: the task body runs on the main actor after this method returns, so the
        // task is in `tasks` before it can remove itself. It holds the dispatcher weakly (and
        // the work holds a context, which does too), so `deinit` can cancel it.
        tasks[taskID] = Task { @MainActor [weak self] in
            let outcome = await work()
            self?.finishTask(taskID, logID: logID, outcome: outcome)
        }
        runningTaskCount = tasks.count
    }

    private func finishTask(_ taskID: Int, logID: Int, outcome: ActionLogEntry.Outcome) {
        tasks[taskID] = nil
        runningTaskCount = tasks.count
        updateLog(logID, outcome: outcome)
    }

    func updateLog(_ logID: Int, handler: String? = nil, outcome: ActionLogEntry.Outcome? = nil) {
        // The entry is usually the last: search from the end.
        guard let index = log.lastIndex(where: { $0.id == logID }) else { return }
        if let handler { log[index].handler = handler }
        if let outcome {
            log[index].outcome = outcome
        } else if log[index].outcome == .pending {
            log[index].outcome = .handled
        }
    }

    private func appendLog(_ entry: ActionLogEntry) {
        log.append(entry)
        let limit = max(0, logLimit)
        if log.count > limit { log.removeFirst(log.count - limit) }
    }
}

extension ActionDispatcher {
    /// A dispatcher for one store and nothing around it: a sheet stack and a toast queue of its
    /// own and the store's decoder. It has no server transport, so a server action is refused
    /// with a diagnostic, as any action without a handler is; the built-in ones run.
    public static func standalone(for store: PageStore) -> ActionDispatcher {
        ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(), decoder: store.decoder, transport: nil)
    }
}
