import Foundation
import Testing

@testable import ImagePipeline

/// Images loaded ahead of the views that will show them, and let go when they scroll away.
@Suite("ImagePipeline: prefetching")
struct ImagePrefetcherTests {
    let url = URL(string: "https://images.example/next.png")!
    let png: Data

    init() throws {
        png = try TestImages.png(width: 64, height: 64) { _, _ in (10, 200, 30, 255) }
    }

    @Test func aPrefetchedImageIsInTheMemoryCacheAndTheViewsRequestJoinsIt() async throws {
        let loader = GatedLoader(body: png)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 16, height: 16))
        prefetcher.startPrefetching([request, request])
        prefetcher.startPrefetching([request])
        #expect(await loader.next() == .started(url))
        #expect(prefetcher.loading == [request], "one load, however often asked")
        // The view asks while the prefetch runs: it joins the same work.
        let view = Task { try await pipeline.image(for: request) }
        #expect(await eventually { await pipeline.waiterCount(for: request) == 2 })
        loader.release()
        #expect(try await view.value.width == 16)
        #expect(loader.callCount == 1)
        #expect(pipeline.cachedImage(for: request) != nil, "cached before any waiter hears")
        let later = ImagePrefetcher(pipeline: pipeline)
        later.startPrefetching([request])
        #expect(later.loading.isEmpty, "a cached image is not loaded again")
    }

    /// A view that joins a low-priority prefetch raises it to the view's priority: its download
    /// answers at the view's priority, not the prefetch's.
    @Test func aViewJoiningAPrefetchRaisesItToTheViewsPriority() async throws {
        let (loader, pipeline, prefetcher, request) = await prefetching()
        let view = Task(priority: .high) { try await pipeline.image(for: request) }
        #expect(await eventually { await pipeline.waiterCount(for: request) == 2 })
        loader.release()
        #expect(try await view.value.width == 16)
        #expect(loader.prioritiesAnswered == [.high])
        withExtendedLifetime(prefetcher) {}
    }

    /// A view of the same picture at another size makes its own decode but shares the
    /// prefetch's download (one a URL): that download answers at the view's priority too.
    @Test func aViewOfAnotherSizeRaisesThePrefetchsDownloadItShares() async throws {
        let (loader, pipeline, prefetcher, _) = await prefetching()
        let large = ImageRequest(url: url, targetSize: PixelSize(width: 32, height: 32))
        let view = Task(priority: .high) { try await pipeline.image(for: large) }
        #expect(await eventually { await pipeline.downloadWaiterCount(for: url) == 2 })
        #expect(loader.callCount == 1, "one download for the URL, shared")
        loader.release()
        #expect(try await view.value.width == 32)
        #expect(loader.prioritiesAnswered == [.high])
        withExtendedLifetime(prefetcher) {}
    }

    @Test func aPrefetchNoViewJoinsStaysAtLowPriority() async throws {
        let (loader, pipeline, prefetcher, _) = await prefetching()
        loader.release()
        #expect(await loader.next() == .answered(url))
        #expect(loader.prioritiesAnswered == [.low])
        withExtendedLifetime((pipeline, prefetcher)) {}
    }

    /// A prefetch of a 16 × 16 request whose download has started and waits for `release()`.
    func prefetching() async -> (GatedLoader, ImagePipeline, ImagePrefetcher, ImageRequest) {
        let loader = GatedLoader(body: png)
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: 16, height: 16))
        prefetcher.startPrefetching([request])
        #expect(await loader.next() == .started(url))
        return (loader, pipeline, prefetcher, request)
    }

    @Test func stoppingAPrefetchNoViewWaitsForCancelsItsDownload() async throws {
        let (loader, pipeline, prefetcher, request) = await prefetching()
        prefetcher.stopPrefetching([request])
        #expect(await loader.next() == .cancelled(url))
        #expect(prefetcher.loading.isEmpty)
        #expect(await eventually { await pipeline.inFlightCount() == (0, 0) })
        #expect(pipeline.cachedImage(for: request) == nil)
    }

    @Test func stoppingWithALazySequenceThatAsksTheLoadingSetDoesNotDeadlock() async throws {
        let (loader, _, prefetcher, request) = await prefetching()
        prefetcher.stopPrefetching([request].lazy.filter { prefetcher.loading.contains($0) })
        #expect(prefetcher.loading.isEmpty)
        loader.release()
    }

    @Test func stoppingAPrefetchAViewWaitsForLetsTheViewHaveIt() async throws {
        let (loader, pipeline, prefetcher, request) = await prefetching()
        let view = Task { try await pipeline.image(for: request) }
        #expect(await eventually { await pipeline.waiterCount(for: request) == 2 })
        prefetcher.stopAll()
        loader.release()
        #expect(try await view.value.width == 16, "the view's own request goes on")
        #expect(loader.cancellationCount == 0)
    }
}
