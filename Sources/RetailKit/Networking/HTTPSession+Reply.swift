import Foundation
import HTTPTransport

extension HTTPSession {
    /// `send`, with the answer as an `HTTPReply` and the transport's failures as
    /// `HomeAPIError`s; cancellation stays `CancellationError`.
    func reply(to request: Request, maxBytes: Int) async throws -> HTTPReply {
        do {
            let response = try await send(request, maxBytes: maxBytes)
            return HTTPReply(status: response.status, headers: response.headers, body: response.body)
        } catch let failure as Failure {
            throw HomeAPIError(failure)
        }
    }
}

extension HomeAPIError {
    /// A transport failure as the client's error: an answer over the cap is undecodable, a
    /// deadline or idle wait a timeout, anything else a transport error.
    init(_ failure: HTTPSession.Failure) {
        switch failure {
        case .refused(let reason): self = .refused(reason)
        case .tooLarge(let limit): self = .undecodable("the answer is larger than \(limit) bytes")
        case .timedOut(let reason): self = .transport(message: reason, isTimeout: true)
        case .connection(let reason): self = .transport(message: reason, isTimeout: false)
        }
    }
}
