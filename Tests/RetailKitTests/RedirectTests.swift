import FlowCore
import Foundation
import HTTPServer
import RetailBackend
import Testing
@testable import RetailKit

/// A backend (or something posing as one on its origin) that answers with a redirect to
/// another origin: the shopper's session token and request bodies never reach it.
@Suite struct RedirectTests {
    /// Another origin (another port on the loopback) that records what reaches it.
    final class OtherOrigin: HTTPHandler {
        let requests = Locked<[HTTPRequest]>([])

        func respond(to request: HTTPRequest) -> HTTPResponse {
            requests.withLock { $0.append(request) }
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: Data("elsewhere".utf8))
        }
    }

    /// The backend answers every request under `prefix` with `status` to `target`.
    func redirect(_ live: LiveBackend, _ prefix: String, status: Int = 302, to target: String) {
        live.recorder.override.withLock {
            $0 = { request in
                guard request.path.hasPrefix(prefix) else { return nil }
                return HTTPResponse(status: status, headers: [("Location", target)])
            }
        }
    }

    @Test(arguments: [301, 302, 307, 308])
    func aCartRequestRedirectedElsewhereNeverCarriesTheSession(status: Int) async throws {
        let live = try LiveBackend()
        let other = OtherOrigin()
        let server = try HTTPServer(handler: other, configuration: .ephemeral)
        defer { server.stop() }
        redirect(live, "/v1/cart", status: status, to: server.baseURL + "/v1/cart")
        let client = try live.client(timeout: .seconds(10))
        await #expect(throws: HomeAPIError.self) { try await client.fetchCart() }
        #expect(live.count("/v1/sessions") == 1, "the session was made on the backend's origin")
        #expect(other.requests.withLock { $0.isEmpty }, "the redirect was not followed: the token stayed home")
    }

    @Test(arguments: [301, 302, 307, 308])
    func aPageRedirectedElsewhereIsNotFollowed(status: Int) async throws {
        let live = try LiveBackend()
        let other = OtherOrigin()
        let server = try HTTPServer(handler: other, configuration: .ephemeral)
        defer { server.stop() }
        redirect(live, "/v1/", status: status, to: server.baseURL + "/v1/home")
        let client = try live.client(timeout: .seconds(10))
        await #expect(throws: HomeAPIError.self) { try await client.page("home") }
        await #expect(throws: HomeAPIError.self) { try await client.sendEvents(Data(#"{"events":[]}"#.utf8)) }
        #expect(other.requests.withLock { $0.isEmpty })
    }
}
