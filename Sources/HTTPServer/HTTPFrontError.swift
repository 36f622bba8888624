import Foundation

/// The JSON errors the front itself answers, in the contract's shape (§10):
/// `{"error":{"code":…,"message":…}}`.
enum HTTPFrontError {
    static func response(status: Int, code: String, message: String) -> HTTPResponse {
        let payload = ["error": ["code": code, "message": message]]
        let body = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return HTTPResponse(
            status: status,
            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
            body: body
        )
    }

    /// A 400 for a request head the front refuses (framing, header syntax).
    static func badRequest(_ code: String, _ message: String) -> HTTPResponse {
        response(status: 400, code: code, message: message)
    }

    static func payloadTooLarge(limit: Int) -> HTTPResponse {
        response(
            status: 413, code: "payload_too_large",
            message: "the request body is larger than \(limit) bytes")
    }

    static let unsupportedMediaType = response(
        status: 415, code: "unsupported_media_type",
        message: "request bodies must be JSON (Content-Type: application/json)")

    /// A deferred answer that did not come in time (the server stops, or the client left).
    static var answerTimedOut: HTTPResponse {
        var answer = response(status: 503, code: "unavailable", message: "the answer did not come in time; try again")
        answer.headers.append(("Retry-After", "1"))
        return answer
    }

    static let handlerFailed = response(
        status: 500, code: "internal", message: "the response could not be sent")
}
