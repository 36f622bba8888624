import Foundation
import Testing
@testable import FlowCore

/// `api` endpoints are absolute paths on the serving origin, checked on their bytes (§7).
@Suite struct APIEndpointTests {
    static let base = URL(string: "http://backend.test:8080/")!

    @Test(arguments: [
        "/v1/actions/fav", "/", "/v1/x?y=1&z=/a?b", "/%2F%2Fhost", "/a:b@c;d=e,f!$&'()*+~._-", "/v1/x?",
    ])
    func absolutePathsAreAccepted(text: String) throws {
        let endpoint = try #require(APIEndpoint(text))
        #expect(endpoint.description == text)
        let url = try #require(endpoint.url(on: Self.base))
        #expect(url.host == "backend.test")
        #expect(url.port == 8080)
    }

    @Test(arguments: [
        "https://evil.example/steal", "//evil.example/x", "///evil", "v1/relative", "favourite", "", "/path\\with\\backslash",
        "/line\nbreak", "/tab\there", "/a b", "/a#fragment", "/%zz", "/%4", "/é", "javascript:alert(1)", "/\u{7F}",
        "//\u{FE0F}evil.example/steal", "//\u{34F}evil.example/steal", "//\u{180B}evil.example/steal",
        "//\u{E0100}evil.example/steal", "/\u{FE0F}/evil.example", "/\u{202E}x",
    ])
    func everythingElseIsRefused(text: String) {
        #expect(APIEndpoint(text) == nil)
    }

    /// A default-ignorable scalar after `//` cannot hide a network-path reference: Foundation
    /// resolves `//\u{FE0F}evil.example/steal` on another host, so the check refuses it.
    @Test func aVariationSelectorAfterTheSlashesCannotHideAnotherHost() throws {
        let text = "//\u{FE0F}evil.example/steal"
        // The hole: as a `String`, the second slash and U+FE0F are one Character.
        #expect(!text.hasPrefix("//"))
        #expect(APIEndpoint(text) == nil)
    }

    /// An IPv6 backend's host reads without brackets from `URLComponents`; the URL made on it
    /// still names that backend, brackets, port and zone included, so api actions reach it.
    @Test(arguments: ["http://[::1]:8080/", "http://[2001:db8::7]/", "http://[fe80::1%25eth0]:8080/"])
    func anIPv6BackendGetsURLsOnItself(base: String) throws {
        let baseURL = try #require(URL(string: base))
        let url = APIEndpoint("/v1/actions/fav")?.url(on: baseURL)
        #expect(url != nil, "no URL for an IPv6 backend \(base): api actions cannot be sent")
        if let url { #expect(url.absoluteString.hasPrefix(String(base.dropLast())), "\(url.absoluteString)") }
    }

    /// Dot segments, encoded dots and slashes, and `@` pass the check and stay on the origin:
    /// the host is the backend's whatever the path. A backend that checks routes on the raw
    /// path must normalise it first, since a proxy may ("/v1/actions/../../admin").
    @Test(arguments: ["/v1/actions/../../admin", "/v1/actions/%2e%2e/%2e%2e/admin", "/v1/actions/..%2F..%2Fadmin", "/@evil.example/x", "/:@evil.example"])
    func traversalStaysOnTheOrigin(text: String) throws {
        let endpoint = try #require(APIEndpoint(text))
        let baseURL = try #require(URL(string: "https://shop.test/"))
        let url = try #require(endpoint.url(on: baseURL))
        #expect(url.host == "shop.test")
    }

    @Test func theURLKeepsTheBackendsOriginOnly() throws {
        let base = try #require(URL(string: "https://user:secret@shop.test:8443/prefix/?q=1#f"))
        let url = try #require(APIEndpoint("/v1/actions/x?a=%20b")?.url(on: base))
        #expect(url.absoluteString == "https://shop.test:8443/v1/actions/x?a=%20b")
        #expect(APIEndpoint("/x")?.url(on: try #require(URL(string: "file:///tmp"))) == nil)
    }

    @Test func anEndpointLongerThanTheLimitIsRefused() {
        #expect(APIEndpoint("/" + String(repeating: "a", count: APIEndpoint.maximumLength - 1)) != nil)
        #expect(APIEndpoint("/" + String(repeating: "a", count: APIEndpoint.maximumLength)) == nil)
    }

    /// Every default-ignorable and combining code point, between and after the slashes of
    /// `//\u{FE0F}evil.example/steal`, and random strings around them: whenever the check accepts, the
    /// URL made from it has the backend's host, and Foundation's own resolution agrees.
    @Test func wheneverTheCheckAcceptsTheHostIsTheBackends() throws {
        let suspects = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
            let properties = scalar.properties
            return properties.isDefaultIgnorableCodePoint
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
        }
        #expect(suspects.count > 4000)
        var random = SplitMix(seed: 20261201)
        let pieces: [String] = ["/", "/", "//", "\\", ":", "@", ".", "?", "#", "%", "%2F", "evil.example", "v1", "x", " ", "\u{0}"]
        var accepted = 0
        for (offset, scalar) in suspects.enumerated() {
            var candidates = ["//\(scalar)evil.example/steal", "/\(scalar)/evil.example", "/\(scalar)", "\(scalar)//evil.example"]
            var text = ""
            for _ in 0..<Int(random.next() % 6 + 1) {
                text += random.next() % 3 == 0 ? String(scalar) : pieces[Int(random.next() % UInt64(pieces.count))]
            }
            candidates.append(text)
            if offset % 64 == 0 { candidates.append("/v1/ok") }
            for candidate in candidates {
                guard let endpoint = APIEndpoint(candidate) else { continue }
                accepted += 1
                let url = try #require(endpoint.url(on: Self.base), "\(candidate.unicodeScalars.map { String($0.value, radix: 16) })")
                #expect(url.host == "backend.test", "\(candidate.debugDescription)")
                #expect(URL(string: candidate, relativeTo: Self.base)?.host == "backend.test", "\(candidate.debugDescription)")
                #expect(candidate.utf8.allSatisfy { (0x21...0x7E).contains($0) })
            }
        }
        #expect(accepted > 0)
    }

    @Test(arguments: [("post", APIAction.Method.post), ("GET", .get), ("Put", .put), ("patch", .patch), ("DELETE", .delete)])
    func methodsFromTheAllowListAreAcceptedInAnyCase(token: String, method: APIAction.Method) throws {
        let action = ActionData(type: "api", ["endpoint": "/v1/x", "method": .string(token)])
        #expect(try action.decode(APIAction.self).method == method)
    }

    @Test(arguments: ["post /admin http/1.1\r\nhost: evil\r\n\r\nget", "CONNECT", "TRACE", "", "P0ST", "POSTS", "get ", "ＰＯＳＴ"])
    func anyOtherMethodIsRefused(token: String) {
        let action = ActionData(type: "api", ["endpoint": "/v1/x", "method": .string(token)])
        #expect(throws: DecodingFailure.self) { try action.decode(APIAction.self) }
    }

    @Test func methodDefaultsToPost() throws {
        #expect(try ActionData(type: "api", ["endpoint": "/v1/x"]).decode(APIAction.self).method == .post)
    }
}
