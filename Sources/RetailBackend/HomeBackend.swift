import Foundation

/// The home backend: composition, cart, search, events and images behind one `HTTPHandler`.
public final class HomeBackend: HTTPHandler {
    /// Builds the backend; `faults` is a fault profile as `vitrine serve --faults` takes it,
    /// and an invalid one throws an error whose description says why.
    public init(faults: String? = nil) throws {}

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(
            status: 404,
            headers: [("Content-Type", "application/json")],
            body: Data(#"{"error":{"code":"not_found","message":"not built yet"}}"#.utf8)
        )
    }
}
