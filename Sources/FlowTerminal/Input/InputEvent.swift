/// One thing the user did, decoded from the terminal's bytes.
public enum InputEvent: Sendable, Hashable {
    case key(Key, modifiers: KeyModifiers = [])
    /// Text typed (UTF-8 decoded; one event per character).
    case text(String)
    case mouse(MouseEvent)
    /// Everything pasted between the bracketed-paste markers, as one event.
    case paste(String)
}

/// Keys that are not text.
public enum Key: Sendable, Hashable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case insert, delete
    case enter, escape, backspace, tab, backTab
    /// Ctrl with a letter (`ctrl("c")`), or Ctrl-Space (`ctrl(" ")`).
    case ctrl(Character)
    case function(Int)
}

/// Shift, Alt, Ctrl, as the terminal reports them with a key or a click.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let ctrl = KeyModifiers(rawValue: 4)
}

/// A mouse report (SGR 1006): which button, what it did, and the cell (0-based).
public struct MouseEvent: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        case press, release, drag
        case wheelUp, wheelDown
    }

    public var action: Action
    /// 0 left, 1 middle, 2 right (wheel events: 0).
    public var button: Int
    public var x: Int
    public var y: Int
    public var modifiers: KeyModifiers

    public init(action: Action, button: Int, x: Int, y: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.button = button
        self.x = x
        self.y = y
        self.modifiers = modifiers
    }
}
