import Foundation
import HTTPServer
import RetailContract

extension HomeBackend {
    /// `POST /v1/actions/{name}`: `api` actions (CONTRACT §7). The body is what the client
    /// posts: `{action, page_id, request_id, widget_id, value}`.
    func action(_ name: String, request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        guard name.isByteEqual(to: RetailAPIAction.notifyMe) else {
            throw .notFound("no action '\(name.clipped(toUTF8Bytes: 80))'; known: \(RetailAPIAction.notifyMe)", code: .unknownAction)
        }
        return try notifyMe(request)
    }

    /// "Notify me" on an unavailable product: answers a mutation replacing the tapped card
    /// with one that shows the alert is on (and offers no second tap), and a toast.
    private func notifyMe(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let body = try RequestBody.object(request)
        let widgetID = try RequestBody.string(body, "widget_id", maxBytes: 200)
        guard let action = body["action"], case .object = action else {
            throw .badBody("'action' must be the action object, with its 'product_id'")
        }
        let productID = try RequestBody.string(action, "product_id")
        guard let product = catalogue.product(productID) else {
            throw .notFound("no product '\(productID.clipped(toUTF8Bytes: 80))'", code: .unknownProduct)
        }
        guard product.availability == .unavailable else {
            throw .conflict("'\(product.id)' is available; add it to the cart instead", code: .productAvailable)
        }
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        let card = catalogues.current.composer.home.widgets.productCard(product, id: widgetID, position: 0, locale: locale, width: nil, notifying: true)
        return .json([
            "mode": "partial",
            "mutations": [["kind": "replace_widget", "id": .string(widgetID), "widget": card]],
            "toast": ["message": .string(SectionTitles.notifyConfirmed[locale])],
        ])
    }
}
