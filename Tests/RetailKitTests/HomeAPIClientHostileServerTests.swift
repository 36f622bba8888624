import FlowCore
import Foundation
import Testing
import TestSupport

@testable import RetailKit

/// The backend's client and its image loader against crafted servers: bodies that never end
/// or inflate without end stop at the cap on the wire, a backend URL with credentials is
/// refused without repeating them, and an IPv6 literal backend works.
@Suite struct HomeAPIClientHostileServerTests {
    static let profile = ClientProfile(user: UserID("ada")!, appVersion: VitrineApp.version)

    func client(for server: CraftedServer, maxResponseBytes: Int = 32 << 20) throws -> HomeAPIClient {
        var configuration = HomeAPIClient.Configuration(baseURL: server.url("/"), profile: Self.profile)
        configuration.maxResponseBytes = maxResponseBytes
        return try HomeAPIClient(configuration: configuration)
    }

    func isTooLarge(_ error: any Error) -> Bool {
        guard case .undecodable(let message) = error as? HomeAPIError else { return false }
        return message.contains("larger than")
    }

    @Test func anEndlessPageStopsAtTheCapAndItsConnectionCloses() async throws {
        let server = try CraftedServer { _ in .endlessChunks(chunk: Data(repeating: 0x20, count: 64 << 10)) }
        defer { server.stop() }
        let client = try client(for: server, maxResponseBytes: 4 << 20)
        await #expect { _ = try await client.page("home") } throws: { isTooLarge($0) }
        let target = try #require(server.requests.first?.target)
        #expect(await server.waitFor(.clientClosed(target: target)))
        // Past the cap and what the loopback's buffers hold, the client read on.
        #expect(server.bytesSent(to: target) < (4 << 20) + (16 << 20))
    }

    /// 10 MiB on the wire, 10 GiB decoded (a 1 GiB bomb took the home request to 1.15 GB
    /// before the cap counted decoded bytes in a transfer it could stop): refused at the cap,
    /// and the rest of the body is never read.
    @Test func aGzipBombedPageIsRefusedAtTheCapOfDecodedBytes() async throws {
        let server = try CraftedServer { _ in .gzipBomb(decodedBytes: 10 << 30) }
        defer { server.stop() }
        let client = try client(for: server)
        await #expect { _ = try await client.page("home") } throws: { isTooLarge($0) }
        let target = try #require(server.requests.first?.target)
        #expect(await server.waitFor(.clientClosed(target: target)))
    }

    /// A password in the backend URL would go out as Basic authentication with every request
    /// and image and be written into logs and the image cache: refused, without repeating it.
    @Test(arguments: ["http://user:hunter2@127.0.0.1:9/", "http://hunter2@127.0.0.1:9/", "https://user:hunter2@[::1]:9/"])
    func aBackendURLWithCredentialsIsRefusedWithoutRepeatingThem(text: String) throws {
        let url = try #require(URL(string: text))
        #expect {
            try HomeAPIClient(configuration: .init(baseURL: url, profile: Self.profile))
        } throws: { error in
            guard case .refused(let reason) = error as? HomeAPIError else { return false }
            return reason.contains("user name or password") && !reason.contains("hunter2")
        }
    }

    @Test func anIPv6LiteralBackendIsReached() async throws {
        let page = Data(#"{"page": {"id": "home", "sections": []}}"#.utf8)
        let server = try CraftedServer(address: .ipv6Loopback) { _ in .respond(status: 200, headers: ["ETag": "\"v6\""], body: page) }
        defer { server.stop() }
        let client = try client(for: server)
        guard case .page(let data, let etag, _) = try await client.page("home") else {
            Issue.record("expected a page")
            return
        }
        #expect(data == page && etag == "\"v6\"")
        #expect(server.requests.first?.path == "/v1/home")
        #expect(server.requests.first?.headers["x-vitrine-user"] == "ada")
    }

    /// On an IPv6 backend, images on its origin carry the shopper's id and images elsewhere
    /// do not.
    @Test func anIPv6BackendsImagesCarryTheUserAndOtherHostsImagesDoNot() async throws {
        let backend = try CraftedServer(address: .ipv6Loopback) { _ in .respond(status: 200, body: Data("backend pixels".utf8)) }
        defer { backend.stop() }
        let cdn = try CraftedServer { _ in .respond(status: 200, body: Data("cdn pixels".utf8)) }
        defer { cdn.stop() }
        let loader = BackendImageLoader(baseURL: backend.url("/"), user: UserID("ada")!)
        #expect(try await loader.data(for: backend.url("/images/p-1.png"), maxBytes: 1_000) == Data("backend pixels".utf8))
        #expect(try await loader.data(for: cdn.url("/p-2.png"), maxBytes: 1_000) == Data("cdn pixels".utf8))
        #expect(backend.requests.first?.headers["x-vitrine-user"] == "ada")
        #expect(cdn.requests.first.map { $0.headers["x-vitrine-user"] == nil } == true)
    }
}
