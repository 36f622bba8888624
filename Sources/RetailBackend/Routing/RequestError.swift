import FlowCore
import Foundation
import HTTPServer
import RetailContract

/// Why a request is refused: a status and the body `{"error": {"code", "message"}}` of
/// CONTRACT §10. Thrown by request parsing and by the domain, turned into a response once.
struct RequestError: Error, Equatable {
    var status: Int
    var code: RetailErrorCode
    var message: String
    var headers: [String: String] = [:]

    static func badJSON(_ message: String) -> RequestError {
        RequestError(status: 400, code: .invalidJSON, message: message)
    }

    static func badBody(_ message: String) -> RequestError {
        RequestError(status: 400, code: .invalidBody, message: message)
    }

    static func badParameter(_ message: String) -> RequestError {
        RequestError(status: 400, code: .invalidParameter, message: message)
    }

    static func notFound(_ message: String, code: RetailErrorCode = .notFound) -> RequestError {
        RequestError(status: 404, code: code, message: message)
    }

    static func methodNotAllowed(_ method: String, allowed: [String]) -> RequestError {
        RequestError(
            status: 405, code: .methodNotAllowed,
            message: "\(method) is not allowed here; use \(allowed.joined(separator: " or "))",
            headers: ["Allow": allowed.joined(separator: ", ")]
        )
    }

    static func conflict(_ message: String, code: RetailErrorCode) -> RequestError {
        RequestError(status: 409, code: code, message: message)
    }

    static func unsupportedMediaType(_ contentType: String?) -> RequestError {
        RequestError(
            status: 415, code: .unsupportedMediaType,
            message: "the body must be application/json, not \(contentType ?? "an unlabelled body")"
        )
    }

    static func unprocessable(_ message: String, code: RetailErrorCode) -> RequestError {
        RequestError(status: 422, code: code, message: message)
    }

    /// The response carrying this error.
    var response: HTTPResponse {
        var response = HTTPResponse.json(status: status, ["error": ["code": .string(code.rawValue), "message": .string(message)]])
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            response.headers.append((name, value))
        }
        return response
    }
}
