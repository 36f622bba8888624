import Foundation
import HTTPServer
import RetailContract

/// `POST /v1/actions/{name}`: `api` actions (CONTRACT §7). The body is what the client posts:
/// `{action, page_id, request_id, widget_id, value}`.
enum ActionEndpoints {
    static func action(_ exchange: RetailExchange, _ captures: HTTPPathCaptures) throws(RequestError) -> HTTPResponse {
        let name = captures.last
        guard name.isByteEqual(to: RetailAPIAction.notifyMe) else {
            throw .notFound("no action '\(name.clipped(toUTF8Bytes: 80))'; known: \(RetailAPIAction.notifyMe)", code: .unknownAction)
        }
        return try notifyMe(exchange)
    }

    /// "Notify me" on an unavailable product: answers a mutation replacing the tapped card
    /// with one that shows the alert is on (and offers no second tap), and a toast.
    private static func notifyMe(_ exchange: RetailExchange) throws(RequestError) -> HTTPResponse {
        let request = exchange.request
        let body = try RequestBody.object(request)
        let widgetID = try RequestBody.string(body, "widget_id", maxBytes: 200)
        guard let action = body["action"], case .object = action else {
            throw .badBody("'action' must be the action object, with its 'product_id'")
        }
        let productID = try RequestBody.string(action, "product_id")
        let snapshot = exchange.backend.catalogues.current
        guard let product = snapshot.catalogue.product(productID) else {
            throw .notFound("no product '\(productID.clipped(toUTF8Bytes: 80))'", code: .unknownProduct)
        }
        guard product.availability == .unavailable else {
            throw .conflict("'\(product.id)' is available; add it to the cart instead", code: .productAvailable)
        }
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        let card = snapshot.composer.home.widgets.productCard(product, id: widgetID, position: 0, locale: locale, width: nil, notifying: true)
        return .json([
            "mode": "partial",
            "mutations": [["kind": "replace_widget", "id": .string(widgetID), "widget": card]],
            "toast": ["message": .string(SectionTitles.notifyConfirmed[locale])],
        ])
    }
}
