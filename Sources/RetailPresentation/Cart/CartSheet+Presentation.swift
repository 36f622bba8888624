import FlowCore
import FlowPresentation
import Foundation
import RetailContract
import RetailKit

/// What the cart sheet shows, in the shopper's words: every renderer draws this and decides
/// only where it goes (a renderer shortens an amount to its room with
/// `RetailFormat.price(_:within:width:)`; the values are here).
public struct CartSheetPresentation: Sendable {
    /// "Your cart · 3 items".
    public var title: String
    /// What the sheet says in place of lines: loading, could not be read, empty; nil with lines.
    public var message: String?
    public var lines: [Line]
    /// The line removed last, once the server took it out, and how to put it back.
    public var removal: Removal?
    /// The sum of what can be bought, as shown, when one currency says it.
    public var subtotal: Price?
    /// "Subtotal".
    public var subtotalLabel: String
    /// What comes next in this app (no checkout here), said while there is a cart to keep.
    public var checkoutNote: String?

    /// One line: its product, its quantity and whether it may step, its prices, and what the
    /// server has not confirmed of it.
    public struct Line: Sendable, Hashable {
        public var productID: String
        /// The product's title made safe to show, or the word for a product when none is known.
        public var title: String
        public var quantity: Int
        /// The quantity after `+` and `−`, nil where the step is not allowed (the sign is dimmed).
        public var increased: Int?
        public var decreased: Int?
        public var unitPrice: Price?
        public var total: Price?
        /// The unit price before, when the product is on sale, and what the line saves at it.
        public var compareAtPrice: Price?
        public var savings: Price?
        /// What the server has not confirmed of it ("updating…"), or that a change waits to be
        /// sent again; nil for nothing pending.
        public var status: String?
        /// Whether `status` is the change waiting to be sent again: said before the price, as
        /// what the shopper waits for.
        public var statusFirst: Bool
        /// Being removed: shown struck until the server answers.
        public var isBeingRemoved: Bool
        /// The product is no longer sold: "No longer available" in place of its price.
        public var isAvailable: Bool
        public var isSelected: Bool
        /// Why `+` does nothing when it does not: the most one line holds.
        public var limitNote: String?
        /// How the line reads to a screen reader.
        public var reading: CartLineReading

        /// When `total` cannot be said (quantity × a server's 1e308 is past the largest number):
        /// the largest, which the total is beyond ("> $1.8E308" in the terminal), never blank.
        /// Signed as the unit price is.
        public var totalBeyond: Price? {
            guard total == nil, let unit = unitPrice, unit.amount.isFinite, unit.amount != 0 else { return nil }
            return Price(amount: unit.amount < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude, currency: unit.currency)
        }

        /// What the line's second row says, in order: a change waiting to be sent again first
        /// (it is what the shopper waits for), then the unit price or that the product is no
        /// longer sold, what the line saves, and what the server has not confirmed yet.
        public var details: [Detail] {
            var parts: [Detail] = []
            if statusFirst, let status { parts.append(.status(status)) }
            if !isAvailable {
                parts.append(.noLongerSold)
            } else if let unitPrice {
                parts.append(.unitPrice(unitPrice))
            }
            if let savings { parts.append(.savings(savings)) }
            if !statusFirst, let status { parts.append(.status(status)) }
            return parts
        }
    }

    /// One part of a line's second row. Prices stay values, so each renderer writes them in
    /// the room it has (`RetailFormat.price(_:within:width:)`) or whole.
    public enum Detail: Sendable, Hashable {
        /// What the server has not confirmed ("updating…"), or a change waiting to be retried.
        case status(String)
        /// "$91.99 each".
        case unitPrice(Price)
        /// "No longer available".
        case noLongerSold
        /// "you save $38.00": what the line saves at its sale price.
        case savings(Price)

        /// The part in `words`, its price as `price` writes it; nil when `price` writes none
        /// (no room for it).
        public func text(words: Words, price: (Price) -> String?) -> String? {
            switch self {
            case .status(let text): text
            case .unitPrice(let amount): price(amount).map { words(.eachPrice, ["price": $0]) }
            case .noLongerSold: words[.noLongerSold]
            case .savings(let amount): price(amount).map { words(.lineSavings, ["amount": $0]) }
            }
        }

