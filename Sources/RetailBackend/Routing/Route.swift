import FlowCore
import Foundation
import HTTPServer
import RetailContract

/// The routes of CONTRACT §10, matched on decoded path segments.
enum Route: Equatable {
    case home
    case sessions
    case page(id: String)
    case action(name: String)
    case cart
    case cartItems
    case cartItem(productID: String)
    case suggestions
    case events
    case eventStats
    case image(name: String)
    /// The backend's time and catalogue.
    case status

    /// Methods each route answers; anything else is a 405 naming these in `Allow`.
    var methods: [String] {
        switch self {
        case .home, .page, .cart, .suggestions, .eventStats, .image, .status: return ["GET", "HEAD"]
        case .action, .cartItems, .events, .sessions: return ["POST"]
        case .cartItem: return ["PUT", "DELETE"]
        }
    }

    /// The route of a raw path (not percent-decoded, CONTRACT's `HTTPRequest.path`), or
    /// `nil` for a path the API does not have. Segments compare as bytes.
    init?(path: String) {
        // The page every client asks for most skips the general matching below.
        if path.isByteEqual(to: RetailRoutes.home) {
            self = .home
            return
        }
        guard path.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let decoded = String(raw).removingPercentEncoding, !decoded.isEmpty, !decoded.contains("/") else {
                return nil
            }
            segments.append(decoded)
        }
        func matches(_ route: [String]) -> Bool {
            route.count == segments.count && zip(route, segments).allSatisfy { $0.isByteEqual(to: $1) }
        }
        if let fixed = Self.fixed.first(where: { matches($0.segments) }) {
            self = fixed.route
            return
        }
        if segments.count == 3, segments[0].isByteEqual(to: RetailRoutes.version),
            let collection = RetailRoutes.Collection.allCases.first(where: { $0.rawValue.isByteEqual(to: segments[1]) }) {
            switch collection {
            case .pages: self = .page(id: segments[2])
            case .actions: self = .action(name: segments[2])
            case .images: self = .image(name: segments[2])
            }
            return
        }
        let items = RetailRoutes.segments(RetailRoutes.cartItems)
        if segments.count == items.count + 1, zip(items, segments).allSatisfy({ $0.isByteEqual(to: $1) }) {
            self = .cartItem(productID: segments[items.count])
            return
        }
        return nil
    }

    /// The routes without a value in their path, by their segments.
    private static let fixed: [(segments: [String], route: Route)] = {
        let routes: [(path: String, route: Route)] = [
            (RetailRoutes.home, .home), (RetailRoutes.cart, .cart), (RetailRoutes.events, .events), (RetailRoutes.sessions, .sessions),
            (RetailRoutes.status, .status), (RetailRoutes.cartItems, .cartItems), (RetailRoutes.eventStats, .eventStats),
            (RetailRoutes.suggestions, .suggestions),
        ]
        return routes.map { (RetailRoutes.segments($0.path), $0.route) }
    }()
}
