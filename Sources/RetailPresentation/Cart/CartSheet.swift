import FlowCore
import FlowPresentation
import Foundation
import RetailContract
import RetailKit

/// The cart sheet of either renderer: the cart as shown (`CartSummary`), the line chosen, and
/// the line removed last, with the rules of its controls. Each control is an intent
/// (`CartIntent`) the renderer hands the cart; what the sheet shows is `presentation(words:)`.
///
/// The rules, once for both apps:
/// - a line's quantity steps within 1…99 (`RetailLimits`); a product the shop no longer sells
///   can be lowered and removed, never raised; a line being removed takes no change;
/// - a removal is offered back ("… removed", undo) once the server has taken the line out
///   (while pending, the line itself says so); it is forgotten when the cart shows the product
///   with a quantity again (put back, added again, or the removal refused), or when another
///   line is removed; closing the sheet keeps it, so it is still offered when the sheet opens
///   again;
/// - undo puts the line back where it was, unless the product is in the cart again;
/// - the sheet says the cart is loading while it was never read, that it could not be read
///   when it never was and reading failed (opening it then asks again), and that it is empty
///   once read with no line.
public struct CartSheet: Sendable {
    /// The cart as shown (the server's, with what is pending laid over it).
    public private(set) var cart: CartSummary
    /// The chosen line, an index of `cart.lines`.
    public private(set) var selection = 0
    /// The line the shopper removed last, kept to be put back.
    public private(set) var lastRemoval: CartRemoval?

    /// A sheet over `cart`, its choice on line `selection`, `lastRemoval` kept to be put back.
    public init(cart: CartSummary = CartSummary(), selection: Int = 0, lastRemoval: CartRemoval? = nil) {
        self.cart = cart
        self.lastRemoval = lastRemoval
        select(.to(selection))
    }

    /// The cart changed: the choice stays on a line, and a removal whose product shows a
    /// quantity again is no removal to undo.
    public mutating func update(_ cart: CartSummary) {
        self.cart = cart
        selection = max(0, min(selection, cart.lines.count - 1))
        if let removal = lastRemoval, cart.quantity(of: removal.productID) > 0 { lastRemoval = nil }
    }

    /// The sheet opened: the first line chosen, the last removal still offered back; an intent
    /// to read the cart again when it could not be read.
    public mutating func opened() -> CartIntent? {
        selection = 0
        return cart.isUnavailable ? .refresh : nil
    }

    /// Where the choice moves.
    public enum Move: Sendable, Hashable {
        case up, down, top, bottom
        case to(Int)
    }

    public mutating func select(_ move: Move) {
        let last = max(0, cart.lines.count - 1)
        switch move {
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(last, selection + 1)
        case .top: selection = 0
        case .bottom: selection = last
        case .to(let index): selection = max(0, min(last, index))
        }
    }

    /// The chosen line, when there is one.
    public var selectedLine: CartSummary.Line? {
        cart.lines.indices.contains(selection) ? cart.lines[selection] : nil
    }

    /// The quantity `line` may step to by `delta`, nil when the step is not allowed.
    public static func quantity(of line: CartSummary.Line, steppedBy delta: Int) -> Int? {
        quantity(line.quantity, pending: line.pending, isAvailable: line.isAvailable, steppedBy: delta)
    }

    /// The quantity a line of `quantity` may step to by `delta`: within a line's bounds, never
    /// while it is being removed, and never up for a product the shop no longer sells.
    static func quantity(_ quantity: Int, pending: CartStore.ShownLine.Pending?, isAvailable: Bool, steppedBy delta: Int) -> Int? {
        guard pending != .removing, delta < 0 || isAvailable else { return nil }
        return RetailLimits.quantity(quantity, steppedBy: delta)
    }

    /// The chosen line's quantity one step up or down (`delta`); nil when it cannot change.
    public mutating func step(_ delta: Int) -> CartIntent? {
        guard let line = selectedLine, let wanted = Self.quantity(of: line, steppedBy: delta) else { return nil }
        return .setQuantity(productID: line.productID, quantity: wanted)
    }

    /// Removes the chosen line, keeping it to be put back.
    public mutating func removeSelected() -> CartIntent? {
        guard let line = selectedLine, line.pending != .removing else { return nil }
        lastRemoval = CartRemoval(line.snapshotLine, shownAt: selection, beingRemoved: cart.lines.map { $0.pending == .removing })
        return .remove(productID: line.productID)
    }

    /// Puts the last removed line back, unless its product is in the cart again already.
    public mutating func undo() -> CartIntent? {
        guard let removal = lastRemoval else { return nil }
        lastRemoval = nil
        guard cart.quantity(of: removal.productID) == 0 else { return nil }
        return .restore(removal)
    }

    /// Opens the chosen line's product.
    public func openSelected() -> CartIntent? {
        selectedLine.map { .openProduct(PageID("product:" + $0.productID)) }
    }

    /// The removal to offer back now: once the server has taken its line out.
    public var shownRemoval: CartRemoval? {
        guard let lastRemoval, lastRemoval.isDone(amid: cart.lines.map(\.productID)) else { return nil }
        return lastRemoval
    }
}

/// What a cart screen's control asks of the cart.
public enum CartIntent: Sendable, Hashable {
    /// A line's new quantity (1–99), shown at once, rolled back when refused.
    case setQuantity(productID: String, quantity: Int)
    /// A line removed; it shows as being removed until the server answers.
    case remove(productID: String)
    /// A removed line put back as it was, where it was.
    case restore(CartRemoval)
    /// A line's product page.
    case openProduct(PageID)
    /// The cart read again (it could not be read).
    case refresh
}
