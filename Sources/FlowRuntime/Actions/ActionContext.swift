import FlowCore

/// Where an action came from: the page, the widget and the event.
@MainActor
public struct ActionOrigin {
    /// The store of the page the widget is on (also for widgets in that page's sheets).
    public var store: PageStore?
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
@MainActor
public struct ActionContext {
    public let origin: ActionOrigin
    public let dispatcher: ActionDispatcher
    let logID: Int
    let actionType: String

    /// The store of the page the action came from.
    public var store: PageStore? { origin.store }
    public var sheets: SheetStack { dispatcher.sheets }
    public var toasts: ToastQueue { dispatcher.toasts }
    /// The store's decoder, or the dispatcher's when the action has no page.
    public var decoder: PageDecoder { origin.store?.decoder ?? dispatcher.decoder }

    /// Reports diagnostics against the origin page's `request_id` (or to the dispatcher's sink).
    public func report(_ diagnostics: [Diagnostic], source: DiagnosticReport.Source? = nil) {
        dispatcher.report(diagnostics, source: source ?? .action(type: actionType), store: origin.store)
    }

    /// Refuses the action: a `refused_action` diagnostic and a log entry saying why.
    public func refuse(_ message: String) {
        report([Diagnostic(kind: .refusedAction, path: "action", message: "\(actionType): \(message)")])
        dispatcher.updateLog(logID, outcome: .refused(message))
    }

    /// Runs slow work as a task the dispatcher tracks, releases when done, and logs.
    public func run(_ work: @escaping @MainActor () async -> ActionLogEntry.Outcome) {
        dispatcher.run(logID: logID, work)
    }
}
