import FlowCore
import RetailContract

/// A line the shopper removed, kept so that it can be put back as it was, where it was (the
/// terminal's `u`, the SwiftUI sheet's Undo): the same rules for every renderer.
public struct CartRemoval: Sendable, Hashable {
    public var productID: String
    public var title: String?
    public var quantity: Int
    public var unitPrice: Price?
    /// Its place among the cart's lines when it was removed (0 first); nil: put back at the end.
    public var position: Int?

    public init(productID: String, title: String?, quantity: Int, unitPrice: Price?, position: Int? = nil) {
        self.productID = productID
        self.title = title
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.position = position
    }

    /// The removal of the line at `index` of a cart screen's lines (`CartStore.shownLines`,
    /// whose lines being removed `beingRemoved` marks): its place is counted among the lines
    /// that stay, as the server counts it once the removals before it are done.
    public init(_ line: CartSnapshot.Line, shownAt index: Int, beingRemoved: [Bool]) {
        let position = beingRemoved.prefix(max(0, index)).filter { !$0 }.count
        self.init(productID: line.productID, title: line.title, quantity: line.quantity, unitPrice: line.unitPrice, position: position)
    }

    /// Whether the removal is done as far as a cart screen listing `productIDs` (its
    /// `CartStore.shownLines`) can tell: the line is gone. While the removal is pending the line
    /// itself says so, and offering to undo it would be too early.
    public func isDone(amid productIDs: some Sequence<String>) -> Bool {
        let removed = ExactString(productID)
        return !productIDs.contains { ExactString($0) == removed }
    }
}

extension CartStore {
    /// Puts `removal` back as it was, where it was (its quantity, within a line's bounds; its
    /// place among the lines; its title and price shown until the server answers), unless the
    /// product is in the cart again already.
    /// Returns whether it was put back.
    @discardableResult
    public func restore(_ removal: CartRemoval) -> Bool {
        let removed = ExactString(removal.productID)
        guard !lines.contains(where: { ExactString($0.productID) == removed }) else { return false }
        let quantity = min(max(removal.quantity, RetailLimits.lineQuantity.lowerBound), RetailLimits.lineQuantity.upperBound)
        add(productID: removal.productID, quantity: quantity, item: CartItem(title: removal.title, unitPrice: removal.unitPrice),
            position: removal.position)
        return true
    }

    /// Whether a change failed and waits to be sent again (its lines say so).
    public var isRetrying: Bool { activity == .waitingToRetry }
}
