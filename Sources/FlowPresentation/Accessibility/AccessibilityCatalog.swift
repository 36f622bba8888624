import FlowCore
import FlowRuntime

/// Widget type → how it reads to a screen reader; action type → the hint of a control that
/// fires it. The one place every renderer asks, filled beside the widget catalogue by the
/// modules that own the widgets (`StarterAccessibility` here, RetailPresentation's
/// `RetailAccessibility`).
///
/// A describer derives elements from the content; the catalogue then applies the payload's
/// own `accessibility` (CONTRACT §5), so the backend's correction always wins, in one place:
/// `hidden` removes the widget, a `label` (or any member, on a widget of several elements)
/// makes the widget one element, `role` and `hint` replace the derived ones. The last
/// registration of a type wins.
public struct AccessibilityCatalog: Sendable {
    public typealias Describe<Content> = @Sendable (Content, AccessibilityRequest) -> [AccessibilityElement]
    /// The hint (or the name) of a control that fires an action, in the environment's words.
    public typealias Hint = @Sendable (ActionData, AccessibilityEnvironment) -> String?

    private var describers: [ExactString: Describe<any WidgetContent>] = [:]
    private var hints: [ExactString: Hint] = [:]
    private var actionNames: [ExactString: Hint] = [:]
    /// Widget type → the next instant its reading changes (`AccessibilityCatalog+Clock`).
    var readingChanges: [ExactString: NextChange<any WidgetContent>] = [:]

    /// A catalogue that knows the built-in actions' hints and no widget.
    public init() {
        registerHint(forAction: "open_bottom_sheet") { _, environment in environment.words[.opensSheet] }
        registerHint(forAction: "refresh_page") { _, environment in environment.words[.refreshes] }
        registerHint(forAction: "dismiss") { _, environment in environment.words[.closes] }
    }

    /// Registers how `Content`'s widget type reads.
    public mutating func register<Content: WidgetContent>(_ type: Content.Type, describe: @escaping Describe<Content>) {
        describers[ExactString(Content.widgetType)] = { content, request in
            (content as? Content).map { describe($0, request) } ?? []
        }
    }

    /// Registers the hint of controls that fire `type` actions.
    public mutating func registerHint(forAction type: String, _ hint: @escaping Hint) {
        hints[ExactString(type)] = hint
    }

    /// Registers the name under which a screen reader offers a widget event that fires a
    /// `type` action (`add_to_cart` → "Add to cart"), when the control that fires it sits
    /// inside an element read as one (a product card's add button).
    public mutating func registerActionName(forAction type: String, _ name: @escaping Hint) {
        actionNames[ExactString(type)] = name
    }

    /// Whether a describer is registered for `type`.
    public func describes(_ type: String) -> Bool { describers[ExactString(type)] != nil }

    /// The registered widget types, sorted.
    public var registeredTypes: [String] { describers.keys.map(\.string).sorted() }

    /// The hint of a control that fires `action`, cleaned; `nil` for none or an action without one.
    public func hint(for action: ActionData?, in environment: AccessibilityEnvironment) -> String? {
        guard let action, let hint = hints[ExactString(action.type)] else { return nil }
        return AccessibilityText.clean(hint(action, environment))
    }

    /// What a screen reader reads for `resolved` as a renderer shows it: the widget, its
    /// fallback, a placeholder for an unknown or malformed one when `readsPlaceholders`, nothing
    /// for an incompatible or expired one.
    public func elements(for resolved: ResolvedWidget, in environment: AccessibilityEnvironment) -> [AccessibilityElement] {
        // A hidden widget hides what stands in for it too.
        if resolved.widget.accessibility?.isHidden == true { return [] }
        switch resolved.status {
        case .ok: return elements(for: resolved.widget, in: environment)
        case .fallback: return resolved.widget.fallback.map { elements(for: $0, in: environment) } ?? []
        case .unknown, .malformed: return placeholder(for: resolved.widget, in: environment)
        case .incompatible, .expired: return []
        }
    }

    /// What a screen reader reads for `widget`, or nil when nothing here says: a decoded widget
    /// of a type this catalogue does not describe, with no `accessibility` of its own. A
    /// renderer then leaves the platform to read the view as drawn, never hides it: a host that
    /// registers views (retail ones) without their descriptions loses nothing.
    public func describedElements(for widget: WidgetModel, in environment: AccessibilityEnvironment) -> [AccessibilityElement]? {
        if case .decoded = widget.content, widget.accessibility == nil, !describes(widget.type) { return nil }
        return elements(for: widget, in: environment)
    }

