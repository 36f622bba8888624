import Foundation

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
    /// `nil` for a path the API does not have.
    init?(path: String) {
        // The page every client asks for most skips the general matching below.
        if path == "/v1/home" {
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
        switch segments.count {
        case 2 where segments == ["v1", "home"]: self = .home
        case 2 where segments == ["v1", "cart"]: self = .cart
        case 2 where segments == ["v1", "events"]: self = .events
        case 2 where segments == ["v1", "sessions"]: self = .sessions
        case 2 where segments == ["v1", "status"]: self = .status
        case 3 where segments[0] == "v1":
            switch segments[1] {
            case "pages": self = .page(id: segments[2])
            case "actions": self = .action(name: segments[2])
            case "images": self = .image(name: segments[2])
            case "cart" where segments[2] == "items": self = .cartItems
            case "events" where segments[2] == "stats": self = .eventStats
            case "search" where segments[2] == "suggestions": self = .suggestions
            default: return nil
            }
        case 4 where segments[0] == "v1" && segments[1] == "cart" && segments[2] == "items":
            self = .cartItem(productID: segments[3])
        default: return nil
        }
    }
}
