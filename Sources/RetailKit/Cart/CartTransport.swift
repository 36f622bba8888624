import FlowCore
import Foundation
import RetailContract

/// Where cart requests go: the backend over HTTP (`HomeAPIClient`), or in tests a transport
/// that duplicates, delays, reorders and loses them in front of the real backend.
public protocol CartTransport: Sendable {
    /// `GET /v1/cart`.
    func fetchCart() async throws -> CartSnapshot
    /// Applies `change` under `idempotencyKey` and answers the canonical cart. Failures are
    /// `HomeAPIError`s; cancellation throws `CancellationError`.
    func apply(_ change: CartChange, idempotencyKey: String) async throws -> CartSnapshot
}

extension HomeAPIClient: CartTransport {
    public func fetchCart() async throws -> CartSnapshot {
        let reply = try await sendExpectingSuccess(try Self.endpoint(RetailRoutes.cart, query: [("locale", profile.locale)]), session: .required)
        return try CartSnapshot(data: reply.body)
    }

    public func apply(_ change: CartChange, idempotencyKey: String) async throws -> CartSnapshot {
        let headers = [("Idempotency-Key", idempotencyKey)]
        let query = [("locale", profile.locale)]
        let reply: HTTPReply
        switch change {
        case .add(let productID, let quantity, let position):
            var members: [JSONObject.Member] = [
                (key: "product_id", value: .string(productID)), (key: "quantity", value: .number(Double(quantity))),
            ]
            if let position { members.append((key: "position", value: .number(Double(position)))) }
            let body = JSONWriter.data(for: .object(JSONObject(members)))
            reply = try await sendExpectingSuccess(try Self.endpoint(RetailRoutes.cartItems, query: query), method: "POST", headers: headers, body: body, session: .required)
        case .setQuantity(let productID, let quantity):
            let path = RetailRoutes.cartItem(URLEncoding.pathSegment(productID))
            let body = JSONWriter.data(for: .object(JSONObject([(key: "quantity", value: .number(Double(quantity)))])))
            reply = try await sendExpectingSuccess(try Self.endpoint(path, query: query), method: "PUT", headers: headers, body: body, session: .required)
        case .remove(let productID):
            let path = RetailRoutes.cartItem(URLEncoding.pathSegment(productID))
            reply = try await sendExpectingSuccess(try Self.endpoint(path, query: query), method: "DELETE", headers: headers, session: .required)
        }
        return try CartSnapshot(data: reply.body)
    }
}
