import HTTPServer
import RetailContract

/// The one place a domain error becomes an answer: its status, `RetailErrorCode`, message and
/// headers. The messages never quote more than 80 bytes of what a client sent, and never the
/// store's own words (they may name hosts and files).
extension RequestError {
    /// 422 for a quantity or a reused key, 404 for an unknown product, 409 for an unavailable
    /// one, 401 for a shopper the store no longer holds; a store failure as `init(_: StoreError)`.
    init(_ error: CartError) {
        let quantities = CartService.lineQuantities
        switch error {
        case .quantityOutOfRange(let quantity):
            self = .unprocessable("quantity must be from \(quantities.lowerBound) to \(quantities.upperBound), not \(quantity)", code: .invalidQuantity)
        case .lineTooLarge(let total):
            self = .unprocessable("a cart line holds at most \(quantities.upperBound); this one would hold \(total)", code: .invalidQuantity)
        case .unknownProduct(let productID):
            self = .notFound("no product '\(productID.clipped(toUTF8Bytes: 80))'", code: .unknownProduct)
        case .productUnavailable(let productID):
            self = .conflict("'\(productID.clipped(toUTF8Bytes: 80))' is unavailable", code: .productUnavailable)
        case .idempotencyKeyReused(let key):
            self = .unprocessable("Idempotency-Key '\(key.clipped(toUTF8Bytes: 80))' was used for a different request", code: .idempotencyKeyReused)
        case .shopperGone:
            self.init(SessionError.shopperGone)
        case .unreadableChange:
            // The cart endpoints answer the request's own error instead (`CartEndpoints`).
            self = .badBody("the change could not be read")
        case .store(let error):
            self.init(error)
        }
    }

    /// 401 `invalid_session` with RFC 6750's challenge for a session that is missing, unknown,
    /// expired or gone; 429 with `Retry-After` past an allowance; 500 when no digest could be made.
    init(_ error: SessionError) {
        let start = "POST \(RetailRoutes.sessions)"
        switch error {
        case .missing:
            self = .invalidSession("a session is required: start one with \(start) and send Authorization: Bearer TOKEN")
        case .unknownOrExpired:
            self = .invalidSession("the session is unknown or has expired: start a new one with \(start)")
        case .shopperGone:
            self = .invalidSession("the session has expired; start a new one with \(start)")
        case .tooManyNew(let everyone, let wait):
            let reason = everyone ? "the shop has started too many sessions lately" : "this address has started too many sessions lately"
            self = RequestError(status: 429, code: .tooManyNewSessions, message: "\(reason); try again in \(wait) s",
                                headers: ["Retry-After": String(wait)])
        case .digestFailed(let making):
            self = RequestError(status: 500, code: .sessionFailed, message: "the session could not be \(making ? "made" : "checked")")
        case .store(let error):
            self.init(error)
        }
    }

    /// 503 with `Retry-After` (the database is away), 507 with `Retry-After` (no room for a
    /// change), 500 otherwise.
    init(_ error: StoreError) {
        switch error {
        case .unavailable:
            self = RequestError(status: 503, code: .storageUnavailable, message: "the store is unavailable; try again shortly",
                                headers: ["Retry-After": "1"])
        case .full:
            self = RequestError(status: 507, code: .storageFull, message: "the server has no room for changes now; try again later",
                                headers: ["Retry-After": "30"])
        case .failed:
            self = RequestError(status: 500, code: .storageFailed, message: "the store failed to answer")
        }
    }

    private static func invalidSession(_ message: String) -> RequestError {
        RequestError(status: 401, code: .invalidSession, message: message,
                     headers: ["WWW-Authenticate": #"Bearer realm="vitrine", error="invalid_token""#])
    }
}
