import RetailContract
/// Why the cart refuses a change or a read. No HTTP status: the API's edge maps each case to
/// its answer (`RequestError.init(_:)`).
enum CartError: Error, Sendable, Equatable {
    /// A quantity outside `CartService.lineQuantities`.
    case quantityOutOfRange(Int)
    /// The change would make a line of `total`, more than `CartService.lineQuantities` allows.
    case lineTooLarge(total: Int)
    /// A product id the feed does not list (and, for a change of a line, the cart does not hold).
    case unknownProduct(String)
    /// A product the shopper cannot buy now (unavailable, or low on stock under `sold_out`).
    case productUnavailable(String)
    /// An idempotency key remembered for a request of another meaning.
    case idempotencyKeyReused(key: String)
    /// The store no longer holds the shopper (their session expired and was swept).
    case shopperGone
    /// The change's request could not be read; whoever read it holds why. Refused only once
    /// the idempotency key has been looked up.
    case unreadableChange
    /// The store could not answer.
    case store(StoreError)
}

extension CartError {
    /// The cart rule's refusal as the cart's error.
    init(_ refusal: CartRule.Refusal) {
        switch refusal {
        case .quantityOutOfRange(let quantity): self = .quantityOutOfRange(quantity)
        case .lineTooLarge(let total): self = .lineTooLarge(total: total)
        case .unknownProduct(let productID): self = .unknownProduct(productID)
        case .productUnavailable(let productID): self = .productUnavailable(productID)
        }
    }
}
