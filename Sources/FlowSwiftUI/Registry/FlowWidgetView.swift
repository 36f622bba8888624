import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// A SwiftUI view of one widget type: built from the decoded content and the widget's context,
/// like every renderer's views (`WidgetView`), and handed its VoiceOver elements.
public protocol FlowWidgetView: WidgetView, View {
    /// The elements the catalogue derived for this widget (its own controls carry them when
    /// there are several); set by the registry before the view is shown.
    @MainActor var elements: [AccessibilityElement] { get set }
}

extension WidgetRegistry where Output == AnyView {
    /// Registers `view` for its content's widget type (and so the type's decoding): the
    /// registry stays the one type-erasure point, and every widget it makes is wrapped in a
    /// `WidgetHost` (chrome, VoiceOver, taps, impressions).
    public mutating func register<V: FlowWidgetView>(_ view: V.Type) {
        register(V.Content.self) { content, context in
            AnyView(WidgetHost(context: context) { elements in
                var view = V(content: content, context: context)
                view.elements = elements
                return AnyView(view)
            })
        }
    }
}

/// Everything around a widget's own view, the same for every type: the backend's chrome, its
/// VoiceOver description (`AccessibilityCatalog`, with the payload's `accessibility` laid
/// over it), its `tap` through the dispatcher, and its frame reported for impressions.
struct WidgetHost: View {
    let context: WidgetContext
    let make: @MainActor ([AccessibilityElement]) -> AnyView

    @Environment(\.flowAccessibility) private var catalog
    @Environment(\.flowActions) private var actions
    @Environment(\.locale) private var locale
    @Environment(\.flowWords) private var words
    @Environment(\.flowHostContext) private var hostContext
    @Environment(\.flowClient) private var client
    @Environment(\.flowExpiry) private var expiry

    @ViewBuilder
    var body: some View {
        let now = EvaluationContext.flow(client: client, expiry: expiry).now
        if catalog.nextReadingChange(of: context.widget, after: now) != nil {
            // A reading that follows the clock (a countdown) is read again at each change,
            // as the terminal redraws a countdown on its tick.
            TimelineView(ReadingSchedule(catalog: catalog, widget: context.widget)) { timeline in
                host(at: timeline.date)
            }
        } else {
            host(at: now)
        }
    }

    private func host(at now: Date) -> some View {
        let elements = catalog.describedElements(for: context.widget, in: environment(at: now))
        let tap = context.widget.actions["tap"]
        return described(make(elements ?? []).flowChrome(context.widget.layout), elements)
            .onTapGesture(count: 1) { fire("tap", if: tap != nil) }
            .reportingPlacement(of: context)
    }

    /// `view` with the catalogue's elements, or as drawn when the catalogue does not describe
    /// the widget's type (`AccessibilityCatalog.describedElements`).
    @ViewBuilder
    private func described(_ view: some View, _ elements: [AccessibilityElement]?) -> some View {
        if let elements {
            view.flowAccessibility(elements, perform: perform)
        } else {
            view
        }
    }

    private func fire(_ event: String, if enabled: Bool) {
        guard enabled else { return }
        actions?.fire(event, of: context.widget, sectionID: context.sectionID)
    }

    /// What VoiceOver asked of the widget's element (`AccessibilityElement.Activation`).
    private func perform(_ activation: AccessibilityElement.Activation) {
        actions?.perform(activation, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID)
    }

    /// The locale, the client and instant nested widgets are resolved for, and a snapshot of
    /// the live state of this widget and those inside it (a stepper's count, an accordion's
    /// expansion), read now on the main actor.
    private func environment(at now: Date) -> AccessibilityEnvironment {
        var state: [ExactString: JSONValue] = [:]
        if let store = actions?.store {
            for id in context.widget.allIDs { state[ExactString(id)] = store.widgetState[id] }
        }
        let snapshot = state
        return AccessibilityEnvironment(
            locale: locale, words: words, evaluation: .flow(client: client, expiry: expiry, atLeast: now),
            widgetState: { snapshot[ExactString($0)] }, hostContext: hostContext)
    }
}

/// The instants a widget whose reading follows the clock is read again at
/// (`AccessibilityCatalog.readingChanges`): its next change, and so on to its last.
struct ReadingSchedule: TimelineSchedule {
    let catalog: AccessibilityCatalog
    let widget: WidgetModel

    func entries(from startDate: Date, mode: TimelineScheduleMode) -> UnfoldFirstSequence<Date> {
        catalog.readingChanges(of: widget, from: startDate) ?? sequence(first: startDate) { _ in nil }
    }
}
