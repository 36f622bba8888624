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
                    unitPrice: line.unitPrice, isPending: pending.contains(ExactString(line.productID)))
            },
            badgeCount: cart.badgeCount, pendingProducts: pending, subtotal: Self.subtotal(of: lines) ?? cart.canonical?.subtotal,
            isKnown: cart.canonical != nil)
    }

    /// The subtotal of the lines as shown (pending changes included) when every line has a
    /// price in one currency.
    static func subtotal(of lines: [CartSnapshot.Line]) -> Price? {
        guard !lines.isEmpty, let currency = lines.first?.unitPrice?.currency,
            lines.allSatisfy({ $0.unitPrice?.currency.utf8.elementsEqual(currency.utf8) == true })
        else { return nil }
        let total = lines.reduce(0.0) { $0 + Double($1.quantity) * ($1.unitPrice?.amount ?? 0) }
        return Price(amount: total, currency: currency)
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
            suggestions: search.suggestions.map { SearchSummary.Suggestion(text: $0.text, kind: $0.kind, target: $0.target) },
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
