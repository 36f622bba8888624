import Foundation

extension HomeBackend {
    /// Carts are per `X-Vitrine-User`; requests without one share the `anonymous` cart.
    static func user(of request: HTTPRequest) -> String {
        guard let user = request.header("x-vitrine-user"), !user.isEmpty else { return "anonymous" }
        return user
    }

    /// `GET /v1/cart`
    func cart(_ request: HTTPRequest) -> HTTPResponse {
        .json(body: carts.cart(user: Self.user(of: request), locale: StoreLocale.resolve(request.queryValue("locale"))))
    }

    /// `POST /v1/cart/items` with `{product_id, quantity = 1}`.
    func addToCart(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let body = try RequestBody.object(request)
        let productID = try RequestBody.string(body, "product_id")
        let quantity = try RequestBody.optionalInt(body, "quantity") ?? 1
        return try changeCart(.add(productID: productID, quantity: quantity), request: request)
    }

    /// `DELETE /v1/cart/items/{product_id}`
    func removeFromCart(_ productID: String, request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        try changeCart(.remove(productID: productID), request: request)
    }

    private func changeCart(_ change: CartService.Change, request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let key = try Self.idempotencyKey(request)
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        var fingerprint = StableHash.fnv1a64("\(request.method) \(request.path) \(locale.rawValue)")
        fingerprint = StableHash.fnv1a64(bytes: request.body, seed: fingerprint)
        let body = try carts.apply(change, user: Self.user(of: request), idempotencyKey: key,
                                   fingerprint: fingerprint, locale: locale)
        return .json(body: body)
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
