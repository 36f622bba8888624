import FlowPresentation
import Foundation

/// How a line of the cart reads to a screen reader: one element (its title, quantity and
/// price) that activating does nothing to. Removing it is a named action, never the
/// activation: a double-tap, like the terminal cart's Enter, never removes a line.
public struct CartLineReading: Sendable, Hashable {
    /// "Wool coat, quantity 2, $91.99", made safe (`AccessibilityText`).
    public var label: String
    /// The name of the named action that removes the line; nil while a change to it is on
    /// its way to the server (the remove button is dimmed then).
    public var removeAction: String?

    public init(line: CartSnapshot.Line, isPending: Bool, locale: Locale) {
        let phrases = RetailPhrases(AccessibilityPhrases(locale: locale))
        let parts = [AccessibilityText.clean(line.title) ?? AccessibilityText.clean(line.productID),
                     phrases.quantity(line.quantity.formatted(.number.locale(locale))),
                     line.unitPrice.map { PriceFormat.string($0, locale: locale) }]
        label = AccessibilityText.joined(parts.map { AccessibilityText.clean($0) }) ?? phrases.cart
        removeAction = isPending ? nil : phrases.remove
    }
}
