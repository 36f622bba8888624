import Foundation
import HTTPServer

extension HomeBackend {
    /// `GET /v1/cart`
    func cart(_ request: HTTPRequest, shopper: ShopperID, reply: @escaping @Sendable (Result<HTTPResponse, RequestError>) -> Void) {
        carts.cart(shopper: shopper, locale: StoreLocale.resolve(request.queryValue("locale"))) { reply($0.map { .json(body: $0) }) }
    }

    /// `POST /v1/cart/items` with `{product_id, quantity = 1, position?}`. The body is read here
    /// but its errors wait until the idempotency key has been looked up (`CartService.apply`).
    func addToCart(_ request: HTTPRequest, shopper: ShopperID, profile: FaultProfile,
                   reply: @escaping @Sendable (Result<HTTPResponse, RequestError>) -> Void) {
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        let change = Result { () throws(RequestError) -> CartService.Change in
            let body = try RequestBody.object(request)
            let productID = try RequestBody.string(body, "product_id")
            let quantity = try RequestBody.optionalInt(body, "quantity") ?? 1
            let position = try RequestBody.optionalInt(body, "position")
            if let position, !Cart.positions.contains(position) {
                throw .badBody("'position' must be an integer from 0 to \(Cart.positions.upperBound)")
            }
            return .add(productID: productID, quantity: quantity, position: position)
        }
        changeCart(change, request: request, shopper: shopper, locale: locale,
                   fingerprint: CartFingerprint.add(body: request.body, locale: locale), lowStockSoldOut: profile.soldOut, reply: reply)
    }

    /// `PUT /v1/cart/items/{product_id}` with `{quantity}`: the line holds exactly that many
    /// (1–99), made when the cart has none. Its errors too wait for the key's look-up.
    func setQuantity(_ productID: String, request: HTTPRequest, shopper: ShopperID, profile: FaultProfile,
                     reply: @escaping @Sendable (Result<HTTPResponse, RequestError>) -> Void) {
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        let change = Result { () throws(RequestError) -> CartService.Change in
            let body = try RequestBody.object(request)
            guard let quantity = try RequestBody.optionalInt(body, "quantity") else {
                throw .badParameter("the body needs an integer quantity")
            }
            return .set(productID: productID, quantity: quantity)
        }
        changeCart(change, request: request, shopper: shopper, locale: locale,
                   fingerprint: CartFingerprint.set(productID: productID, body: request.body, locale: locale),
                   lowStockSoldOut: profile.soldOut, reply: reply)
    }

    /// `DELETE /v1/cart/items/{product_id}`
    func removeFromCart(_ productID: String, request: HTTPRequest, shopper: ShopperID,
                        reply: @escaping @Sendable (Result<HTTPResponse, RequestError>) -> Void) {
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        changeCart(.success(.remove(productID: productID)), request: request, shopper: shopper, locale: locale,
                   fingerprint: CartFingerprint.remove(productID: productID, locale: locale), reply: reply)
    }

    private func changeCart(_ change: Result<CartService.Change, RequestError>, request: HTTPRequest, shopper: ShopperID,
                            locale: StoreLocale, fingerprint: UInt64, lowStockSoldOut: Bool = false,
                            reply: @escaping @Sendable (Result<HTTPResponse, RequestError>) -> Void) {
        let key: String?
        do {
            key = try Self.idempotencyKey(request)
        } catch {
            reply(.failure(error))
            return
        }
        carts.apply(CartService.Request(
            change: change, shopper: shopper, address: configuration.trustedProxies.clientAddress(of: request), idempotencyKey: key, fingerprint: fingerprint,
            locale: locale, lowStockSoldOut: lowStockSoldOut)) { reply($0.map { .json(body: $0) }) }
    }

    /// `Idempotency-Key`: optional; when present, 1–255 visible ASCII characters.
    static func idempotencyKey(_ request: HTTPRequest) throws(RequestError) -> String? {
        guard let key = request.header("idempotency-key") else { return nil }
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .badParameter("Idempotency-Key must be 1 to 255 visible ASCII characters")
        }
        return key
    }
}
