import FlowCore
import FlowRuntime
import Foundation
import ImagePipeline
import RetailKit

/// The composition root is what the shopper app runs on: its navigator, cart and search seen
/// as the shell's summaries.
extension AppComposition: ShopperServices {
    public var imageBaseURL: URL? { configuration.backendURL }

    public var destinations: [Destination] {
        navigator.stack
    }

    @discardableResult
    public func open(_ destination: Destination) -> Bool {
        navigator.open(destination)
    }

    @discardableResult
    public func back() -> Bool {
        navigator.back()
    }

    public var pageInstant: Date { expiry.now }

    public func refreshCart() {
        cart.refresh()
    }

    public var cartSummary: CartSummary {
        let shown = cart.shownLines
        let pending = Set(cart.operations.map { ExactString($0.change.productID) })
        return CartSummary(
            lines: shown.map { CartSummary.Line(
                productID: $0.line.productID, title: $0.line.title, quantity: $0.line.quantity, unitPrice: $0.line.unitPrice,
                compareAtPrice: $0.line.compareAtPrice, pending: $0.pending, isAvailable: $0.line.isAvailable) },
            badgeCount: cart.badgeCount, pendingProducts: pending, soldOutProducts: cart.soldOutProducts,
            subtotal: cart.shownSubtotal, isKnown: cart.canonical != nil,
            isUnavailable: cart.canonical == nil && cart.lastError != nil, isRetrying: cart.isRetrying)
    }

    public func setQuantity(productID: String, quantity: Int) {
        cart.setQuantity(productID: productID, quantity: quantity)
    }

    public func removeFromCart(productID: String) {
        cart.remove(productID: productID)
    }

    public func restore(_ removal: CartRemoval) {
        cart.restore(removal)
    }

    public var searchSummary: SearchSummary {
        let status: SearchSummary.Status = switch search.state {
        case .idle: .idle
        case .debouncing, .loading: .waiting
        case .loaded: .loaded
        case .failed(let message): .failed(message)
        }
        return SearchSummary(
            suggestions: search.suggestions.map { SearchSummary.Suggestion(text: $0.text, kind: $0.kind, target: $0.target, price: $0.price) },
            answeredQuery: search.answeredQuery, status: status)
    }

    public func updateSearch(query: String) {
        search.update(query: query)
    }

    public func speak(_ words: Words) {
        let toasts = dispatcher.toasts
        dispatcher.apiFailureMessage = words[.actionFailed]
        onNotice = { notice in
            let said = Notice.of(notice, words: words)
            toasts.show(said.text, duration: said.seconds)
        }
    }

    public func onTrackedEvent(_ handler: @escaping @MainActor (String, JSONObject) -> Void) {
        let earlier = analytics.onTracked
        analytics.onTracked = { name, fields in
            earlier?(name, fields)
            handler(name, fields)
        }
    }
}
