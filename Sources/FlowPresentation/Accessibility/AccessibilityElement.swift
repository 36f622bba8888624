import FlowCore

/// One thing a screen reader stops on: what it is, what it says, and what activating it does.
///
/// Every renderer hands the same elements to its platform (SwiftUI's accessibility modifiers,
/// `vitrine render --accessibility`), so what a VoiceOver user hears is decided, and tested,
/// once. Every string in it has passed `AccessibilityText.clean`: no control character, no
/// bidi override, one line, bounded.
public struct AccessibilityElement: Sendable, Hashable {
    /// What the element is, as a screen reader announces it.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case button, link, header, image, text
        /// A value the user turns up and down (a stepper): swipe up or down.
        case adjustable
        /// A field that opens search.
        case searchField = "search_field"

        /// The payload's role (CONTRACT §5, `accessibility.role`).
        public init(_ role: AccessibilityData.Role) {
            switch role {
            case .button: self = .button
            case .link: self = .link
            case .header: self = .header
            case .image: self = .image
            case .text: self = .text
            }
        }
    }

    /// What a screen reader's activation (double-tap), adjustment (swipe up or down) or named
    /// action does, decided here with the element so that every renderer does the same: an
    /// element that stands for a control does what the control does (a row's one readable
    /// button fires that button's action, an accordion's header opens it), not the widget's tap.
    public enum Activation: Sendable, Hashable {
        /// Fires one of the widget's events (`tap`, `add_to_cart`) through the dispatcher.
        case event(String)
        /// Fires the action one of the widget's controls carries (a button's, a tag's).
        case action(ActionData)
        /// Sets the widget's local state (`WidgetStateStore`) to `value`, then fires its
        /// `event` when there is one: an accordion opening, a stepper's next count and `change`.
        case state(JSONValue, event: String?)
    }

    /// A named action a screen reader offers on the element (swipe up or down, then
    /// double-tap): a control inside an element read as one, such as a card's `add_to_cart`
    /// or the call to action of a card the payload labelled as a whole.
    public struct CustomAction: Sendable, Hashable {
        public var name: String
        /// What it does.
        public var activation: Activation

        public init(name: String, activation: Activation) {
            self.name = name
            self.activation = activation
        }

        /// An action that fires the widget's `event` (`add_to_cart`).
        public init(name: String, event: String) {
            self.init(name: name, activation: .event(event))
        }
    }

    /// The widget it belongs to; a widget may give several elements (a row of buttons).
    public var widgetID: String
    /// Which of the widget's controls it is (a row's button, a rail's tag, a call to action,
    /// an accordion's header), by their index in the payload; nil for the widget's content.
    public var part: Int?
    public var role: Role
    /// What is read first. Never empty.
    public var label: String
    /// The current value of an adjustable or expandable element ("3", "expanded").
    public var value: String?
    /// What activating it does ("Opens the page").
    public var hint: String?
    /// A disabled button is read as dimmed and cannot be activated.
    public var isDisabled: Bool
    /// What else the element offers besides activating it.
    public var actions: [CustomAction]
    /// What activating it does; nil for an element that only reads (text, a dimmed button).
    public var activation: Activation?
    /// What swiping up (`increment`) and down (`decrement`) do to an adjustable element; nil
    /// at the bound it cannot pass, or when it is not adjustable.
    public var increment: Activation?
    public var decrement: Activation?

    public init(
        widgetID: String, part: Int? = nil, role: Role, label: String, value: String? = nil, hint: String? = nil,
        isDisabled: Bool = false, actions: [CustomAction] = [], activation: Activation? = nil,
        increment: Activation? = nil, decrement: Activation? = nil
    ) {
        self.widgetID = widgetID
        self.part = part
        self.role = role
        self.label = label
        self.value = value
        self.hint = hint
        self.isDisabled = isDisabled
        self.actions = actions
        self.activation = activation
        self.increment = increment
        self.decrement = decrement
    }

    /// Whether a screen reader can adjust it (swipe up or down).
    public var isAdjustable: Bool { increment != nil || decrement != nil }

    /// The element as one line: `role: label (value) [dimmed] — hint {actions: A, B}`, for
    /// `vitrine render --accessibility` and tests. Its parts are already clean, so the line
    /// holds no control character.
    public var line: String {
        var line = "\(role.rawValue): \(label)"
        if let value { line += " (\(value))" }
        if isDisabled { line += " [dimmed]" }
        if let hint { line += " — \(hint)" }
        if !actions.isEmpty { line += " {actions: \(actions.map(\.name).joined(separator: ", "))}" }
        return line
    }
}
