import Foundation
import Testing
import TestSupport

@testable import ImagePipeline

/// The loader against a crafted server on the loopback.
@Suite("DataLoader")
struct DataLoaderTests {
    let loader = DataLoader()

    @Test func returnsTheBody() async throws {
        let bytes = Data(0..<200)
        let server = try CraftedServer { _ in .respond(status: 200, body: bytes) }
        defer { server.stop() }
        #expect(try await loader.data(for: server.url("/image"), maxBytes: 1_000) == bytes)
    }

    @Test func stopsABodyOverTheLimit() async throws {
        // Chunked, so no announced length: the body itself crosses the limit.
        let server = try CraftedServer { _ in .endlessChunks(chunk: Data(repeating: 7, count: 64)) }
        defer { server.stop() }
        await #expect(throws: ImagePipeline.Error.downloadTooLarge(limit: 100)) {
            try await loader.data(for: server.url("/image"), maxBytes: 100)
        }
    }

    @Test func anAlreadyCancelledTaskIsCancelled() async throws {
        let server = try CraftedServer { _ in .respond(status: 200, body: Data([1, 2, 3])) }
        defer { server.stop() }
        let url = server.url("/image")
        let loader = loader
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await loader.data(for: url, maxBytes: 100)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.requests.isEmpty)
    }

    /// Cancelled before it starts, many at once: each ends in CancellationError and none
    /// waits for ever (a cancellation that came before the transfer was known once left its
    /// download, and the whole test run, waiting).
    @Test func manyDownloadsCancelledBeforeTheyStartAllEnd() async throws {
        let server = try CraftedServer { _ in .respond(status: 200, body: Data([1, 2, 3])) }
        defer { server.stop() }
        let url = server.url("/image")
        let loader = loader
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<500 {
                group.addTask {
                    let task = Task {
                        withUnsafeCurrentTask { $0?.cancel() }
                        return try await loader.data(for: url, maxBytes: 100)
                    }
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
        #expect(outcomes.count == 500)
        #expect(outcomes.allSatisfy { $0 })
    }
}

/// The loader against a real socket on the loopback interface.
@Suite("DataLoader over HTTP")
struct DataLoaderHTTPTests {
    let server: LoopbackServer
    let loader = DataLoader()

    init() throws {
        server = try LoopbackServer(body: Data("image bytes".utf8))
    }

    @Test func downloadsTheBody() async throws {
        defer { server.stop() }
        #expect(try await loader.data(for: server.url("/ok"), maxBytes: 1_000) == Data("image bytes".utf8))
    }

    @Test func aNon2xxStatusIsANetworkError() async {
        defer { server.stop() }
        await #expect(throws: ImagePipeline.Error.network(status: 404)) {
            try await loader.data(for: server.url("/missing"), maxBytes: 1_000)
        }
    }

    @Test func anAnnouncedLengthOverTheLimitStopsTheTransfer() async {
        defer { server.stop() }
        await #expect(throws: ImagePipeline.Error.downloadTooLarge(limit: 1_000)) {
            try await loader.data(for: server.url("/big"), maxBytes: 1_000)
        }
    }

    @Test func cancellingTheTaskClosesTheConnection() async throws {
        defer { server.stop() }
        let url = server.url("/hang")
        let loader = loader
        let task = Task { try await loader.data(for: url, maxBytes: 10_000) }
        #expect(await server.next() == .requested("/hang"))
        task.cancel()
        #expect(await server.next() == .clientClosed("/hang"))
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
