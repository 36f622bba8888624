import Foundation

/// A change the user asked of the cart.
public enum CartChange: Sendable, Hashable {
    /// `POST /v1/cart/items {product_id, quantity}`.
    case add(productID: String, quantity: Int)
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
        case .add(let productID, _), .remove(let productID): productID
        }
    }

    /// The change laid over `lines` (the optimistic view): an add grows or makes a line, a
    /// removal deletes it. Quantities stay positive, so no view of the cart is ever negative.
    func apply(to lines: inout [CartSnapshot.Line]) {
        let index = lines.firstIndex { $0.productID.utf8.elementsEqual(productID.utf8) }
        switch self {
        case .add(let productID, let quantity):
            guard quantity > 0 else { return }
            if let index {
                lines[index].quantity += quantity
            } else {
                lines.append(CartSnapshot.Line(productID: productID, quantity: quantity))
            }
        case .remove:
            if let index { lines.remove(at: index) }
        }
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

    public init(id: UUID = UUID(), change: CartChange, idempotencyKey: String = UUID().uuidString.lowercased(), createdAt: Date) {
        self.id = id
        self.change = change
        self.idempotencyKey = idempotencyKey
        self.createdAt = createdAt
    }
}
