/// The name of an event a widget declares an action for (the keys of its `actions`): `tap`,
/// `add_to_cart`, or any other name a payload uses.
///
/// A type rather than a bare string, so that a renderer names the events it fires once and
/// compares them by their scalars, as JSON compares keys, never by hand.
public struct WidgetEvent: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as the payload spells it.
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral value: String) {
        name = value
    }

    /// A tap (Enter, a click): what opens or runs a widget.
    public static let tap: WidgetEvent = "tap"
    /// A long press.
    public static let longPress: WidgetEvent = "long_press"
    /// A control's value changed (a stepper's count).
    public static let change: WidgetEvent = "change"
    /// The retail `add_to_cart` event a product declares.
    public static let addToCart: WidgetEvent = "add_to_cart"

    public static func == (lhs: WidgetEvent, rhs: WidgetEvent) -> Bool {
        lhs.name.isByteEqual(to: rhs.name)
    }

    public func hash(into hasher: inout Hasher) {
        name.hashBytes(into: &hasher)
    }

    public var description: String { name }
}

extension WidgetActions {
    /// The action for `event`.
    public subscript(event: WidgetEvent) -> ActionData? {
        self[event.name]
    }
}
