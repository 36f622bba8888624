import Foundation
import HTTPServer

/// The shopper's cart (CONTRACT §10), through `CartService`. A change's body is read here, but
/// its errors wait until the idempotency key has been looked up (`CartService.apply`).
enum CartEndpoints {
    /// `GET /v1/cart`
    static func cart(_ exchange: ShopperExchange, _ captures: HTTPPathCaptures, answer: @escaping @Sendable (RetailAPI.Answer) -> Void) {
        let locale = StoreLocale.resolve(exchange.request.queryValue("locale"))
        exchange.backend.carts.cart(shopper: exchange.shopper, locale: locale) { answer($0.map { .json(body: $0) }.mapError(RequestError.init)) }
    }

    /// `POST /v1/cart/items` with `{product_id, quantity = 1, position?}`.
    static func add(_ exchange: ShopperExchange, _ captures: HTTPPathCaptures, answer: @escaping @Sendable (RetailAPI.Answer) -> Void) {
        let request = exchange.request
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        // The body is parsed once, for the change and for its fingerprint.
        let parsed = Result { () throws(RequestError) in try RequestBody.object(request) }
        let change = Result { () throws(RequestError) -> CartService.Change in
            let body = try parsed.get()
            let productID = try RequestBody.string(body, "product_id")
            let quantity = try RequestBody.optionalInt(body, "quantity") ?? 1
            let position = try RequestBody.optionalInt(body, "position")
            if let position, !Cart.positions.contains(position) {
                throw .badBody("'position' must be an integer from 0 to \(Cart.positions.upperBound)")
            }
            return .add(productID: productID, quantity: quantity, position: position)
        }
        apply(change, exchange, locale: locale, fingerprint: CartFingerprint.add(body: request.body, parsed: try? parsed.get(), locale: locale),
              lowStockSoldOut: exchange.profile.soldOut, answer: answer)
    }

    /// `PUT /v1/cart/items/{product_id}` with `{quantity}`: the line holds exactly that many
    /// (1–99), made when the cart has none.
    static func setQuantity(_ exchange: ShopperExchange, _ captures: HTTPPathCaptures, answer: @escaping @Sendable (RetailAPI.Answer) -> Void) {
        let (request, productID) = (exchange.request, captures.last)
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        let parsed = Result { () throws(RequestError) in try RequestBody.object(request) }
        let change = Result { () throws(RequestError) -> CartService.Change in
            let body = try parsed.get()
            guard let quantity = try RequestBody.optionalInt(body, "quantity") else {
                throw .badParameter("the body needs an integer quantity")
            }
            return .set(productID: productID, quantity: quantity)
        }
        apply(change, exchange, locale: locale,
              fingerprint: CartFingerprint.set(productID: productID, body: request.body, parsed: try? parsed.get(), locale: locale),
              lowStockSoldOut: exchange.profile.soldOut, answer: answer)
    }

    /// `DELETE /v1/cart/items/{product_id}`
    static func remove(_ exchange: ShopperExchange, _ captures: HTTPPathCaptures, answer: @escaping @Sendable (RetailAPI.Answer) -> Void) {
        let productID = captures.last
        let locale = StoreLocale.resolve(exchange.request.queryValue("locale"))
        apply(.success(.remove(productID: productID)), exchange, locale: locale,
              fingerprint: CartFingerprint.remove(productID: productID, locale: locale), answer: answer)
    }

    /// Applies a change read from the request, or refuses the unreadable one with its own error
    /// once its key has been looked up.
    private static func apply(_ change: Result<CartService.Change, RequestError>, _ exchange: ShopperExchange, locale: StoreLocale,
                              fingerprint: UInt64, lowStockSoldOut: Bool = false, answer: @escaping @Sendable (RetailAPI.Answer) -> Void) {
        let key: String?
        do {
            key = try idempotencyKey(exchange.request)
        } catch {
            answer(.failure(error))
            return
        }
        let backend = exchange.backend
        backend.carts.apply(CartService.Request(
            change: try? change.get(), shopper: exchange.shopper, address: backend.configuration.trustedProxies.clientAddress(of: exchange.request),
            idempotencyKey: key, fingerprint: fingerprint, locale: locale, lowStockSoldOut: lowStockSoldOut)) { result in
            answer(result.map { .json(body: $0) }.mapError { error in
                if error == .unreadableChange, case .failure(let unread) = change { return unread }
                return RequestError(error)
            })
        }
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
