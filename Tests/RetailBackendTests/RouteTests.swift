import FlowCore
import Foundation
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
        #expect(Route(path: "/v1/pages/category%3Ashoes") == .page(id: "category:shoes"))
        #expect(Route(path: "/v1/cart/items/p-1001") == .cartItem(productID: "p-1001"))
        #expect(Route(path: "/v1/images/a%2Fb") == nil)
    }
}
