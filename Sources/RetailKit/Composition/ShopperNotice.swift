/// What the shopper should be told, as data: RetailKit says what happened, the presentation
/// (RetailPresentation's `Notice`) says it in the shopper's words.
public enum ShopperNotice: Sendable, Equatable {
    /// The cart refused a change, or could not confirm it (`CartStore.Notice`).
    case cart(CartStore.Notice)
    /// The session the cart belonged to expired and was replaced: that cart is gone.
    case cartExpired
    /// A refresh of a shown page failed: the page stays as it was.
    case refreshFailed
    /// The next page of a list failed: what is shown stays, with a retry.
    case nextPageFailed
}
