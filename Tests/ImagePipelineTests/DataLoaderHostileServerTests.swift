import Foundation
import HTTPTransport
import Testing
import TestSupport

@testable import ImagePipeline

/// Image hosts that misbehave: an endless or bombed image stops at the limit on the wire, the
/// loader keeps no cookie and sends no credentials, and IPv6 literal hosts are reached.
@Suite struct DataLoaderHostileServerTests {
    let loader = DataLoader()

    /// The kernel's loopback buffers (a few MiB each way) beyond what the client read: a
    /// server that sent more than the limit and this read on past the limit.
    static let socketBuffers = 16 << 20

    @Test func anEndlessImageStopsAtTheLimitAndItsConnectionCloses() async throws {
        let server = try CraftedServer { _ in .endlessChunks(chunk: Data(repeating: 0xFF, count: 64 << 10)) }
        defer { server.stop() }
        let limit = 4 << 20
        await #expect(throws: ImagePipeline.Error.downloadTooLarge(limit: limit)) {
            try await loader.data(for: server.url("/endless.png"), maxBytes: limit)
        }
        #expect(await server.waitFor(.clientClosed(target: "/endless.png")))
        #expect(server.bytesSent(to: "/endless.png") < limit + Self.socketBuffers)
    }

    /// 10 MiB on the wire that inflate to 10 GiB: refused at the limit of decoded bytes, with
    /// a fraction of the body read.
    @Test func aGzipBombImageIsRefusedAtTheLimitOfDecodedBytes() async throws {
        let server = try CraftedServer { _ in .gzipBomb(decodedBytes: 10 << 30) }
        defer { server.stop() }
        let limit = 8 << 20
        await #expect(throws: ImagePipeline.Error.downloadTooLarge(limit: limit)) {
            try await loader.data(for: server.url("/bomb.png"), maxBytes: limit)
        }
        #expect(await server.waitFor(.clientClosed(target: "/bomb.png")))
    }

    @Test func aDrippedImageEndsAtTheDeadline() async throws {
        // Two minutes of drip: only the client's hang-up ends it early.
        let server = try CraftedServer { _ in .drip(body: Data(repeating: 0xFF, count: 600), interval: .milliseconds(200)) }
        defer { server.stop() }
        let loader = DataLoader(timeouts: .init(idle: .seconds(30), deadline: .seconds(1)))
        await #expect {
            try await loader.data(for: server.url("/slow.png"), maxBytes: 1_000)
        } throws: { error in
            guard case .transport(let message) = error as? ImagePipeline.Error else { return false }
            return message.contains("no whole answer")
        }
        #expect(await server.waitFor(.clientClosed(target: "/slow.png")))
    }

    /// A cookie an image host sets is neither kept nor sent back, by this loader or another
    /// (a shared cookie store once kept it, in a file other users could read, and sent it to
    /// every port of the host).
    @Test func noCookieIsKeptOrSentBack() async throws {
        let server = try CraftedServer { _ in
            .respond(status: 200, headers: ["Set-Cookie": "tracker=shopper-9; Path=/; Max-Age=86400"], body: Data("pixels".utf8))
        }
        defer { server.stop() }
        _ = try await loader.data(for: server.url("/a.png"), maxBytes: 1_000)
        _ = try await loader.data(for: server.url("/b.png"), maxBytes: 1_000)
        _ = try await DataLoader().data(for: server.url("/c.png"), maxBytes: 1_000)
        #expect(server.requests.map(\.path) == ["/a.png", "/b.png", "/c.png"])
        #expect(server.requests.allSatisfy { $0.headers["cookie"] == nil })
    }

    /// `user:password@` in an image URL would go out as Basic authentication: refused before
    /// anything is sent, and the refusal does not repeat the password.
    @Test func anImageURLWithCredentialsIsRefusedBeforeAnythingIsSent() async throws {
        let server = try CraftedServer { _ in .respond(status: 200, body: Data("pixels".utf8)) }
        defer { server.stop() }
        let url = try #require(URL(string: "http://user:hunter2@127.0.0.1:\(server.port)/p.png"))
        await #expect {
            try await loader.data(for: url, maxBytes: 1_000)
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? ImagePipeline.Error else { return false }
            return !reason.contains("hunter2")
        }
        #expect(server.requests.isEmpty)
    }

    /// A redirect to the same host with `user:password@` would send them as Basic
    /// authentication on the next hop.
    @Test func aRedirectToAURLWithCredentialsIsNotFollowed() async throws {
        let server = try CraftedServer { request in
            guard request.path == "/moved.png", let host = request.headers["host"] else { return .respond(status: 200) }
            return .respond(status: 302, headers: ["Location": "http://user:hunter2@\(host)/p.png"])
        }
        defer { server.stop() }
        await #expect(throws: ImagePipeline.Error.self) { try await loader.data(for: server.url("/moved.png"), maxBytes: 1_000) }
        #expect(server.requests.map(\.path) == ["/moved.png"])
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == nil })
    }

    @Test func aRedirectLoopEndsAfterTheMostRedirects() async throws {
        let server = try CraftedServer { _ in .respond(status: 302, headers: ["Location": "/again.png"]) }
        defer { server.stop() }
        await #expect(throws: ImagePipeline.Error.network(status: 302)) {
            try await loader.data(for: server.url("/loop.png"), maxBytes: 1_000)
        }
        #expect(server.requests.count == DataLoader.maximumRedirects + 1)
    }

    @Test func anImageOnAnIPv6LiteralHostIsFetched() async throws {
        let server = try CraftedServer(address: .ipv6Loopback) { _ in .respond(status: 200, body: Data("v6 pixels".utf8)) }
        defer { server.stop() }
        let url = try #require(URL(string: "http://[::1]:\(server.port)/p.png"))
        #expect(try await loader.data(for: url, maxBytes: 1_000) == Data("v6 pixels".utf8))
    }
}

/// The pipeline refuses an image URL with credentials before its caches, whose key and files
/// hold the URL, and before its loader.
@Suite struct ImagePipelineCredentialTests {
    @Test func anImageURLWithCredentialsNeverReachesTheLoaderOrTheDiskCache() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-credentials-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = CountingLoader(data: Data("pixels".utf8))
        let pipeline = ImagePipeline(configuration: .init { $0.diskCacheDirectory = directory }, loader: loader)
        let url = try #require(URL(string: "http://user:hunter2@127.0.0.1:9/p.png"))
        await #expect(throws: ImagePipeline.Error.invalidRequest("the URL carries credentials (user:password@)")) {
            try await pipeline.image(for: ImageRequest(url: url, targetSize: PixelSize(width: 8, height: 8)))
        }
        #expect(loader.callCount == 0)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(written.allSatisfy { name in
            let contents = (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data()
            return !contents.contains(Data("hunter2".utf8))
        })
    }
}
