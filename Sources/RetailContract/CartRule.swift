/// What a cart change does to one line: the rule the backend's cart applies, and the one a
/// client that keeps a cart itself (the app's bundled demo shop) applies, so both refuse and
/// count alike.
///
/// A product is described by `isBuyable`: nil when the feed does not list it, false when it is
/// listed but cannot be bought now, true otherwise.
public enum CartRule {
    /// Why a change is refused.
    public enum Refusal: Error, Sendable, Equatable {
        /// A quantity outside `RetailLimits.lineQuantity`.
        case quantityOutOfRange(Int)
        /// The line would hold `total`, more than `RetailLimits.lineQuantity` allows.
        case lineTooLarge(total: Int)
        /// The feed does not list the product (and, for a change of a line, the cart does not
        /// hold it).
        case unknownProduct(String)
        /// The product cannot be bought now.
        case productUnavailable(String)
    }

    /// The line's quantity after adding `quantity` to the `current` one.
    public static func add(_ quantity: Int, to current: Int, productID: String, isBuyable: Bool?) throws(Refusal) -> Int {
        try check(quantity)
        guard let isBuyable, isASCII(productID) else { throw .unknownProduct(productID) }
        guard isBuyable else { throw .productUnavailable(productID) }
        let total = current + quantity
        guard total <= RetailLimits.lineQuantity.upperBound else { throw .lineTooLarge(total: total) }
        return total
    }

    /// The line's quantity after setting it to `quantity`, or nil when it stays as it is. A
    /// product that left the feed is known by the line the cart holds: it may be lowered.
    public static func set(_ quantity: Int, from current: Int, productID: String, isBuyable: Bool?) throws(Refusal) -> Int? {
        try check(quantity)
        if current == 0, isBuyable == nil || !isASCII(productID) { throw .unknownProduct(productID) }
        if quantity > current, isBuyable != true { throw .productUnavailable(productID) }
        return quantity == current ? nil : quantity
    }

    /// Whether removing the product takes a line away (false: the cart does not hold it, which
    /// is no error for a product the feed lists).
    public static func remove(current: Int, productID: String, isBuyable: Bool?) throws(Refusal) -> Bool {
        if current == 0, isBuyable == nil || !isASCII(productID) { throw .unknownProduct(productID) }
        return current > 0
    }

    private static func check(_ quantity: Int) throws(Refusal) {
        guard RetailLimits.lineQuantity.contains(quantity) else { throw .quantityOutOfRange(quantity) }
    }

    /// Product ids are ASCII, so an id with any other byte is unknown without a look-up that
    /// would compare it under canonical equivalence.
    private static func isASCII(_ productID: String) -> Bool {
        productID.utf8.allSatisfy { $0 < 0x80 }
    }
}
