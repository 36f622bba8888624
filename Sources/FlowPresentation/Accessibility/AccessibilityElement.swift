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

        /// The payload's role (CONTRACT §3, `accessibility.role`).
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

    /// A named action a screen reader offers on the element (swipe up or down, then
    /// double-tap): a widget event other than `tap`, such as `add_to_cart`, whose control is
    /// inside an element read as one.
    public struct CustomAction: Sendable, Hashable {
        public var name: String
        /// The widget event it fires (`add_to_cart`).
        public var event: String

        public init(name: String, event: String) {
            self.name = name
            self.event = event
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

    public init(
        widgetID: String, part: Int? = nil, role: Role, label: String, value: String? = nil, hint: String? = nil,
        isDisabled: Bool = false, actions: [CustomAction] = []
    ) {
        self.widgetID = widgetID
        self.part = part
        self.role = role
        self.label = label
        self.value = value
        self.hint = hint
        self.isDisabled = isDisabled
        self.actions = actions
    }

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
