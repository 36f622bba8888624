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
    /// their own): label, value, hint and the role's trait, from the cross-platform description.
    public func flowAccessibilityElement(_ element: AccessibilityElement) -> some View {
        accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: element.label))
            .accessibilityValue(Text(verbatim: element.value ?? ""))
            .accessibilityHint(Text(verbatim: element.hint ?? ""))
            .accessibilityAddTraits(element.role.traits)
    }

    /// Applies what the catalogue says of a widget: nothing read (`hidden`, decoration); one
    /// element, whose activation is `activate` (the widget's `tap`) and whose named actions
    /// (`add_to_cart`, whose button is inside the element) fire through `perform`; or several,
    /// which the widget's own controls carry (`children: .contain`).
    @ViewBuilder
    func flowAccessibility(
        _ elements: [AccessibilityElement], activate: @escaping @MainActor () -> Void, perform: @escaping @MainActor (String) -> Void
    ) -> some View {
        if elements.isEmpty {
            accessibilityHidden(true)
        } else if elements.count == 1, let element = elements.first {
            flowAccessibilityElement(element)
                .accessibilityAction(.default) { activate() }
                .accessibilityActions {
                    ForEach(Array(element.actions.enumerated()), id: \.offset) { _, action in
                        Button(action: { perform(action.event) }) { Text(verbatim: action.name) }
                    }
                }
        } else {
            accessibilityElement(children: .contain)
        }
    }
}

extension View {
    /// This view as `element` when there is one (a part of a widget that reads as several
    /// elements: a hero's card beside its call to action); unchanged otherwise.
    @ViewBuilder
    public func flowAccessibilityGroup(_ element: AccessibilityElement?) -> some View {
        if let element {
            flowAccessibilityElement(element)
        } else {
            self
        }
    }
}
