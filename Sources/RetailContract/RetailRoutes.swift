/// The HTTP API's paths (CONTRACT §10), for the client that asks and the backend that answers.
/// A path segment that is a value (a page id, a product id) is percent-encoded by the caller.
public enum RetailRoutes {
    public static let version = "v1"
    public static let home = "/v1/home"
    public static let sessions = "/v1/sessions"
    public static let cart = "/v1/cart"
    public static let cartItems = "/v1/cart/items"
    public static let suggestions = "/v1/search/suggestions"
    public static let events = "/v1/events"
    public static let eventStats = "/v1/events/stats"
    /// The operators' campaign report.
    public static let campaignReport = "/v1/reports/campaigns"
    /// The operators' metrics, in the Prometheus text format.
    public static let metrics = "/metrics"
    public static let status = "/v1/status"
    /// The routes only an operator may use: without an operator token configured they are not
    /// there at all (404, whatever the method).
    public static let operatorOnly = [eventStats, campaignReport, metrics]

    /// The collections whose member is named by the last segment: `/v1/pages/{page_id}`, …
    public enum Collection: String, CaseIterable, Sendable {
        case pages, actions, images
    }

    /// `/v1/pages`, `/v1/actions`, `/v1/images`: the path its members are under.
    public static func collection(_ collection: Collection) -> String {
        "/\(version)/\(collection.rawValue)"
    }

    /// `/v1/pages/{segment}`, `/v1/actions/{segment}`, `/v1/images/{segment}`.
    public static func member(_ collection: Collection, _ encodedSegment: String) -> String {
        "\(self.collection(collection))/\(encodedSegment)"
    }

    /// `/v1/cart/items/{segment}`.
    public static func cartItem(_ encodedProductID: String) -> String {
        "\(cartItems)/\(encodedProductID)"
    }

    /// A route's path as segments (`/v1/cart/items` is `["v1", "cart", "items"]`).
    public static func segments(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }
}
