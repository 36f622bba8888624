import Foundation
import Testing

@testable import ImagePipeline

@Suite("ImagePipeline: cancellation")
struct ImagePipelineCancellationTests {
    let url = URL(string: "https://images.example/tile.png")!
    let png: Data

    init() throws {
        png = try TestImages.png(width: 64, height: 64) { _, _ in (10, 200, 30, 255) }
    }

    @Test func whenEveryWaiterCancelsTheDownloadIsCancelled() async throws {
        let loader = GatedLoader(body: png)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 16, height: 16))
        let tasks = (0..<3).map { _ in Task { try await pipeline.image(for: request) } }
        #expect(await loader.next() == .started(url))
        #expect(await eventually { await pipeline.waiterCount(for: request) == 3 })
        for task in tasks { task.cancel() }
        #expect(await loader.next() == .cancelled(url))
        for task in tasks {
            await #expect(throws: ImagePipeline.Error.cancelled) { try await task.value }
        }
        #expect(loader.cancellationCount == 1)
        #expect(await eventually { await pipeline.inFlightCount() == (0, 0) })
    }

    @Test func oneWaiterThatStaysStillGetsTheImage() async throws {
        let loader = GatedLoader(body: png)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 16, height: 16))
        let leaving = Task { try await pipeline.image(for: request) }
        let staying = Task { try await pipeline.image(for: request) }
        #expect(await loader.next() == .started(url))
        #expect(await eventually { await pipeline.waiterCount(for: request) == 2 })
        leaving.cancel()
        // The cancelled caller is answered at once, while the download goes on.
        await #expect(throws: ImagePipeline.Error.cancelled) { try await leaving.value }
        loader.release()
        let bitmap = try await staying.value
        #expect(bitmap.size == PixelSize(width: 16, height: 16))
        #expect(bitmap.pixel(x: 8, y: 8) == RGBA(red: 10, green: 200, blue: 30))
        #expect(loader.cancellationCount == 0)
        #expect(loader.callCount == 1)
    }

    @Test func aSizeStillWantedKeepsTheSharedDownloadAlive() async throws {
        let loader = GatedLoader(body: png)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let small = ImageRequest(url: url, targetSize: PixelSize(width: 8, height: 8))
        let large = ImageRequest(url: url, targetSize: PixelSize(width: 32, height: 32))
        let leaving = Task { try await pipeline.image(for: small) }
        let staying = Task { try await pipeline.image(for: large) }
        #expect(await eventually { await pipeline.downloadWaiterCount(for: url) == 2 })
        leaving.cancel()
        await #expect(throws: ImagePipeline.Error.cancelled) { try await leaving.value }
        #expect(await eventually { await pipeline.downloadWaiterCount(for: url) == 1 })
        loader.release()
        #expect(try await staying.value.size == PixelSize(width: 32, height: 32))
        #expect(loader.cancellationCount == 0)
    }

    @Test func aRequestAfterACancelledOneStartsAfresh() async throws {
        let loader = GatedLoader(body: png)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 16, height: 16))
        let first = Task { try await pipeline.image(for: request) }
        #expect(await loader.next() == .started(url))
        first.cancel()
        #expect(await loader.next() == .cancelled(url))
        loader.release()
        #expect(try await pipeline.image(for: request).size == PixelSize(width: 16, height: 16))
        #expect(loader.callCount == 2)
    }

    @Test func anAlreadyCancelledCallerLoadsNothing() async throws {
        let loader = CountingLoader(data: png)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 16, height: 16))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pipeline.image(for: request)
        }
        await #expect(throws: ImagePipeline.Error.cancelled) { try await task.value }
        #expect(loader.callCount == 0)
    }
}
