import FlowCore
import Observation

/// The local state of one page's widgets, by widget id: a stepper's count, an accordion's
/// expanded items. It is what an `api` action posts as the widget's `value`.
///
/// State lives outside the widgets so that it survives what replaces them: a failed refresh
/// keeps it all; a successful refresh or a mutation resets it only for widgets that are gone
/// or changed (`retainUnchanged(from:to:)`), so a count is never shown against new content.
@MainActor
@Observable
public final class WidgetStateStore {
    private var values: [String: JSONValue] = [:]

    public init() {}

    /// The state of widget `id`; `nil` when it has none. Setting `nil` clears it.
    public subscript(id: String) -> JSONValue? {
        get { values[id] }
        set { values[id] = newValue }
    }

    /// The ids of widgets that have state.
    public var widgetIDs: Set<String> { Set(values.keys) }

    /// Whether no widget has state.
    public var isEmpty: Bool { values.isEmpty }

    /// Forgets the state of widget `id`.
    public func reset(_ id: String) {
        values[id] = nil
    }

    /// Forgets everything.
    public func removeAll() {
        values.removeAll()
    }

    /// The widgets with state, as they are on `page`, to compare after a change.
    /// Where a stateful widget was before a change.
    enum Presence {
        /// An addressable widget of the page, as it was.
        case addressable(WidgetModel)
        /// On the page, but nested in another widget (an accordion item).
        case nested
        /// Not on the page: a sheet's widget, which shares the page's state store.
        case offPage
    }

    /// Costs the number of stateful widgets, never the size of the page.
    func snapshot(of page: PageModel?) -> [String: Presence] {
        var snapshot: [String: Presence] = [:]
        for id in values.keys {
            if let widget = page?.widget(id: id) {
                snapshot[id] = .addressable(widget)
            } else {
                snapshot[id] = page?.widgetIDs.contains(id) == true ? .nested : .offPage
            }
        }
        return snapshot
    }

    /// Keeps the state of widgets unchanged between `snapshot` (taken before the change) and
    /// `page`, and forgets the rest. An addressable widget is unchanged when it has the same
    /// id and source; a nested one is kept while its id is still on the page; a widget that
    /// was never on the page (a sheet's) is not the page's to reset.
    func retainUnchanged(from snapshot: [String: Presence], to page: PageModel?) {
        guard !values.isEmpty else { return }
        for (id, before) in snapshot {
            let unchanged: Bool
            switch before {
            case .addressable(let widget): unchanged = page?.widget(id: id) == widget
            case .nested: unchanged = page?.widget(id: id) == nil && (page?.widgetIDs.contains(id) ?? false)
            case .offPage: unchanged = true
            }
            if !unchanged { values[id] = nil }
        }
    }
}
