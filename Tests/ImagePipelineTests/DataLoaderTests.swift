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
}
