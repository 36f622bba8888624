/// The retail contract's limits, each defined once (CONTRACT §10 and the decisions): every
/// check the client and the backend make of a quantity, a position, an id or a query reads
/// them here.
public enum RetailLimits {
    /// The quantities a cart line holds, and that an add or a quantity change may ask for.
    public static let lineQuantity = 1...99
    /// The positions an add may ask a new line to take among the cart's lines (the contract's
    /// `position`).
    public static let linePositions = 0...65_535
    /// A product id's length in UTF-8 bytes (it travels as one path segment).
    public static let productIDBytes = 1...256
    /// The longest page id a deeplink may name, in UTF-8 bytes (it travels as one path
    /// segment; a longer one is no page of any backend's, so the link names no screen).
    public static let pageIDBytes = 512
    /// The longest search query sent or typed, in UTF-8 bytes (the backend answers a longer
    /// one 400).
    public static let queryBytes = 200

    /// A line's quantity one step up or down (`delta` of ±1: a cart's `+` and `−`), within
    /// `lineQuantity`; a line holding more than it allows (a server may answer so) steps down
    /// to the largest. Nil when the step would leave the bounds (nothing is sent).
    public static func quantity(_ quantity: Int, steppedBy delta: Int) -> Int? {
        let wanted = delta < 0 && quantity > lineQuantity.upperBound ? lineQuantity.upperBound : quantity.addingReportingOverflow(delta).partialValue
        return lineQuantity.contains(wanted) ? wanted : nil
    }
}
