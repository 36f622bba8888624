import FlowPresentation
import Foundation
import RetailContract
import RetailKit

/// How a line of the cart reads to a screen reader: one element (its title, quantity, price
/// and what is pending of it) that activating does nothing to. Removing it is a named action,
/// never the activation: a double-tap, like the terminal cart's Enter, never removes a line.
/// Its quantity is adjustable (swipe up or down), as the sheet's `+` and `−` change it.
public struct CartLineReading: Sendable, Hashable {
    /// "Wool coat, quantity 2, $91.99, updating…", made safe (`AccessibilityText`).
    public var label: String
    /// The name of the named action that removes the line; nil while a change to it is on
    /// its way to the server (the remove button is dimmed then).
    public var removeAction: String?
    /// The quantity one step up and down (`RetailLimits.quantity(_:steppedBy:)`); nil when
    /// the step leaves a line's bounds or the line is being removed (its signs are dimmed).
    public var increased: Int?
    public var decreased: Int?

    /// The reading of a line as a cart screen lists it (`CartStore.shownLines`), while its
    /// changes wait to be sent again or not (`CartStore.isRetrying`).
    public init(shown: CartStore.ShownLine, isPending: Bool, isRetrying: Bool, locale: Locale) {
        let words = Words(AppLocale(identifier: locale.identifier))
        let line = shown.line
        let status = CartStore.ShownLine.Pending.word(for: shown.pending, isRetrying: isRetrying).map { words[$0] }
        let parts = [AccessibilityText.clean(line.title) ?? AccessibilityText.clean(line.productID),
                     words(.spokenQuantity, ["count": line.quantity.formatted(.number.locale(locale))]),
                     line.isAvailable ? line.unitPrice.map { PriceFormat.string($0, locale: locale) } : words[.noLongerSold],
                     status]
        label = AccessibilityText.joined(parts.map { AccessibilityText.clean($0) }) ?? words[.cart]
        removeAction = isPending ? nil : words[.removeTitle]
        increased = CartSheet.quantity(line.quantity, pending: shown.pending, isAvailable: line.isAvailable, steppedBy: 1)
        decreased = CartSheet.quantity(line.quantity, pending: shown.pending, isAvailable: line.isAvailable, steppedBy: -1)
    }

    /// The reading of a confirmed line with nothing pending of it, or with a change on its way.
    public init(line: CartSnapshot.Line, isPending: Bool, locale: Locale) {
        self.init(shown: CartStore.ShownLine(line: line, pending: nil), isPending: isPending, isRetrying: false, locale: locale)
    }
}

extension CartStore.ShownLine.Pending {
    /// What a cart screen says of a line with `pending` besides its price: the shopper's word
    /// for it, or, while a change waits to be sent again (`isRetrying`), that instead of an
    /// "updating…" that lasts half a minute. Nil for a line with nothing pending.
    static func word(for pending: Self?, isRetrying: Bool) -> Word? {
        guard let pending else { return nil }
        if isRetrying { return .retryingLine }
        switch pending {
        case .adding: return .adding
        case .updating: return .updatingLine
        case .removing: return .removing
        }
    }
}