        /// The columns the part's words take around its price, for a renderer fitting it.
        public func frame(words: Words, width: (String) -> Int) -> Int {
            text(words: words) { _ in "" }.map(width) ?? 0
        }
    }

    /// "Trail runner Brio removed", and the button or key that puts it back.
    public struct Removal: Sendable, Hashable {
        public var removal: CartRemoval
        public var text: String
        /// "Undo" as a button says it.
        public var undo: String
    }
}

extension CartSheet {
    /// The sheet in `words` (prices, numbers and dates in their locale's form).
    public func presentation(words: Words) -> CartSheetPresentation {
        let format = RetailFormat(words.locale)
        let count = cart.badgeCount
        let title = words[.cartTitle] + (count == 0 ? "" : " · " + words.plural(.itemsOne, .itemsOther, count: count))
        var message: String?
        if cart.lines.isEmpty {
            message = cart.isKnown ? words[.cartEmpty] : cart.isUnavailable ? words[.cartUnavailable] : words[.cartLoading]
        }
        let lines = cart.lines.enumerated().map { index, line in
            Self.line(line, selected: index == selection, isRetrying: cart.isRetrying, words: words, format: format)
        }
        let removal = shownRemoval.map { removal in
            CartSheetPresentation.Removal(
                removal: removal, text: words(.removed, ["title": Self.title(removal.title, words: words)]),
                undo: Self.capitalisedFirst(words[.undoAction], locale: words.locale.locale))
        }
        return CartSheetPresentation(
            title: title, message: message, lines: lines, removal: removal, subtotal: cart.lines.isEmpty ? nil : cart.subtotal,
            subtotalLabel: words[.subtotal], checkoutNote: cart.lines.isEmpty ? nil : words[.checkoutNote])
    }

    static func line(_ line: CartSummary.Line, selected: Bool, isRetrying: Bool, words: Words, format: RetailFormat) -> CartSheetPresentation.Line {
        let pendingWord = CartStore.ShownLine.Pending.word(for: line.pending, isRetrying: isRetrying)
        let increased = quantity(of: line, steppedBy: 1)
        var savings: Price?
        if let unit = line.unitPrice, let before = line.compareAtPrice, line.isAvailable, PriceFormat.isReduced(unit, from: before) {
            let amount = (before.amount - unit.amount) * Double(line.quantity)
            if amount.isFinite { savings = Price(amount: amount, currency: unit.currency) }
        }
        let atLimit = line.isAvailable && line.pending != .removing && line.quantity >= RetailLimits.lineQuantity.upperBound
        let shown = CartStore.ShownLine(line: line.snapshotLine, pending: line.pending)
        return CartSheetPresentation.Line(
            productID: line.productID, title: title(line.title, words: words), quantity: line.quantity,
            increased: increased, decreased: quantity(of: line, steppedBy: -1),
            unitPrice: line.isAvailable ? line.unitPrice : nil, total: line.isAvailable ? line.total : nil,
            compareAtPrice: savings == nil ? nil : line.compareAtPrice, savings: savings,
            status: pendingWord.map { words[$0] }, statusFirst: pendingWord == .retryingLine,
            isBeingRemoved: line.pending == .removing, isAvailable: line.isAvailable, isSelected: selected,
            limitNote: atLimit ? words(.quantityLimit, ["count": format.number(RetailLimits.lineQuantity.upperBound)]) : nil,
            reading: CartLineReading(shown: shown, isPending: line.pending != nil, isRetrying: isRetrying, locale: words.locale.locale))
    }

    /// A title as a cart shows it: made safe, or the word for a product when none is known.
    public static func title(_ title: String?, words: Words) -> String {
        title.map { SafeText.cleaned($0, keepingNewlines: false) }.flatMap { $0.isEmpty ? nil : $0 } ?? words[.kindProduct]
    }

    /// "undo" as a button says it: "Undo", "Rückgängig", "Annuler".
    static func capitalisedFirst(_ text: String, locale: Locale) -> String {
        guard let first = text.first else { return text }
        return String(first).uppercased(with: locale) + text.dropFirst()
    }
}
