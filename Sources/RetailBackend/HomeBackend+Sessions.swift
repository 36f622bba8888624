import FlowCore
import Foundation
import HTTPServer

extension HomeBackend {
    /// `POST /v1/sessions`: a new guest shopper and the bearer token that is theirs, 201
    /// `{token, shopper_id}`, not to be cached by anything between. No body is read. The
    /// new-session allowance counts the client's address (`TrustedProxies`).
    func createSession(_ request: HTTPRequest, reply: @escaping @Sendable (Result<HTTPResponse, RequestError>) -> Void) {
        sessions.create(address: configuration.trustedProxies.clientAddress(of: request)) { result in
            reply(result.map { session in
                .json(status: 201, body: JSONWriter.data(for: [
                    "token": .string(session.token.text), "shopper_id": .string(session.shopper.rawValue),
                ]), headers: [("Cache-Control", "no-store")])
            })
        }
    }
}
