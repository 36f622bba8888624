import FlowCore

/// What a describer is handed besides the content: the widget's id and tap action, the
/// environment, and the helpers every widget type needs (a control's element, nested widgets,
/// the tap's hint), so descriptions stay short and alike.
public struct AccessibilityRequest: Sendable {
    /// The widget described (its elements carry it; its live state is looked up by it).
    public let widgetID: String
    /// The widget's `tap` action, if it has one.
    public let tap: ActionData?
    public let environment: AccessibilityEnvironment
    let catalog: AccessibilityCatalog

    init(widgetID: String, tap: ActionData?, environment: AccessibilityEnvironment, catalog: AccessibilityCatalog) {
        self.widgetID = widgetID
        self.tap = tap
        self.environment = environment
        self.catalog = catalog
    }

    /// The engine's words in the shopper's language.
    public var words: EngineWords { environment.words }

    /// The live state of the widget (`WidgetStateStore`), if any.
    public var state: JSONValue? { environment.widgetState(widgetID) }

    /// `button` when the widget can be tapped, else `otherwise`.
    public func role(otherwise: AccessibilityElement.Role) -> AccessibilityElement.Role {
        tap == nil ? otherwise : .button
    }

    /// The hint of a control that fires `action`.
    public func hint(for action: ActionData?) -> String? {
        catalog.hint(for: action, in: environment)
    }

    /// What activating the widget as a whole does: its `tap`, when it has one.
    public var tapActivation: AccessibilityElement.Activation? {
        tap == nil ? nil : .event("tap")
    }

    /// One element of this widget from readable `parts` (cleaned, joined by commas); `nil` when
    /// none is readable. The role is `button` when the widget has a tap action, the hint the
    /// tap's, and activating it fires the tap.
    public func element(
        _ parts: [String?], role: AccessibilityElement.Role = .text, value: String? = nil, hint: String? = nil
    ) -> AccessibilityElement? {
        guard let label = AccessibilityText.joined(parts) else { return nil }
        return AccessibilityElement(
            widgetID: widgetID, role: self.role(otherwise: role), label: label, value: AccessibilityText.clean(value),
            hint: AccessibilityText.clean(hint) ?? self.hint(for: tap), activation: tapActivation)
    }

    /// A button's element: its title, else its icon's name; its action's hint; dimmed when
    /// disabled; the button's own `accessibility` laid over it (`hidden` gives none; a label
    /// names a button that has no readable title, and it stays a button with its hint).
    /// Activating it fires the button's own action (none when dimmed). `part` is the button's
    /// index among the widget's controls, so the view that draws it finds its element even
    /// when a button before it reads as nothing.
    public func button(_ button: ButtonData, part: Int) -> AccessibilityElement? {
        let derived = AccessibilityText.spoken(button.title) ?? AccessibilityText.clean(button.icon.map(iconName))
        let element = AccessibilityElement(
            widgetID: widgetID, part: part, role: .button, label: derived ?? "", hint: hint(for: button.action), isDisabled: button.isDisabled,
            activation: button.isDisabled ? nil : button.action.map { .action($0) })
        return AccessibilityCatalog.applying(button.accessibility, to: [element], widgetID: widgetID).first { !$0.label.isEmpty }
    }

    /// A tag's element (`part`: its index in the rail): a button that fires the tag's action
    /// when it has one, else text.
    public func tag(_ tag: TagData, part: Int) -> AccessibilityElement? {
        AccessibilityText.spoken(tag.text).map {
            AccessibilityElement(
                widgetID: widgetID, part: part, role: tag.action == nil ? .text : .button, label: $0, hint: hint(for: tag.action),
                activation: tag.action.map { .action($0) })
        }
    }

    /// The actions of `tags` that a screen reader offers by name on an element that holds them
    /// (a card read as one): each tag with an action, named by its text.
    public func tagActions(_ tags: [TagData]) -> [AccessibilityElement.CustomAction] {
        tags.compactMap { tag in
            guard let action = tag.action, let name = AccessibilityText.spoken(tag.text) else { return nil }
            return AccessibilityElement.CustomAction(name: name, activation: .action(action))
        }
    }

    /// A tappable icon's action, named by its symbol in words (`heart.fill` → "heart"): the
    /// icon has no element of its own.
    public func iconAction(_ icon: IconData?) -> AccessibilityElement.CustomAction? {
        guard let icon, let action = icon.action, let name = AccessibilityText.clean(iconName(icon)) else { return nil }
        return AccessibilityElement.CustomAction(name: name, activation: .action(action))
    }

    /// The elements of nested widgets (an accordion's items), each resolved as its parent's
    /// siblings are (CONTRACT, "Decisions").
    public func nested(_ widgets: [WidgetModel]) -> [AccessibilityElement] {
        widgets.flatMap { catalog.elements(for: $0.resolve(in: environment.evaluation), in: environment) }
    }

    /// The image's `alt`, when it says something the `title` does not.
    public func alt(_ image: ImageData?, besides title: String?) -> String? {
        guard let alt = AccessibilityText.clean(image?.alt) else { return nil }
        if let title = AccessibilityText.clean(title), title.lowercased().unicodeScalars.elementsEqual(alt.lowercased().unicodeScalars) { return nil }
        return alt
    }

    /// What an icon-only control is called: the engine's word for its symbol in the
    /// shopper's language (`EngineWord.symbol`), else its symbol in words.
    func iconName(_ icon: IconData) -> String {
        EngineWord.symbol(icon.symbol).map { environment.words[$0] } ?? EngineWord.symbolName(icon.symbol)
    }
}
