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
    /// By widget id, compared by its code points (two byte-different ids are two widgets).
    private var values: [ExactString: JSONValue] = [:]

    public init() {}

    /// The state of widget `id`; `nil` when it has none. Setting `nil` clears it.
    public subscript(id: String) -> JSONValue? {
        get { values[ExactString(id)] }
        set { values[ExactString(id)] = newValue }
    }

    /// The ids of widgets that have state.
    public var widgetIDs: Set<String> { Set(values.keys.map(\.string)) }

    /// Whether no widget has state.
    public var isEmpty: Bool { values.isEmpty }

    /// Forgets the state of widget `id`.
    public func reset(_ id: String) {
        values[ExactString(id)] = nil
    }

    /// Forgets everything.
    public func removeAll() {
        values.removeAll()
    }

    /// Where a stateful widget was before a change.
    enum Presence {
        /// An addressable widget of the page, as it was.
        case addressable(WidgetModel)
        /// On the page, nested in an addressable widget (an accordion item), held as it was.
        case nested(owner: WidgetModel)
        /// Not on the page: a sheet's widget, which shares the page's state store.
        case offPage
    }

    /// The widgets with state, as they are on `page`, to compare after a change. Costs the
    /// number of stateful widgets, never the size of the page.
    func snapshot(of page: PageModel?) -> [ExactString: Presence] {
        var snapshot: [ExactString: Presence] = [:]
        for id in values.keys {
            if let widget = page?.widget(id: id.string) {
                snapshot[id] = .addressable(widget)
            } else if let owner = page?.owner(ofNested: id.string) {
                snapshot[id] = .nested(owner: owner)
            } else {
                snapshot[id] = .offPage
            }
        }
        return snapshot
    }

    /// Keeps the state of widgets unchanged between `snapshot` (taken before the change) and
    /// `page`, and forgets the rest. An addressable widget is unchanged when it has the same
    /// id and source; a nested one while the widget that holds it is; a widget that
    /// was not on the page (a sheet's) keeps its state only while no page widget takes its
    /// id: a new widget never inherits state that was not its own.
    func retainUnchanged(from snapshot: [ExactString: Presence], to page: PageModel?) {
        guard !values.isEmpty else { return }
        for (id, before) in snapshot {
            let unchanged: Bool
            switch before {
            case .addressable(let widget): unchanged = page?.widget(id: id.string) == widget
            // The item is the same while the widget holding it is (same id, same source).
            case .nested(let owner): unchanged = page?.widget(id: owner.id) == owner && page?.owner(ofNested: id.string)?.id.isByteEqual(to: owner.id) == true
            case .offPage: unchanged = !(page?.containsWidget(id: id.string) ?? false)
            }
            if !unchanged { values[id] = nil }
        }
    }
}
