import Foundation
import HTTPServer

/// `GET /v1/home` and `GET /v1/pages/{id}`: the cached encoded page for the request's context,
/// with a fresh `request_id`, an `ETag` over everything else, and 304 when `If-None-Match`
/// names it.
enum PageEndpoints {
    private static let cacheControl = "max-age=\(PageWriter.ttl)"

    static func home(_ exchange: RetailExchange, _ captures: HTTPPathCaptures) throws(RequestError) -> HTTPResponse {
        try page("home", exchange)
    }

    static func page(_ exchange: RetailExchange, _ captures: HTTPPathCaptures) throws(RequestError) -> HTTPResponse {
        try page(captures.last, exchange)
    }

    private static func page(_ pageID: String, _ exchange: RetailExchange) throws(RequestError) -> HTTPResponse {
        let backend = exchange.backend
        var context = try PageContext.parse(exchange.request)
        context.follow(backend.configuration.variants)
        let encoded = try backend.encodedPage(pageID, context: context, at: backend.configuration.now(), faultBits: exchange.profile.compositionBits)
        // Room for the `Date` every answer gets (`HomeBackend.dated`).
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(5)
        headers += [("ETag", encoded.etag), ("Cache-Control", cacheControl), ("Vary", "Authorization")]
        if let candidates = exchange.request.header("if-none-match"), ETagMatch.matches(candidates, etag: encoded.etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.insert(("Content-Type", "application/json; charset=utf-8"), at: 0)
        return HTTPResponse(status: 200, headers: headers, body: encoded.body(requestID: backend.nextRequestID(for: encoded)))
    }
}
