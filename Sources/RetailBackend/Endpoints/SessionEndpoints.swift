import FlowCore
import Foundation
import HTTPServer

/// `POST /v1/sessions`: a new guest shopper and the bearer token that is theirs, 201
/// `{token, shopper_id}`, not to be cached by anything between. No body is read. The
/// new-session allowance counts the client's address (`TrustedProxies`).
enum SessionEndpoints {
    static func create(_ exchange: RetailExchange, _ captures: HTTPPathCaptures, answer: @escaping @Sendable (RetailAPI.Answer) -> Void) {
        let backend = exchange.backend
        let metrics = backend.metrics
        backend.sessions.create(address: backend.configuration.trustedProxies.clientAddress(of: exchange.request)) { result in
            switch result {
            case .success: metrics.session(made: true)
            case .failure(.tooManyNew): metrics.session(made: false)
            case .failure: break
            }
            answer(result.map { session in
                .json(status: 201, body: JSONWriter.data(for: [
                    "token": .string(session.token.text), "shopper_id": .string(session.shopper.rawValue),
                ]), headers: [("Cache-Control", "no-store")])
            }.mapError(RequestError.init))
        }
    }
}
