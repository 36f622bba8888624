import FlowPresentation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

extension AccessibilityElement.Role {
    /// The trait VoiceOver announces for the role; none for plain text and adjustable values
    /// (an adjustable element says so through its adjustable action).
    var traits: AccessibilityTraits {
        switch self {
        case .button: .isButton
        case .link: .isLink
        case .header: .isHeader
        case .image: .isImage
        case .text, .adjustable: .isStaticText
        case .searchField: .isSearchField
        }
    }
}

extension View {
    /// Makes this view one VoiceOver element reading `element` (its children are not read on
    /// their own): label, value, hint and the role's trait, from the cross-platform
    /// description, and what the element does, handed to `perform`: its activation
    /// (double-tap), its named actions and, when adjustable, its steps (swipe up or down).
    /// All of them are attached after `accessibilityElement(children: .ignore)`, on the element
    /// itself, since the children they would otherwise sit on are no longer read.
    public func flowAccessibilityElement(
        _ element: AccessibilityElement, perform: @escaping @MainActor (AccessibilityElement.Activation) -> Void
    ) -> some View {
        accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: element.label))
            .accessibilityValue(Text(verbatim: element.value ?? ""))
            .accessibilityHint(Text(verbatim: element.hint ?? ""))
            .accessibilityAddTraits(element.role.traits)
            // A new element does not inherit its children's `.disabled`: dimmed is said here.
            .disabled(element.isDisabled)
            .accessibilityAction(.default) {
                if let activation = element.activation, !element.isDisabled { perform(activation) }
            }
            .accessibilityActions {
                ForEach(Array(element.actions.enumerated()), id: \.offset) { _, action in
                    Button(action: { perform(action.activation) }) { Text(verbatim: action.name) }
                }
            }
            .modifier(AdjustableElement(increment: element.increment, decrement: element.decrement, perform: perform))
    }

    /// Applies what the catalogue says of a widget: nothing read (`hidden`, decoration); one
    /// element, doing through `perform` what the element says (the widget's tap, or the
    /// control it stands for: a row's one button, an accordion's header, a stepper's steps);
    /// or several, which the widget's own controls carry (`children: .contain`).
    @ViewBuilder
    func flowAccessibility(_ elements: [AccessibilityElement], perform: @escaping @MainActor (AccessibilityElement.Activation) -> Void) -> some View {
        if elements.isEmpty {
            accessibilityHidden(true)
        } else if elements.count == 1, let element = elements.first {
            flowAccessibilityElement(element, perform: perform)
        } else {
            accessibilityElement(children: .contain)
        }
    }
}

extension View {
    /// This view as `element` when there is one (a part of a widget that reads as several
    /// elements: a hero's card beside its call to action); unchanged otherwise.
    @ViewBuilder
    public func flowAccessibilityGroup(
        _ element: AccessibilityElement?, perform: @escaping @MainActor (AccessibilityElement.Activation) -> Void
    ) -> some View {
        if let element {
            flowAccessibilityElement(element, perform: perform)
        } else {
            self
        }
    }
}

extension View {
    /// This control of a widget as `PartReading` says: its own element, hidden (a hidden or
    /// unreadable control of a widget that reads as several would otherwise be read by its
    /// drawn title), or left inside the element its widget reads as.
    @ViewBuilder
    public func flowAccessibilityPart(
        _ reading: PartReading, perform: @escaping @MainActor (AccessibilityElement.Activation) -> Void
    ) -> some View {
        switch reading {
        case .element(let element): flowAccessibilityElement(element, perform: perform)
        case .hidden: accessibilityHidden(true)
        case .withinWidget: self
        }
    }
}

/// An adjustable element's steps (swipe up: `increment`, down: `decrement`); a view that is
/// not adjustable is left as it is, so VoiceOver does not call it adjustable.
private struct AdjustableElement: ViewModifier {
    let increment: AccessibilityElement.Activation?
    let decrement: AccessibilityElement.Activation?
    let perform: @MainActor (AccessibilityElement.Activation) -> Void

    @ViewBuilder
    func body(content: Content) -> some View {
        if increment == nil && decrement == nil {
            content
        } else {
            content.accessibilityAdjustableAction { direction in
                switch direction {
                case .increment: if let increment { perform(increment) }
                case .decrement: if let decrement { perform(decrement) }
                @unknown default: break
                }
            }
        }
    }
}
