import Foundation
import Testing

@testable import HTTPServer

/// What handlers read of a request: JSON media types and header names in any case, both
/// compared on bytes.
@Suite("HTTP server: request headers")
struct HTTPMessageTests {
    @Test(arguments: [
        ("application/json", true), ("Application/JSON; charset=utf-8", true), ("\t application/json \t;x=1", true),
        ("application/vnd.api+json", true), ("APPLICATION/PROBLEM+JSON", true), ("application/+json", true),
        ("application+json", false), ("application/jsonp", false), ("text/json", false), ("", false), ("; application/json", false),
        ("application/js\u{0}n", false), ("application\u{0F}json", false), ("application/json\u{0B}", false),
    ])
    func jsonMediaTypesAreToldApart(contentType: String, isJSON: Bool) {
        #expect(HTTPRequest.isJSON(contentType: contentType) == isJSON)
    }

    @Test func noContentTypeIsNoJSON() {
        #expect(!HTTPRequest.isJSON(contentType: nil))
    }

    @Test func headersAreFoundByNameInAnyCase() {
        let request = HTTPRequest(method: "GET", path: "/", headers: HTTPFraming.dictionary([
            ("Host", "a"), ("X-Vitrine-User", "u"), ("TRANSFER-ENCODING", "chunked"), ("x-one", "1"), ("X-One", "2"),
        ]))
        #expect(request.headers == ["host": "a", "x-vitrine-user": "u", "transfer-encoding": "chunked", "x-one": "1, 2"])
        #expect(request.header("HOST") == "a")
        #expect(request.header("Transfer-Encoding") == "chunked")
        #expect(request.header("x-vitrine-user") == "u")
        // The Kelvin sign lower-cases to "k" in Unicode; names are compared on their bytes.
        #expect(request.header("\u{212A}") == nil)
        #expect(HTTPFraming.lowercasedToken("Content-Length") == "content-length")
        #expect(HTTPFraming.isNamed("Content-LENGTH", "content-length"))
        #expect(!HTTPFraming.isNamed("Content-Lengt", "content-length"))
        #expect(!HTTPFraming.isNamed("content_length", "content-length"))
    }
}
