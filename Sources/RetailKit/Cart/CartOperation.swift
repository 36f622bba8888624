import Foundation
import RetailContract

/// A change the user asked of the cart.
public enum CartChange: Sendable, Hashable {
    /// `POST /v1/cart/items {product_id, quantity, position?}`: a line the add makes goes at
    /// `position` among the lines (0 first; nil or past the last: at the end), as an undone
    /// removal puts a line back where it was.
    case add(productID: String, quantity: Int, position: Int? = nil)
    /// `PUT /v1/cart/items/{product_id} {quantity}`: the line holds exactly `quantity`.
    case setQuantity(productID: String, quantity: Int)
    /// `DELETE /v1/cart/items/{product_id}`.
    case remove(productID: String)

    /// Whether `productID` can be sent: 1 to 256 UTF-8 bytes, no control character (it goes
    /// percent-encoded into the path of a removal).
    public static func isValidProductID(_ productID: String) -> Bool {
        RetailLimits.productIDBytes.contains(productID.utf8.count)
            && productID.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
    }

    public var productID: String {
        switch self {
        case .add(let productID, _, _), .setQuantity(let productID, _), .remove(let productID): productID
        }
    }

    /// The change laid over `lines` (the optimistic view): an add grows or makes a line, a
    /// quantity set replaces the line's, a removal deletes it; a line made here shows `item`.
    /// Quantities stay positive and within `CartSnapshot.maxLineQuantity` (what a decoded line
    /// and an add can hold), so no view of the cart is ever negative and no sum over it overflows.
    func apply(to lines: inout [CartSnapshot.Line], item: CartItem? = nil) {
        let index = lines.firstIndex { $0.productID.utf8.elementsEqual(productID.utf8) }
        switch self {
        case .add(let productID, let quantity, _), .setQuantity(let productID, let quantity):
            guard (1...CartSnapshot.maxLineQuantity).contains(quantity) else { return }
            let isSet = if case .setQuantity = self { true } else { false }
            if let index {
                lines[index].quantity = isSet ? quantity : min(lines[index].quantity + quantity, CartSnapshot.maxLineQuantity)
            } else {
                let line = CartSnapshot.Line(productID: productID, title: item?.title, quantity: quantity, unitPrice: item?.unitPrice)
                lines.insert(line, at: insertionIndex(among: lines.count))
            }
        case .remove:
            if let index { lines.remove(at: index) }
        }
    }

    /// Where a line this change makes goes among `count` lines: an add's position, clamped;
    /// the end otherwise (the server's rule).
    func insertionIndex(among count: Int) -> Int {
        guard case .add(_, _, let position?) = self else { return count }
        return min(max(0, position), count)
    }
}

/// One user operation on the cart, from the tap until the server confirmed or refused it. Its
/// idempotency key is made once and sent with every retry, also after a restart (the
/// journal keeps it), so the server applies it once.
public struct CartOperation: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let change: CartChange
    /// Sent as `Idempotency-Key` on every attempt.
    public let idempotencyKey: String
    /// When the user asked (wall clock): the key is not used after the server forgets it.
    public let createdAt: Date
    /// What the shopper saw of the product when asking (its title and price), for the line
    /// shown until the server answers and for what the shopper is told of it.
    public let item: CartItem?

    public init(
        id: UUID = UUID(), change: CartChange, idempotencyKey: String = UUID().uuidString.lowercased(), createdAt: Date,
        item: CartItem? = nil
    ) {
        self.id = id
        self.change = change
        self.idempotencyKey = idempotencyKey
        self.createdAt = createdAt
        self.item = item
    }
}

/// A product as the shopper saw it where they added it: its title and unit price, so that the
/// cart shows a line (and names the product) before the server has answered.
public struct CartItem: Sendable, Hashable {
    public var title: String?
    public var unitPrice: Price?

    public init(title: String?, unitPrice: Price?) {
        self.title = title
        self.unitPrice = unitPrice
    }
}
