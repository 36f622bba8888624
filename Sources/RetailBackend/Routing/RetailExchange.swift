import HTTPServer

/// One request as the API's endpoints see it: the backend that answers, the request, and the
/// fault profile it is answered under.
struct RetailExchange: Sendable {
    let backend: HomeBackend
    let request: HTTPRequest
    let profile: FaultProfile
}

/// A request of one shopper's endpoint (the cart, events): with the shopper of its session.
struct ShopperExchange: Sendable {
    let backend: HomeBackend
    let request: HTTPRequest
    let profile: FaultProfile
    let shopper: ShopperID

    /// The shopper group's preparation: the request's session, resolved (`SessionBook`), or
    /// its refusal as the answer.
    static func authenticate(
        _ exchange: RetailExchange, proceed: @escaping @Sendable (ShopperExchange) -> Void, answer: @escaping @Sendable (RetailAPI.Answer) -> Void
    ) {
        exchange.backend.sessions.authenticate(exchange.request) { result in
            switch result {
            case .success(let shopper):
                proceed(ShopperExchange(backend: exchange.backend, request: exchange.request, profile: exchange.profile, shopper: shopper))
            case .failure(let error):
                answer(.failure(RequestError(error)))
            }
        }
    }
}
