import FlowCore
import Foundation
import RetailContract
import Testing
@testable import HTTPServer
@testable import RetailBackend

@Suite struct RouteTests {
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend()
    }

    @Test(arguments: ["/", "/v1", "/v1/home/", "/v2/home", "/v1/pages", "/v1/cart/items/a/b", "//v1/home", "/v1/pages/%ZZ", "v1/home"])
    func unknownPathsAre404WithAJSONError(path: String) throws {
        let response = backend.respond(to: HTTPRequest(method: "GET", path: path))
        #expect(response.status == 404)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(try parse(response)[path: "error", "code"] == "not_found")
        #expect(try parse(response)[path: "error", "message"]?.stringValue?.isEmpty == false)
    }

    @Test(arguments: [
        ("POST", "/v1/home", "GET, HEAD"), ("DELETE", "/v1/cart", "GET, HEAD"), ("GET", "/v1/cart/items", "POST"),
        ("PATCH", "/v1/cart/items/p-1001", "PUT, DELETE"), ("GET", "/v1/events", "POST"), ("PATCH", "/v1/images/p-1001.jpg", "GET, HEAD"),
        ("GET", "/v1/actions/notify-me", "POST"),
    ])
    func wrongMethodsAre405WithAllow(method: String, path: String, allow: String) throws {
        let response = backend.respond(to: HTTPRequest(method: method, path: path))
        #expect(response.status == 405)
        #expect(response.header("Allow") == allow)
        #expect(try parse(response)[path: "error", "code"] == "method_not_allowed")
    }

    @Test func percentEncodedPageIDsAreDecoded() {
        #expect(RetailAPI.route("/v1/pages/category%3Ashoes") == RetailAPI.Routed(.member(.pages), "category:shoes"))
        #expect(RetailAPI.route("/v1/cart/items/p-1001", method: "PUT") == RetailAPI.Routed(.cartItem, "p-1001"))
        #expect(RetailAPI.route("/v1/images/a%2Fb") == nil)
    }
}

extension RetailAPI {
    /// The pattern a request matched and its captures.
    struct Routed: Equatable {
        var pattern: HTTPPathPattern
        var captures: [String]

        init(_ pattern: HTTPPathPattern, _ captures: String...) {
            self.pattern = pattern
            self.captures = captures
        }
    }

    /// The route of `method path` in the API's table, or nil when it has none.
    static func route(_ path: String, method: String = "GET") -> Routed? {
        guard case .found(let match) = router.resolve(method: method, path: path) else { return nil }
        var routed = Routed(match.pattern)
        routed.captures = match.captures.values
        return routed
    }
}

extension HTTPPathPattern {
    static func path(_ path: String) -> HTTPPathPattern { HTTPPathPattern(path) }
    static func member(_ collection: RetailRoutes.Collection) -> HTTPPathPattern { HTTPPathPattern(RetailRoutes.collection(collection)).capturing() }
    static let cartItem = HTTPPathPattern(RetailRoutes.cartItems).capturing()
}
