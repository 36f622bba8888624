import Foundation

extension HomeBackend {
    /// `GET /v1/home` and `GET /v1/pages/{id}`: the cached encoded page for the request's
    /// context, with a fresh `request_id`, an `ETag` over everything else, and 304 when
    /// `If-None-Match` names it.
    func page(_ pageID: String, request: HTTPRequest, profile: FaultProfile) throws(RequestError) -> HTTPResponse {
        let context = try PageContext.parse(request)
        let encoded = try encodedPage(pageID, context: context, at: configuration.now(), faultBits: profile.compositionBits)
        let headers: [(name: String, value: String)] = [
            ("ETag", encoded.etag), ("Cache-Control", "max-age=\(PageWriter.ttl)"), ("Vary", "Authorization"),
        ]
        if let candidates = request.header("if-none-match"), ETagMatch.matches(candidates, etag: encoded.etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
            body: encoded.body(requestID: nextRequestID()))
    }

    func encodedPage(_ pageID: String, context: PageContext, at instant: Date, faultBits: UInt8 = 0) throws(RequestError) -> EncodedPage {
        let schedule = catalogue.schedule(at: instant)
        let key = PageKey(
            pageID: pageID, locale: context.locale, segment: context.segment, variant: context.variant,
            gates: context.gates, schedule: schedule, offset: context.offset, faults: faultBits)
        let pageSize = configuration.pageSize
        return try pages.page(for: key) { () throws(RequestError) -> EncodedPage in
            let composition = try composition(pageID, context: context, schedule: schedule, faultBits: faultBits)
            guard context.offset == 0 || context.offset < composition.sections.count else {
                throw .badParameter("cursor 's\(context.offset)' is past the end of the page")
            }
            return PageWriter.encode(composition, offset: context.offset, pageSize: pageSize)
        }
    }

    /// The whole page, with the sections the fault profile injects.
    func composition(_ pageID: String, context: PageContext, schedule: UInt64, faultBits: UInt8) throws(RequestError) -> Composition {
        var composition = try composer.compose(pageID: pageID, context: context, schedule: schedule)
        FaultSections.inject(into: &composition, bits: faultBits)
        return composition
    }
}

/// `If-None-Match` against one ETag: a list of tags, `*`, and weak tags compared weakly
/// (RFC 9110 §13.1.2).
enum ETagMatch {
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || (tag.hasPrefix("W/") && tag.dropFirst(2) == etag)
        }
    }
}
