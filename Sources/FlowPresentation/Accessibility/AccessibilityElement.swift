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

    /// The widget it belongs to; a widget may give several elements (a row of buttons).
    public var widgetID: String
    public var role: Role
    /// What is read first. Never empty.
    public var label: String
    /// The current value of an adjustable or expandable element ("3", "expanded").
    public var value: String?
    /// What activating it does ("Opens the page").
    public var hint: String?
    /// A disabled button is read as dimmed and cannot be activated.
    public var isDisabled: Bool

    public init(widgetID: String, role: Role, label: String, value: String? = nil, hint: String? = nil, isDisabled: Bool = false) {
        self.widgetID = widgetID
        self.role = role
        self.label = label
        self.value = value
        self.hint = hint
        self.isDisabled = isDisabled
    }

    /// The element as one line: `role: label (value) — hint`, for `vitrine render
    /// --accessibility` and tests. Its parts are already clean, so the line holds no control
    /// character.
    public var line: String {
        var line = "\(role.rawValue): \(label)"
        if let value { line += " (\(value))" }
        if isDisabled { line += " [dimmed]" }
        if let hint { line += " — \(hint)" }
        return line
    }
}
