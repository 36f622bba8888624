import FlowCore
import Foundation
import RetailBackend
import Testing
@testable import RetailKit

/// A backend (or something posing as one on its origin) that answers with a redirect to
/// another origin: the shopper's `X-Vitrine-User` and request bodies never reach it.
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
    func anImageOnTheBackendRedirectedElsewhereNeverCarriesTheUser(status: Int) async throws {
        let live = try LiveBackend()
        let other = OtherOrigin()
        let server = try HTTPServer(handler: other, configuration: .ephemeral)
        defer { server.stop() }
        redirect(live, "/images/", status: status, to: server.baseURL + "/stolen.png")
        let loader = BackendImageLoader(baseURL: live.baseURL, user: UserID("shopper-9")!)
        _ = try? await loader.data(for: live.baseURL.appendingPathComponent("images/p-1.png"), maxBytes: 1 << 20)
        #expect(live.count("/images/") == 1)
        let leaked = other.requests.withLock { $0.compactMap { $0.header("x-vitrine-user") } }
        #expect(leaked.isEmpty, "the user id reached another origin: \(leaked)")
    }

    @Test func anImageRedirectOnTheBackendsOwnOriginIsFollowedWithTheUser() async throws {
        let live = try LiveBackend()
        live.recorder.override.withLock {
            $0 = { request in
                if request.path == "/moved.png" { return HTTPResponse(status: 302, headers: [("Location", "/images/new.png")]) }
                guard request.path == "/images/new.png" else { return nil }
                return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: Data("pixels".utf8))
            }
        }
        let loader = BackendImageLoader(baseURL: live.baseURL, user: UserID("shopper-9")!)
        let data = try await loader.data(for: live.baseURL.appendingPathComponent("moved.png"), maxBytes: 1 << 20)
        #expect(data == Data("pixels".utf8))
        #expect(live.requests.map { $0.header("x-vitrine-user") } == ["shopper-9", "shopper-9"])
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
