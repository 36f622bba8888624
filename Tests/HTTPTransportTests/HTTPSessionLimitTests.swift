import Foundation
import HTTPTransport
import Testing
import TestSupport

/// The limits hold on the wire: past the cap, the deadline or the idle wait, and on
/// cancellation, the transfer stops and the server sees the client hang up.
@Suite struct HTTPSessionLimitTests {
    /// What the kernel's socket buffers on the loopback may take beyond what the client read
    /// (a few MiB each way): the server sending more than cap + this means the client read on.
    static let socketBuffers = 16 << 20

    @Test func anEndlessBodyStopsAtTheCapAndTheConnectionCloses() async throws {
        let server = try CraftedServer { _ in .endlessChunks(chunk: Data(repeating: 0x20, count: 64 << 10)) }
        defer { server.stop() }
        let cap = 4 << 20
        await #expect(throws: HTTPSession.Failure.tooLarge(limit: cap)) {
            try await HTTPSession().send(.init(url: server.url("/endless")), maxBytes: cap)
        }
        #expect(await server.waitFor(.clientClosed(target: "/endless")))
        #expect(server.bytesSent(to: "/endless") < cap + Self.socketBuffers)
    }

    @Test func aGzipBodyIsDecoded() async throws {
        let text = Data(String(repeating: "{\"page\": \"gzip\"} ", count: 500).utf8)
        let server = try CraftedServer { request in
            request.path == "/text"
                ? .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: Gzip.compress(text))
                : .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: Gzip.zeros(count: 3 << 20))
        }
        defer { server.stop() }
        let session = HTTPSession()
        #expect(try await session.send(.init(url: server.url("/text")), maxBytes: text.count).body == text)
        // The bombs below are valid gzip (curl checks the trailer's CRC and length).
        #expect(try await session.send(.init(url: server.url("/zeros")), maxBytes: 3 << 20).body == Data(count: 3 << 20))
    }

    /// A 1 MiB body that inflates to 1 GiB: the cap counts decoded bytes, so the transfer stops
    /// at the cap however small the body on the wire.
    @Test func aGzipBombStopsAtTheCapOfDecodedBytes() async throws {
        let server = try CraftedServer { _ in .gzipBomb(decodedBytes: 1 << 30) }
        defer { server.stop() }
        await #expect(throws: HTTPSession.Failure.tooLarge(limit: 2 << 20)) {
            try await HTTPSession().send(.init(url: server.url("/bomb")), maxBytes: 2 << 20)
        }
    }

    @Test func anEndlessGzipBodyStopsAtTheCapAndTheConnectionCloses() async throws {
        let server = try CraftedServer { _ in .endlessGzip }
        defer { server.stop() }
        let cap = 8 << 20
        await #expect(throws: HTTPSession.Failure.tooLarge(limit: cap)) {
            try await HTTPSession().send(.init(url: server.url("/endless.gz")), maxBytes: cap)
        }
        #expect(await server.waitFor(.clientClosed(target: "/endless.gz")))
        // About 1 KiB on the wire per decoded MiB: the client stopped within a few of them.
        #expect(server.bytesSent(to: "/endless.gz") < Self.socketBuffers)
    }

    @Test func anAnnouncedLengthOverTheCapStopsBeforeTheBody() async throws {
        let server = try CraftedServer { _ in .stall(contentLength: 10_000_000, sent: Data(count: 10)) }
        defer { server.stop() }
        await #expect(throws: HTTPSession.Failure.tooLarge(limit: 1_000)) {
            try await HTTPSession().send(.init(url: server.url("/big")), maxBytes: 1_000)
        }
        #expect(await server.waitFor(.clientClosed(target: "/big")))
    }

    @Test func aDrippedBodyIsATimeoutAtTheDeadline() async throws {
        // Two minutes of drip: only the client's hang-up ends it early, however slow a loaded
        // machine is to schedule the server's thread or the driver's.
        let server = try CraftedServer { _ in .drip(body: Data(repeating: 0x20, count: 600), interval: .milliseconds(200)) }
        defer { server.stop() }
        // Bytes come five times a second, far inside the idle timeout: only the deadline ends it.
        let session = HTTPSession(timeouts: .init(idle: .seconds(30), deadline: .seconds(1)))
        await #expect {
            try await session.send(.init(url: server.url("/drip")), maxBytes: 1_000)
        } throws: { error in
            guard case .timedOut(let reason) = error as? HTTPSession.Failure else { return false }
            return reason.contains("no whole answer")
        }
        #expect(await server.waitFor(.clientClosed(target: "/drip")))
    }

    @Test func aSilenceLongerThanTheIdleTimeoutIsATimeout() async throws {
        let server = try CraftedServer { _ in .stall(contentLength: 100, sent: Data(count: 10)) }
        defer { server.stop() }
        let session = HTTPSession(timeouts: .init(idle: .milliseconds(300), deadline: .seconds(60)))
        await #expect {
            try await session.send(.init(url: server.url("/silent")), maxBytes: 1_000)
        } throws: { error in
            guard case .timedOut(let reason) = error as? HTTPSession.Failure else { return false }
            return reason.contains("no byte within")
        }
        #expect(await server.waitFor(.clientClosed(target: "/silent")))
    }

    @Test func cancellingTheTaskClosesTheConnection() async throws {
        let server = try CraftedServer { _ in .stall(contentLength: 1_000, sent: Data(count: 10)) }
        defer { server.stop() }
        let url = server.url("/held")
        let task = Task { try await HTTPSession().send(.init(url: url), maxBytes: 10_000) }
        #expect(await server.waitFor(.requested(method: "GET", target: "/held")))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await server.waitFor(.clientClosed(target: "/held")))
    }

    /// Cancelled at every moment (before the send, while it is handed to curl, while it
    /// waits): each ends in `CancellationError`, none waits for ever, and every connection the
    /// server saw is closed.
    @Test func requestsCancelledAtAnyMomentAllEnd() async throws {
        let server = try CraftedServer { _ in .stall(contentLength: 1_000, sent: Data(count: 10)) }
        defer { server.stop() }
        let session = HTTPSession()
        let url = server.url("/held")
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let task = Task {
                        if index % 2 == 0 { withUnsafeCurrentTask { $0?.cancel() } }
                        return try await session.send(.init(url: url), maxBytes: 10_000)
                    }
                    task.cancel()
                    do {
                        _ = try await task.value
                        return false
                    } catch {
                        return error is CancellationError
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 200 && outcomes.allSatisfy { $0 })
        // Every request that reached the server had its connection closed.
        let requested = server.requests.count
        #expect(await server.waitFor(.clientClosed(target: "/held"), times: requested))
    }
}
