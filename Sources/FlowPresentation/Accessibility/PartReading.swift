/// How one control inside a widget reads (a row's button, a rail's tag, a card's call to
/// action, a nav bar's button), decided from the elements the catalogue gave the widget, so
/// that every renderer treats a control without an element the same way.
///
/// A widget that reads as one element holds its controls inside it (the platform reads the
/// element, not them). A widget that reads as several lets each control carry its own element,
/// so a control the catalogue gave none (`hidden`, an icon it cannot name, a zero-width title)
/// must be hidden: left as drawn, the platform would read it by its drawn title.
public enum PartReading: Sendable, Hashable {
    /// The control is this element.
    case element(AccessibilityElement)
    /// The control reads as nothing.
    case hidden
    /// The control is inside the element the widget reads as (or inside a hidden widget):
    /// the renderer leaves it as drawn.
    case withinWidget

    /// How control `part` of widget `widgetID` reads among `elements`. `separate`: the controls
    /// are always elements of their own (a nav bar's buttons sit in separate toolbar items),
    /// even when only one of them reads.
    public init(part: Int, of widgetID: String, in elements: [AccessibilityElement], separate: Bool = false) {
        if !separate && elements.count <= 1 {
            self = .withinWidget
        } else if let element = elements.first(where: { $0.part == part && $0.widgetID.isByteEqual(to: widgetID) }) {
            self = .element(element)
        } else {
            self = .hidden
        }
    }

    /// The element of widget `widgetID`'s content beside its controls (a product page's text
    /// beside its call to buy, a card beside its call to action), which the view puts on the
    /// part that draws the content; nil when the widget reads as one element (its host carries
    /// it) or its content reads as nothing.
    public static func content(of widgetID: String, in elements: [AccessibilityElement]) -> AccessibilityElement? {
        guard elements.count > 1 else { return nil }
        return elements.first { $0.part == nil && $0.widgetID.isByteEqual(to: widgetID) }
    }

    /// The element, when the control is one.
    public var element: AccessibilityElement? {
        if case .element(let element) = self { return element }
        return nil
    }
}
