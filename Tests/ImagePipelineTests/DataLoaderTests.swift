import Foundation
import Testing

@testable import ImagePipeline

/// The URLSession loader, exercised without a network through `data:` URLs.
@Suite("DataLoader")
struct DataLoaderTests {
    let loader = DataLoader()

    func dataURL(_ bytes: [UInt8]) -> URL {
        URL(string: "data:application/octet-stream;base64," + Data(bytes).base64EncodedString())!
    }

    @Test func returnsTheBody() async throws {
        let bytes: [UInt8] = Array(0..<200)
        #expect(try await loader.data(for: dataURL(bytes), maxBytes: 1_000) == Data(bytes))
    }

    @Test func stopsABodyOverTheLimit() async {
        await #expect(throws: ImagePipeline.Error.downloadTooLarge(limit: 100)) {
            try await loader.data(for: dataURL(Array(repeating: 7, count: 200)), maxBytes: 100)
        }
    }

    @Test func anAlreadyCancelledTaskIsCancelled() async {
        let url = dataURL([1, 2, 3])
        let loader = loader
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await loader.data(for: url, maxBytes: 100)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// Cancelled before it starts, many at once: each ends in CancellationError. Before the
    /// URLSession task was cancelled only once its delegate knew it, a cancellation that came
    /// first could deliver the completion to a delegate that dropped it, and the download
    /// waited for ever (and with it the whole test run).
    @Test func manyDownloadsCancelledBeforeTheyStartAllEnd() async {
        let url = dataURL([1, 2, 3])
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

/// The URLSession loader against a real socket on the loopback interface.
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