    /// What a screen reader reads for `widget`, by its content alone (no requirements or expiry).
    public func elements(for widget: WidgetModel, in environment: AccessibilityEnvironment) -> [AccessibilityElement] {
        if widget.accessibility?.isHidden == true { return [] }
        guard case .decoded(let content) = widget.content else { return placeholder(for: widget, in: environment) }
        let request = AccessibilityRequest(widgetID: widget.id, tap: widget.actions["tap"], environment: environment, catalog: self)
        let derived = describers[ExactString(widget.type)].map { $0(content, request) } ?? []
        let whole = AccessibilityElement(
            widgetID: widget.id, role: request.role(otherwise: .text), label: "", hint: request.hint(for: request.tap),
            activation: request.tapActivation)
        var elements = Self.applying(widget.accessibility, to: derived, widgetID: widget.id, whole: whole)
        let actions = customActions(of: widget, in: environment)
        if !actions.isEmpty, let content = elements.firstIndex(where: { $0.part == nil }) ?? elements.indices.first {
            elements[content].actions += actions
        }
        return elements
    }

    /// The widget's events other than `tap` whose action has a registered name, in the
    /// payload's order (a refused action is still offered: the dispatcher refuses it and says so).
    func customActions(of widget: WidgetModel, in environment: AccessibilityEnvironment) -> [AccessibilityElement.CustomAction] {
        widget.actions.events.compactMap { event in
            guard !event.isByteEqual(to: "tap"), let action = widget.actions[event],
                let name = actionNames[ExactString(action.type)].flatMap({ AccessibilityText.clean($0(action, environment)) })
            else { return nil }
            return AccessibilityElement.CustomAction(name: name, event: event)
        }
    }

    private func placeholder(for widget: WidgetModel, in environment: AccessibilityEnvironment) -> [AccessibilityElement] {
        guard environment.readsPlaceholders, widget.accessibility?.isHidden != true else { return [] }
        let reason: UnrenderableWidget.Reason
        switch widget.content {
        case .decoded: reason = .noView
        case .unknown: reason = .unknownType
        case .malformed(let failure): reason = .malformed(failure)
        }
        let label = UnrenderableWidget(widget: widget, reason: reason).placeholder.label(environment.words)
        return AccessibilityText.clean(label).map { [AccessibilityElement(widgetID: widget.id, role: .text, label: $0)] } ?? []
    }

    /// The derived elements with the payload's corrections laid over them. `whole` is the
    /// widget read as one (its role, hint and activation from its `tap`): what a label names
    /// when nothing was derived (an icon the describer cannot name), and what several elements
    /// merged into one keep. Merged, the element still does what its parts did: its activation
    /// is the widget's content's (its tap), else its one control's (a card's call to action),
    /// and every other control of the widget is offered as a named action.
    static func applying(
        _ data: AccessibilityData?, to derived: [AccessibilityElement], widgetID: String, whole: AccessibilityElement? = nil
    ) -> [AccessibilityElement] {
        guard let data else { return derived }
        if data.isHidden { return [] }
        let label = AccessibilityText.clean(data.label)
        let hint = AccessibilityText.clean(data.hint)
        let role = data.role.map(AccessibilityElement.Role.init)
        if derived.count == 1, var element = derived.first {
            if let label { element.label = label }
            if let hint { element.hint = hint }
            if let role { element.role = role }
            return [element]
        }
        guard label != nil || hint != nil || role != nil else { return derived }
        // Several elements (or none) and a correction: the widget's own elements become one.
        // The widgets inside it (an open accordion's items) are widgets of their own, with their
        // own `accessibility`, and stay their own elements after it: merged, a nested button
        // or stepper could not be reached (a stepper cannot be a named action).
        let own = derived.filter { $0.widgetID.isByteEqual(to: widgetID) }
        let nested = derived.filter { !$0.widgetID.isByteEqual(to: widgetID) }
        if own.count == 1, var element = own.first, !nested.isEmpty {
            if let label { element.label = label }
            if let hint { element.hint = hint }
            if let role { element.role = role }
            return [element] + nested
        }
        guard let text = label ?? AccessibilityText.joined(own.map(\.label)) else { return nested }
        // What the merged element does, and so its role, value and hint: the content's tap, else
        // the widget's, else its first control's (a card's call to action, an accordion's header).
        let main = own.first { $0.part == nil && $0.activation != nil } ?? (whole?.activation == nil ? nil : whole)
            ?? own.first { $0.activation != nil }
        var actions = own.flatMap(\.actions)
        for element in own {
            guard let other = element.activation, other != main?.activation else { continue }
            actions.append(AccessibilityElement.CustomAction(name: element.label, activation: other))
        }
        return [AccessibilityElement(
            widgetID: widgetID, part: nested.isEmpty ? nil : main?.part,
            role: role ?? main?.role ?? own.first?.role ?? whole?.role ?? .text, label: text,
            value: main?.value, hint: hint ?? main?.hint ?? own.first?.hint ?? whole?.hint,
            actions: actions, activation: main?.activation)] + nested
    }
}
