import FlowCore
import FlowWidgets

/// How the eight starter widgets read (CONTRACT §6).
///
/// A widget that shows one thing is one element (a card reads title, subtitle and tags in one
/// breath; a button when it can be tapped); a row of controls is one element a control; an
/// accordion is its header (expanded or collapsed) followed, when open, by its items; a
/// separator is decoration and reads as nothing.
public enum StarterAccessibility {
    public static func register(on catalog: inout AccessibilityCatalog) {
        catalog.register(TitleBlockContent.self) { content, request in
            [request.element([AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle)], role: .header)].compactMap { $0 }
        }
        catalog.register(ImageTextCardContent.self) { content, request in
            let parts = [AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle)] + content.tags.map { AccessibilityText.spoken($0.text) }
                + [request.alt(content.image, besides: AccessibilityText.spoken(content.title))]
            guard var card = request.element(parts) else { return [] }
            card.actions += request.tagActions(content.tags) + [request.iconAction(content.trailingIcon)].compactMap { $0 }
            return [card]
        }
        catalog.register(BannerContent.self) { content, request in
            let alt = request.alt(content.image, besides: AccessibilityText.spoken(content.title))
            let role: AccessibilityElement.Role = content.title == nil && content.subtitle == nil ? .image : .text
            return [request.element([AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle), alt], role: role)].compactMap { $0 }
        }
        catalog.register(ButtonRowContent.self) { content, request in
            content.buttons.enumerated().compactMap { request.button($1, part: $0) }
        }
        catalog.register(TagRailContent.self) { content, request in
            content.tags.enumerated().compactMap { request.tag($1, part: $0) }
        }
        catalog.register(StepperRowContent.self) { content, request in
            let count = content.count(from: request.state)
            let value = request.environment.integer(count)
            guard var stepper = request.element(
                [AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle)], role: .adjustable, value: value, hint: request.words[.adjusts])
            else { return [] }
            // Swiping up and down steps it as its buttons do, and fires `change` as they do.
            stepper.increment = content.steppedState(from: request.state, by: 1).map { .state($0, event: "change") }
            stepper.decrement = content.steppedState(from: request.state, by: -1).map { .state($0, event: "change") }
            return [stepper]
        }
        catalog.register(AccordionContent.self) { content, request in
            let expanded: Bool
            if case .bool(let state)? = request.state { expanded = state } else { expanded = content.isInitiallyExpanded }
            let header = AccessibilityText.clean(AccessibilityText.spoken(content.header)).map {
                AccessibilityElement(
                    widgetID: request.widgetID, part: 0, role: .button, label: $0,
                    value: expanded ? request.words[.expanded] : request.words[.collapsed], hint: request.words[.togglesContent],
                    activation: .state(.bool(!expanded), event: nil))
            }
            return [header].compactMap { $0 } + (expanded ? request.nested(content.items) : [])
        }
        catalog.register(SeparatorContent.self) { _, _ in [] }
    }

    /// A catalogue of the starter widgets and the built-in actions' hints.
    public static var catalog: AccessibilityCatalog {
        var catalog = AccessibilityCatalog()
        register(on: &catalog)
        return catalog
    }
}
