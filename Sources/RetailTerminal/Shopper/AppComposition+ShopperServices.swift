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

    public var cartSummary: CartSummary {
        let lines = cart.lines
        let pending = Set(cart.operations.map { ExactString($0.change.productID) })
        return CartSummary(
            lines: lines.map { line in
                CartSummary.Line(
                    productID: line.productID, title: line.title ?? line.productID, quantity: line.quantity,
                    price: line.unitPrice.map(PriceText.string), isPending: pending.contains(ExactString(line.productID)))
            },
            badgeCount: cart.badgeCount, pendingProducts: pending, subtotal: cart.shownSubtotal.map(PriceText.string),
            isKnown: cart.canonical != nil)
    }

    public func removeFromCart(productID: String) {
        cart.remove(productID: productID)
    }

    public var searchSummary: SearchSummary {
        let status: SearchSummary.Status = switch search.state {
        case .idle: .idle
        case .debouncing, .loading: .waiting
        case .loaded: .loaded
        case .failed(let message): .failed(message)
        }
        return SearchSummary(
            suggestions: search.suggestions.map { SearchSummary.Suggestion(text: $0.text, kind: $0.kind.name, target: $0.target) },
            answeredQuery: search.answeredQuery, status: status)
    }

    public func updateSearch(query: String) {
        search.update(query: query)
    }

    public func onTrackedEvent(_ handler: @escaping @MainActor (String, JSONObject) -> Void) {
        let earlier = analytics.onTracked
        analytics.onTracked = { name, fields in
            earlier?(name, fields)
            handler(name, fields)
        }
    }
}

extension SearchSuggestion.Kind {
    /// The kind as the server names it.
    var name: String {
        switch self {
        case .product: "product"
        case .category: "category"
        case .campaign: "campaign"
        case .query: "query"
        case .other(let text): text
        }
    }
}
