import Foundation
import Testing

@testable import ImagePipeline

@Suite("ImagePipeline: coalescing and caching")
struct ImagePipelineCoalescingTests {
    let url = URL(string: "https://images.example/hero.jpg")!
    let jpeg: Data

    init() throws {
        jpeg = try TestImages.jpeg(width: 320, height: 240) { x, y in (UInt8(x & 255), UInt8(y & 255), 128) }
    }

    @Test func tenConcurrentRequestsShareOneDownloadAndOneDecode() async throws {
        let loader = GatedLoader(body: jpeg)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 64, height: 64), contentMode: .fit)
        let tasks = (0..<10).map { _ in Task { try await pipeline.image(for: request) } }
        #expect(await eventually { await pipeline.waiterCount(for: request) == 10 })
        loader.release()
        var bitmaps: [Bitmap] = []
        for task in tasks { bitmaps.append(try await task.value) }
        #expect(loader.callCount == 1)
        #expect(Set(bitmaps).count == 1)
        #expect(bitmaps.first?.size == PixelSize(width: 64, height: 48))
    }

    @Test func differentSizesOfOneURLShareTheDownloadOnly() async throws {
        let loader = GatedLoader(body: jpeg)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let thumbnail = ImageRequest(url: url, targetSize: PixelSize(width: 32, height: 32), contentMode: .fill)
        let hero = ImageRequest(url: url, targetSize: PixelSize(width: 160, height: 90), contentMode: .fill)
        let small = Task { try await pipeline.image(for: thumbnail) }
        let large = Task { try await pipeline.image(for: hero) }
        #expect(await eventually { await pipeline.downloadWaiterCount(for: url) == 2 })
        loader.release()
        #expect(try await small.value.size == PixelSize(width: 32, height: 32))
        #expect(try await large.value.size == PixelSize(width: 160, height: 90))
        #expect(loader.callCount == 1)
    }

    @Test func aFinishedImageIsServedFromMemory() async throws {
        let loader = CountingLoader(data: jpeg)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 50, height: 50))
        let first = try await pipeline.image(for: request)
        let second = try await pipeline.image(for: request)
        #expect(first == second)
        #expect(loader.callCount == 1)
        #expect(pipeline.cachedImage(for: request) == first)
        // Another size is another memory entry, and (without a disk cache) another download.
        _ = try await pipeline.image(for: ImageRequest(url: url, targetSize: PixelSize(width: 20, height: 20)))
        #expect(loader.callCount == 2)
        #expect(pipeline.memoryCache.count == 2)
    }

    @Test func theDiskCacheServesANewPipeline() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-pipeline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ImagePipeline.Configuration { $0.diskCacheDirectory = directory }
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 40, height: 40))
        let online = CountingLoader(data: jpeg)
        let expected = try await ImagePipeline(configuration: configuration, loader: online).image(for: request)
        let offline = CountingLoader { _ in throw ImagePipeline.Error.network(status: 503) }
        let later = ImagePipeline(configuration: configuration, loader: offline)
        #expect(try await later.image(for: request) == expected)
        #expect(offline.callCount == 0)
    }

    /// A host whose address changes (a backend on another port each launch) keyed by the path:
    /// the next pipeline reads the same file, offline, and the directory keeps one file.
    @Test func aDiskCacheKeyedByPathServesTheSamePictureFromAnotherPort() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-pipeline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ImagePipeline.Configuration {
            $0.diskCacheDirectory = directory
            $0.diskCacheKey = { $0.path }
        }
        let first = URL(string: "http://127.0.0.1:40001/v1/images/a.jpg")!, second = URL(string: "http://127.0.0.1:40002/v1/images/a.jpg")!
        let expected = try await ImagePipeline(configuration: configuration, loader: CountingLoader(data: jpeg))
            .image(for: ImageRequest(url: first, targetSize: PixelSize(width: 40, height: 40)))
        let offline = CountingLoader { _ in throw ImagePipeline.Error.network(status: 503) }
        let later = ImagePipeline(configuration: configuration, loader: offline)
        #expect(try await later.image(for: ImageRequest(url: second, targetSize: PixelSize(width: 40, height: 40))) == expected)
        #expect(offline.callCount == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
    }

    @Test func errorsReachEveryWaiterAndAreNotCached() async throws {
        let loader = CountingLoader { _ in throw ImagePipeline.Error.network(status: 404) }
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 10, height: 10))
        await #expect(throws: ImagePipeline.Error.network(status: 404)) { try await pipeline.image(for: request) }
        await #expect(throws: ImagePipeline.Error.network(status: 404)) { try await pipeline.image(for: request) }
        #expect(loader.callCount == 2)
    }

    @Test func aBodyOverTheDownloadLimitIsRefused() async {
        let loader = CountingLoader(data: jpeg)
        let pipeline = ImagePipeline(configuration: .init { $0.diskCacheDirectory = nil; $0.maxDownloadBytes = 100 }, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 10, height: 10))
        await #expect(throws: ImagePipeline.Error.downloadTooLarge(limit: 100)) { try await pipeline.image(for: request) }
    }

    @Test func unsupportedBytesGiveATypedError() async throws {
        let loader = CountingLoader(data: Data("GIF89a".utf8) + Data(repeating: 0, count: 32))
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 10, height: 10))
        await #expect(throws: ImagePipeline.Error.unsupportedFormat("gif")) { try await pipeline.image(for: request) }
    }

    @Test func aTargetWithoutAreaIsRefusedBeforeLoading() async {
        let loader = CountingLoader(data: jpeg)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 0, height: 10))
        await #expect(throws: ImagePipeline.Error.self) { try await pipeline.image(for: request) }
        #expect(loader.callCount == 0)
    }
}
