import Foundation
import HTTPTransport
import Testing
import TestSupport

/// What goes out and what comes back, through real sockets to a crafted server on the loopback.
@Suite struct HTTPSessionTests {
    let session = HTTPSession(timeouts: .init(idle: .seconds(30), deadline: .seconds(60)))

    @Test func anAnswerComesBackWithItsStatusLowerCasedHeadersAndBody() async throws {
        let server = try CraftedServer { _ in
            .respond(status: 201, headers: ["ETag": "\"v1\"", "X-Mixed-Case": "kept"], body: Data("made".utf8))
        }
        defer { server.stop() }
        let response = try await session.send(.init(url: server.url("/things")), maxBytes: 1_000)
        #expect(response.status == 201)
        #expect(response.headers["etag"] == "\"v1\"")
        #expect(response.headers["x-mixed-case"] == "kept")
        #expect(response.body == Data("made".utf8))
    }

    @Test func theMethodHeadersAndBodyGoOutAsSetAndNothingElseIsAdded() async throws {
        let server = try CraftedServer { _ in .respond(status: 204) }
        defer { server.stop() }
        var request = HTTPSession.Request(url: server.url("/v1/cart/items?x=1"), method: "PUT", body: Data(#"{"q":1}"#.utf8))
        request.setValue("shopper-1", forHTTPHeaderField: "X-Vitrine-User")
        request.setValue("replaced", forHTTPHeaderField: "Idempotency-Key")
        request.setValue("key-2", forHTTPHeaderField: "idempotency-key")
        _ = try await session.send(request, maxBytes: 1_000)
        let seen = try #require(server.requests.first)
        #expect(seen.method == "PUT")
        #expect(seen.target == "/v1/cart/items?x=1")
        #expect(seen.body == Data(#"{"q":1}"#.utf8))
        #expect(seen.headers["x-vitrine-user"] == "shopper-1")
        #expect(seen.headers["idempotency-key"] == "key-2")
        #expect(seen.headers["accept-encoding"] == "gzip")
        // No form type assumed for the body, no 100-continue round trip, no credentials.
        #expect(seen.headers["content-type"] == nil)
        #expect(seen.headers["expect"] == nil)
        #expect(seen.headers["authorization"] == nil)
    }

    @Test func aPostWithoutABodySendsAnEmptyOne() async throws {
        let server = try CraftedServer { _ in .respond(status: 200) }
        defer { server.stop() }
        _ = try await session.send(.init(url: server.url("/v1/events"), method: "POST"), maxBytes: 1_000)
        #expect(server.requests.first?.method == "POST")
        #expect(server.requests.first?.headers["content-length"] == "0")
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectIsTheAnswerAndIsNotFollowed(status: Int) async throws {
        let server = try CraftedServer { request in
            request.path == "/elsewhere" ? .respond(status: 200) : .respond(status: status, headers: ["Location": "/elsewhere"])
        }
        defer { server.stop() }
        let response = try await session.send(.init(url: server.url("/page")), maxBytes: 1_000)
        #expect(response.status == status)
        #expect(response.headers["location"] == "/elsewhere")
        #expect(server.requests.map(\.path) == ["/page"])
    }

    @Test func a304IsSeenAsA304() async throws {
        let server = try CraftedServer { _ in .respond(status: 304, headers: ["ETag": "\"v1\""]) }
        defer { server.stop() }
        var request = HTTPSession.Request(url: server.url("/v1/home"))
        request.setValue("\"v1\"", forHTTPHeaderField: "If-None-Match")
        let response = try await session.send(request, maxBytes: 1_000)
        #expect(response.status == 304)
        #expect(server.requests.first?.headers["if-none-match"] == "\"v1\"")
    }

    @Test func noCookieIsKeptOrSent() async throws {
        let server = try CraftedServer { _ in .respond(status: 200, headers: ["Set-Cookie": "session=stolen; Path=/"]) }
        defer { server.stop() }
        _ = try await session.send(.init(url: server.url("/a")), maxBytes: 1_000)
        _ = try await HTTPSession().send(.init(url: server.url("/b")), maxBytes: 1_000)
        _ = try await session.send(.init(url: server.url("/c")), maxBytes: 1_000)
        #expect(server.requests.count == 3)
        #expect(server.requests.allSatisfy { $0.headers["cookie"] == nil })
    }

    @Test func anIPv6LiteralURLIsReached() async throws {
        let server = try CraftedServer(address: .ipv6Loopback) { _ in .respond(status: 200, body: Data("over v6".utf8)) }
        defer { server.stop() }
        #expect(server.baseURL.hasPrefix("http://[::1]:"))
        let response = try await session.send(.init(url: server.url("/page")), maxBytes: 1_000)
        #expect(response.body == Data("over v6".utf8))
    }

    @Test func aURLWithCredentialsIsRefusedBeforeAnythingIsSent() async throws {
        let server = try CraftedServer { _ in .respond(status: 200) }
        defer { server.stop() }
        for text in ["http://user:hunter2@127.0.0.1:\(server.port)/", "http://user@127.0.0.1:\(server.port)/"] {
            await #expect(throws: HTTPSession.Failure.refused("the URL carries credentials (user:password@)")) {
                try await session.send(.init(url: URL(string: text)!), maxBytes: 1_000)
            }
        }
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/", "data:text/plain,hi", "http:///nohost"])
    func onlyHTTPURLsWithAHostAreSent(text: String) async {
        await #expect(throws: HTTPSession.Failure.refused("not an http(s) URL with a host")) {
            try await session.send(.init(url: URL(string: text)!), maxBytes: 1_000)
        }
    }

    @Test func aHeaderValueThatCouldEndTheFieldIsRefused() async throws {
        let server = try CraftedServer { _ in .respond(status: 200) }
        defer { server.stop() }
        var request = HTTPSession.Request(url: server.url("/"))
        request.setValue("\"v1\"\r\nX-Vitrine-User: someone-else", forHTTPHeaderField: "If-None-Match")
        await #expect(throws: HTTPSession.Failure.self) { try await session.send(request, maxBytes: 1_000) }
        var badMethod = HTTPSession.Request(url: server.url("/"), method: "GET /admin HTTP/1.1\r\n")
        badMethod.body = nil
        await #expect(throws: HTTPSession.Failure.self) { try await session.send(badMethod, maxBytes: 1_000) }
        #expect(server.requests.isEmpty)
    }

    @Test func aRefusedConnectionIsAConnectionFailure() async throws {
        let server = try CraftedServer { _ in .respond(status: 200) }
        let url = server.url("/")
        server.stop()
        await #expect {
            try await session.send(.init(url: url), maxBytes: 1_000)
        } throws: { error in
            guard case .connection = error as? HTTPSession.Failure else { return false }
            return true
        }
    }
}
