import FlowCore
import FlowPresentation
import FlowRuntime

/// What a tap does: the widget's action through the app's `ActionDispatcher` (built-ins and
/// the host's handlers: `add_to_cart`, `open_page` through the navigator, …), from the page
/// the widget is on. The dispatcher checks every action (`ActionPolicy`) before it runs.
@MainActor
public final class FlowActions {
    public let dispatcher: ActionDispatcher
    public private(set) weak var store: PageStore?

    init(dispatcher: ActionDispatcher, store: PageStore?) {
        self.dispatcher = dispatcher
        self.store = store
    }

    /// Fires `event` (`tap`, `add_to_cart`, …) of `widget`; whether an action ran.
    @discardableResult
    public func fire(_ event: String, of widget: WidgetModel, sectionID: String?) -> Bool {
        dispatcher.dispatch(event: event, of: widget, sectionID: sectionID, store: store)
    }

    /// Fires an action a control inside a widget carries (a button, a tag).
    @discardableResult
    public func fire(_ action: ActionData, widgetID: String, sectionID: String?) -> Bool {
        dispatcher.dispatch(action, from: ActionOrigin(store: store, widgetID: widgetID, sectionID: sectionID))
    }

    /// Does what a screen reader asked of an element of `widget` (or of a control inside it,
    /// `widgetID` naming the widget when there is no model, as for the nav bar's buttons):
    /// fires the widget's event, fires a control's action, or sets the widget's local state
    /// and fires the event that follows it (`AccessibilityElement.Activation`).
    public func perform(_ activation: AccessibilityElement.Activation, widgetID: String, widget: WidgetModel?, sectionID: String?) {
        switch activation {
        case .event(let event):
            guard let widget else { return }
            fire(event, of: widget, sectionID: sectionID)
        case .action(let action):
            fire(action, widgetID: widgetID, sectionID: sectionID)
        case .state(let value, let event):
            store?.widgetState[widgetID] = value
            if let event, let widget { fire(event, of: widget, sectionID: sectionID) }
        }
    }
}
