import Foundation
import HTTPServer

extension HomeBackend {
    /// Whether `token` can be the operator's token: 16 to 256 characters of RFC 7235's token68
    /// (`A-Z a-z 0-9 - . _ ~ + / =`), what an `Authorization: Bearer` header carries, whole
    /// (the header's trailing spaces are dropped, so a token that ends in one could never match).
    public static func isValidOperatorToken(_ token: String) -> Bool {
        (16...256).contains(token.utf8.count)
            && SessionToken.parse(authorization: "Bearer " + token)?.text.utf8.elementsEqual(token.utf8) == true
    }

    /// Whether `request` carries the operator's token (`Authorization: Bearer`, the token of
    /// `vitrine serve --operator-token-file`): the one check of everything only the operator
    /// may read (the event statistics, a refused catalogue's problems). False when no token was
    /// given at start. The presented and the expected token are compared as their SHA-256, in
    /// constant time, so the time taken tells neither the token's length nor where it differs.
    ///
    /// Where the request came from counts for nothing: a loopback peer may be a proxy that
    /// forwards the internet (`--trusted-proxy 127.0.0.1`) or any program on the machine.
    func presentsOperatorToken(_ request: HTTPRequest) -> Bool {
        guard let expected = configuration.operatorToken else { return false }
        let presented = SessionToken.parse(authorization: request.header("authorization"))?.text ?? ""
        return Crypto.sha256(Array(presented.utf8)).flatMap { presented in
            Crypto.sha256(Array(expected.utf8)).map { Crypto.constantTimeEqual(presented, $0) }
        } ?? false
    }

    /// Lets an operator's route on (`what` names it in the refusal): 404 when no operator token
    /// was configured, as if the route were not there, and 401 without `Authorization: Bearer`
    /// that token.
    func requireOperator(_ request: HTTPRequest, for what: String, route: String) throws(RequestError) {
        guard configuration.operatorToken != nil else {
            throw .notFound("no route GET \(route) (\(what): off without vitrine serve --operator-token-file)")
        }
        guard presentsOperatorToken(request) else {
            throw RequestError(status: 401, code: .invalidOperatorToken, message: "\(what): give the operator's token",
                               headers: ["WWW-Authenticate": #"Bearer realm="vitrine-operator""#])
        }
    }
}
