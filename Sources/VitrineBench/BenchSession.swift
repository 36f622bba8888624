import FlowCore
import Foundation
import HTTPServer
import RetailBackend
import RetailContract

/// A guest session made in process for a load generator: the token its requests carry.
enum BenchSession {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `POST /v1/sessions` answered by `backend` directly; its token.
    static func token(of backend: HomeBackend) throws(Failure) -> String {
        let answer = backend.respond(to: HTTPRequest(method: "POST", path: RetailRoutes.sessions))
        guard answer.status == 201, let document = try? JSONParser.parse(answer.body), let token = document["token"]?.stringValue else {
            throw Failure(description: "no session (\(answer.status))")
        }
        return token
    }
}
