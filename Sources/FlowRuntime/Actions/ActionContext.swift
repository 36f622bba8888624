import FlowCore

/// Where an action came from: the page, the widget and the event.
@MainActor
public struct ActionOrigin {
    /// The store of the page the widget is on (also for widgets in that page's sheets). Held
    /// weakly: an action in flight never keeps a page alive.
    public weak var store: PageStore?
    public var widgetID: String?
    public var sectionID: String?
    /// `tap`, `long_press`, `change`, or any other event name.
    public var event: String

    public init(store: PageStore?, widgetID: String? = nil, sectionID: String? = nil, event: String = "tap") {
        self.store = store
        self.widgetID = widgetID
        self.sectionID = sectionID
        self.event = event
    }
}

/// What a handler gets besides the action: its origin, the shared presentation state, and
/// ways to report, refuse and run slow work that the dispatcher tracks and logs.
///
/// It holds the dispatcher (and, through `origin`, the store) weakly, so work that captures
/// the context never keeps either alive: dropping the dispatcher cancels its running work.
@MainActor
public struct ActionContext {
    public let origin: ActionOrigin
    public private(set) weak var dispatcher: ActionDispatcher?
    public let sheets: SheetStack
    public let toasts: ToastQueue
    /// The store's decoder, or the dispatcher's when the action has no page.
    public let decoder: PageDecoder
    let logID: Int
    let actionType: String

    init(origin: ActionOrigin, dispatcher: ActionDispatcher, logID: Int, actionType: String) {
        self.origin = origin
        self.dispatcher = dispatcher
        self.sheets = dispatcher.sheets
        self.toasts = dispatcher.toasts
        self.decoder = origin.store?.decoder ?? dispatcher.decoder
        self.logID = logID
        self.actionType = actionType
    }

    /// The store of the page the action came from, while it exists.
    public var store: PageStore? { origin.store }

    /// Reports diagnostics against the origin page, filed under `requestID` when given (the
    /// composition the action was fired on), else under the page's current one.
    public func report(_ diagnostics: [Diagnostic], source: DiagnosticReport.Source? = nil, requestID: String? = nil) {
        dispatcher?.report(diagnostics, source: source ?? .action(type: actionType), store: origin.store, requestID: requestID)
    }

    /// Refuses the action: a `refused_action` diagnostic and a log entry saying why.
    public func refuse(_ message: String) {
        report([Diagnostic(kind: .refusedAction, path: "action", message: "\(actionType): \(message)")])
        dispatcher?.updateLog(logID, outcome: .refused(message))
    }

    /// Runs slow work as a task the dispatcher tracks, releases when done, and logs.
    public func run(_ work: @escaping @MainActor () async -> ActionLogEntry.Outcome) {
        dispatcher?.run(logID: logID, work)
    }
}
