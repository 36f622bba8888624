import Foundation
import HTTPServer

/// `GET /v1/images/{name}`: only names the catalogue serving now references; long-lived
/// caching, because a name's bytes never change (the ETag carries the generator version).
enum ImageEndpoints {
    static func image(_ exchange: RetailExchange, _ captures: HTTPPathCaptures) throws(RequestError) -> HTTPResponse {
        let name = captures.last
        let backend = exchange.backend
        guard let spec = backend.catalogues.current.imageSpecs[name] else { throw .notFound("no image '\(name.clipped(toUTF8Bytes: 80))'") }
        let headers: [(name: String, value: String)] = [
            ("ETag", spec.etag), ("Cache-Control", "public, max-age=31536000, immutable"),
        ]
        if let candidates = exchange.request.header("if-none-match"), ETagMatch.matches(candidates, etag: spec.etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        guard let bytes = backend.images.bytes(for: spec) else {
            throw RequestError(status: 500, code: .imageFailed, message: "the image '\(name)' could not be encoded")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", spec.format.contentType)] + headers, body: Data(bytes))
    }
}
