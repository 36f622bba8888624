import Foundation

extension HomeBackend {
    /// The `X-Vitrine-User` of a request that `respond(to:)` has checked (`validateUser`);
    /// requests without one share the `anonymous` cart.
    static func user(of request: HTTPRequest) -> String {
        request.header("x-vitrine-user") ?? "anonymous"
    }

    /// `X-Vitrine-User`, when present, matches `^[A-Za-z0-9._-]{1,64}$` (checked on bytes);
    /// anything else, including an empty or repeated header (joined as `a, b`), is a 400.
    static func validateUser(_ request: HTTPRequest) throws(RequestError) {
        guard let user = request.header("x-vitrine-user") else { return }
        let isValid = (1...64).contains(user.utf8.count) && user.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
        guard isValid else {
            throw RequestError(status: 400, code: "invalid_user",
                               message: "X-Vitrine-User must be 1 to 64 of A-Z a-z 0-9 . _ - (one header)")
        }
    }

    /// `GET /v1/cart`
    func cart(_ request: HTTPRequest) -> HTTPResponse {
        .json(body: carts.cart(user: Self.user(of: request), locale: StoreLocale.resolve(request.queryValue("locale"))))
    }

    /// `POST /v1/cart/items` with `{product_id, quantity = 1}`. The body is read here but its
    /// errors wait until the idempotency key has been looked up (`CartService.apply`).
    func addToCart(_ request: HTTPRequest, profile: FaultProfile) throws(RequestError) -> HTTPResponse {
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        let change = Result { () throws(RequestError) -> CartService.Change in
            let body = try RequestBody.object(request)
            let productID = try RequestBody.string(body, "product_id")
            let quantity = try RequestBody.optionalInt(body, "quantity") ?? 1
            return .add(productID: productID, quantity: quantity)
        }
        return try changeCart(change, request: request, locale: locale,
                              fingerprint: CartFingerprint.add(body: request.body, locale: locale), lowStockSoldOut: profile.soldOut)
    }

    /// `PUT /v1/cart/items/{product_id}` with `{quantity}`: the line holds exactly that many
    /// (1–99), made when the cart has none. Its errors too wait for the key's look-up.
    func setQuantity(_ productID: String, request: HTTPRequest, profile: FaultProfile) throws(RequestError) -> HTTPResponse {
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        let change = Result { () throws(RequestError) -> CartService.Change in
            let body = try RequestBody.object(request)
            guard let quantity = try RequestBody.optionalInt(body, "quantity") else {
                throw .badParameter("the body needs an integer quantity")
            }
            return .set(productID: productID, quantity: quantity)
        }
        return try changeCart(change, request: request, locale: locale,
                              fingerprint: CartFingerprint.set(productID: productID, body: request.body, locale: locale),
                              lowStockSoldOut: profile.soldOut)
    }

    /// `DELETE /v1/cart/items/{product_id}`
    func removeFromCart(_ productID: String, request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        return try changeCart(.success(.remove(productID: productID)), request: request, locale: locale,
                              fingerprint: CartFingerprint.remove(productID: productID, locale: locale))
    }

    private func changeCart(_ change: Result<CartService.Change, RequestError>, request: HTTPRequest, locale: StoreLocale,
                            fingerprint: UInt64, lowStockSoldOut: Bool = false) throws(RequestError) -> HTTPResponse {
        let body = try carts.apply(CartService.Request(
            change: change, user: Self.user(of: request), address: request.clientAddress,
            idempotencyKey: try Self.idempotencyKey(request), fingerprint: fingerprint, locale: locale,
            lowStockSoldOut: lowStockSoldOut))
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
