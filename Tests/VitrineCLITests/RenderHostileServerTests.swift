import Foundation
import Testing
import TestSupport

/// `vitrine render URL` against backends that never stop talking or talk too slowly: the
/// same limits as the app's client (32 MiB) and an overall deadline (`--timeout`), ending in
/// exit 1 and a clear message, never in memory growing or a wait without end.
@Suite struct RenderHostileServerTests {
    @Test func anEndlessChunkedBodyStopsAt32MiBWithExit1() async throws {
        let chunk = Data(repeating: UInt8(ascii: " "), count: 64 << 10)
        let server = try CraftedServer { _ in .endlessChunks(chunk: chunk) }
        defer { server.stop() }
        let result = try await VitrineProcess.run(["render", server.url("/page").absoluteString, "--width", "40", "--height", "5"])
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.err.contains("larger than 33554432 bytes"), "\(result.err)")
        #expect(result.out.isEmpty)
    }

    /// 10 MiB on the wire that inflate to 10 GiB: refused at 32 MiB of decoded bytes (a 3 GiB
    /// bomb once took render to 3.4 GB and 24 s).
    @Test func aGzipBombStopsAt32MiBOfDecodedBytesWithExit1() async throws {
        let server = try CraftedServer { _ in .gzipBomb(decodedBytes: 10 << 30) }
        defer { server.stop() }
        let result = try await VitrineProcess.run(["render", server.url("/page").absoluteString, "--width", "40", "--height", "5"])
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.err.contains("larger than 33554432 bytes"), "\(result.err)")
        #expect(await server.waitFor(.clientClosed(target: "/page")))
    }

    @Test func aURLWithCredentialsIsRefusedWithoutRepeatingThem() async throws {
        let server = try CraftedServer { _ in .respond(status: 200, body: Data(#"{"page": {"id": "p", "sections": []}}"#.utf8)) }
        defer { server.stop() }
        let result = try await VitrineProcess.run(["render", "http://user:hunter2@127.0.0.1:\(server.port)/page", "--width", "40", "--height", "5"])
        #expect(result.status == 1)
        #expect(result.err.contains("credentials"), "\(result.err)")
        #expect(!result.err.contains("hunter2"), "\(result.err)")
        #expect(server.requests.isEmpty)
    }

    @Test func aPageOnAnIPv6LiteralHostIsRendered() async throws {
        let page = #"{"page": {"id": "v6", "nav": {"title": "Over IPv6"}, "sections": []}}"#
        let server = try CraftedServer(address: .ipv6Loopback) { _ in .respond(status: 200, body: Data(page.utf8)) }
        defer { server.stop() }
        let result = try await VitrineProcess.run(["render", "http://[::1]:\(server.port)/page", "--width", "40", "--height", "5", "--plain"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("Over IPv6"), "\(result.out)")
    }

    @Test func aDrippedBodyEndsAtTheDeadlineWithExit1() async throws {
        // Over two minutes of drip (trailing blanks are JSON too): only the hang-up ends it early.
        let body = Data((#"{"page": {"id": "slow", "sections": []}}"# + String(repeating: " ", count: 260)).utf8)
        let server = try CraftedServer { _ in .drip(body: body, interval: .milliseconds(500)) }
        defer { server.stop() }
        let result = try await VitrineProcess.run(["render", server.url("/page").absoluteString, "--width", "40", "--height", "5", "--timeout", "2"])
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.err.contains("no whole answer within 2 s (--timeout)"), "\(result.err)")
        // The connection is closed, not left dripping (the server sees the hang-up).
        #expect(await server.waitFor(.clientClosed(target: "/page")))
    }

    @Test func aRedirectIsNotFollowed() async throws {
        let server = try CraftedServer { _ in .respond(status: 302, headers: ["Location": "http://127.0.0.1:9/elsewhere"]) }
        defer { server.stop() }
        let result = try await VitrineProcess.run(["render", server.url("/page").absoluteString, "--width", "40", "--height", "5"])
        #expect(result.status == 1)
        #expect(result.err.contains("the server answered 302"), "\(result.err)")
        #expect(server.requests.count == 1)
    }

    @Test(arguments: ["0", "601", "soon"])
    func aTimeoutOutOfRangeIsAUsageError(value: String) async throws {
        let result = try await VitrineProcess.run(["render", "http://127.0.0.1:9/", "--width", "40", "--height", "5", "--timeout", value])
        #expect(result.status == 2)
        #expect(result.err.contains("--timeout"))
    }
}
