import Foundation
import HTTPTransport

/// Loads the images of a page: memory cache, disk cache, one download per URL, one decode per
/// request, and decoding straight to the size a view needs.
///
/// An actor coordinates; the decode and resample run off it, on the cooperative pool, so the
/// actor only ever does bookkeeping. Requests that arrive while the same work is in flight
/// join it. Requests for one URL at different sizes share the download and decode separately.
///
/// Order of a request: memory cache → joins or starts the decode for its key → which joins or
/// starts the download for its URL → which reads the disk cache, else the loader.
public actor ImagePipeline {
    /// The configuration it was made with.
    public nonisolated let configuration: Configuration
    /// Decoded bitmaps by request; views may read it synchronously.
    public nonisolated let memoryCache: ImageCache
    /// Downloaded bytes by `Configuration.diskCacheKey`; nil when disabled or when the
    /// directory cannot be used.
    public nonisolated let diskCache: DiskCache?

    private let loader: any DataLoading
    private let downloads = SharedTasks<URL, Data>()
    private let decodes = SharedTasks<ImageRequest, Bitmap>()
    private var nextWaiter = 0
    /// Decodes running now: a decode may split a large JPEG over two threads only when it is
    /// the one running (see `decodeStrategy`).
    private var decodesRunning = 0

    /// - Parameters:
    ///   - configuration: limits and caches; see `Configuration` for the defaults.
    ///   - loader: where bytes come from; a `DataLoader` (over `HTTPSession`) by default.
    public init(configuration: Configuration = Configuration(), loader: any DataLoading = DataLoader()) {
        self.configuration = configuration
        self.loader = loader
        memoryCache = ImageCache(costLimit: configuration.memoryCacheLimit)
        // A disk cache that cannot open (read-only directory, say) is simply not used.
        diskCache = configuration.diskCacheDirectory.flatMap {
            try? DiskCache(directory: $0, sizeLimit: configuration.diskCacheLimit)
        }
    }

    /// The bitmap for `request`: at most its target size, RGBA8 premultiplied (see `Bitmap`).
    ///
    /// Cancelling the calling task answers `.cancelled` at once; the shared work goes on while
    /// anyone else waits for it.
    public func image(for request: ImageRequest) async throws(ImagePipeline.Error) -> Bitmap {
        guard request.targetSize.width > 0, request.targetSize.height > 0 else {
            throw .invalidRequest("target size \(request.targetSize) has no area")
        }
        // Refused before any cache: the URL is the caches' key and is written into the disk
        // cache's files, and the loader would send the credentials.
        guard !URLCredentials.present(in: request.url) else {
            throw .invalidRequest("the URL carries credentials (user:password@)")
        }
        if let cached = memoryCache[request] { return cached }
        do {
            return try await decoded(request)
        } catch {
            throw ImagePipeline.Error(error)
        }
    }

    /// The memory cache's bitmap for `request`, without loading: for a view's first layout.
    public nonisolated func cachedImage(for request: ImageRequest) -> Bitmap? {
        memoryCache[request]
    }

    // MARK: - Decodes, one per request key

    private func decoded(_ request: ImageRequest) async throws -> Bitmap {
        let waiter = makeWaiter()
        let priority = Task.currentPriority
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // A cancellation that came before this point found no waiter to remove.
                guard !Task.isCancelled else { return continuation.resume(throwing: Error.cancelled) }
                guard let generation = decodes.join(request, waiter: waiter, continuation: continuation) else {
                    // Joined work in flight, maybe a prefetch's at low priority: it runs at this
                    // waiter's priority from now on, its download too.
                    Self.raise(decodes.task(for: request), to: priority)
                    Self.raise(downloads.task(for: request.url), to: priority)
                    return
                }
                let task = Task(priority: priority) { await self.runDecode(request, generation: generation) }
                decodes.start(task, for: request, generation: generation)
            }
        } onCancel: {
            Task { await self.cancel(waiter: waiter) }
        }
    }

    private func runDecode(_ request: ImageRequest, generation: Int) async {
        let result: Result<Bitmap, any Swift.Error>
        do {
            let data = try await downloaded(request.url)
            try Task.checkCancellation()
            decodesRunning += 1
            defer { decodesRunning -= 1 }
            let bitmap = try await Self.decode(
                data, request: request, maxPixelCount: configuration.maxPixelCount,
                strategy: Self.decodeStrategy(decodesRunning: decodesRunning))
            // Ordering: cached before the waiters hear, so a request right after them hits it.
            memoryCache.insert(bitmap, for: request)
            result = .success(bitmap)
        } catch {
            result = .failure(error)
        }
        decodes.finish(request, generation: generation, with: result)
    }

    /// Raises work in flight to the priority of a waiter that joined it (a view joining a
    /// prefetch): work runs at its first waiter's priority, and a continuation that waits for
    /// it raises nothing by itself. Swift can raise a task's priority from iOS 26 and macOS 26;
    /// before, the work keeps the priority it started with.
    private static func raise(_ task: Task<Void, Never>?, to priority: TaskPriority) {
        guard let task else { return }
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            task.escalatePriority(to: priority)
        }
    }

    /// One decode alone may take a second thread for a large JPEG (the time to the image
    /// shrinks); with others running, the pool's threads already keep the cores busy and a
    /// second thread would only add switching.
    static func decodeStrategy(decodesRunning: Int) -> ImageDecoder.Strategy {
        decodesRunning <= 1 ? .targetSize : .targetSizeOnOneThread
    }

    /// Decoding is CPU-bound: it runs on the concurrent pool, never on the actor.
    @concurrent
    private static func decode(
        _ data: Data, request: ImageRequest, maxPixelCount: Int, strategy: ImageDecoder.Strategy
    ) async throws -> Bitmap {
        try ImageDecoder.decode(
            data, targetSize: request.targetSize, contentMode: request.contentMode, maxPixelCount: maxPixelCount,
            strategy: strategy
        ).bitmap
    }

    // MARK: - Downloads, one per URL

    private func downloaded(_ url: URL) async throws -> Data {
        let waiter = makeWaiter()
        // The caller's priority as it is now, raised by a waiter that joined it: a new task
        // started plainly would take the caller's base priority.
        let priority = Task.currentPriority
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard !Task.isCancelled else { return continuation.resume(throwing: Error.cancelled) }
                guard let generation = downloads.join(url, waiter: waiter, continuation: continuation) else {
                    // A download in flight for another size of the same picture, maybe a
                    // prefetch's: it runs at this decode's priority from now on.
                    Self.raise(downloads.task(for: url), to: priority)
                    return
                }
                let task = Task(priority: priority) { await self.runDownload(url, generation: generation) }
                downloads.start(task, for: url, generation: generation)
            }
        } onCancel: {
            Task { await self.cancel(waiter: waiter) }
        }
    }

    private func runDownload(_ url: URL, generation: Int) async {
        let result: Result<Data, any Swift.Error>
        do {
            result = .success(try await fetch(url))
        } catch {
            result = .failure(error)
        }
        downloads.finish(url, generation: generation, with: result)
    }

    private func fetch(_ url: URL) async throws -> Data {
        let key = configuration.diskCacheKey(url)
        if let cached = await diskCache?.data(for: key) { return cached }
        let limit = configuration.maxDownloadBytes
        let data = try await loader.data(for: url, maxBytes: limit)
        guard data.count <= limit else { throw Error.downloadTooLarge(limit: limit) }
        // Only bytes that look like an image we can decode are worth keeping.
        if ImageFormat(sniffing: data).isDecodable { await diskCache?.store(data, for: key) }
        return data
    }

    // MARK: - Waiters

    private func makeWaiter() -> Int {
        nextWaiter += 1
        return nextWaiter
    }

    private func cancel(waiter: Int) {
        decodes.cancel(waiter: waiter)
        downloads.cancel(waiter: waiter)
    }

    /// How many callers wait for `request`'s decode (tests use it to know all have joined).
    func waiterCount(for request: ImageRequest) -> Int {
        decodes.waiterCount(for: request)
    }

    /// How many decodes wait for the download of `url`.
    func downloadWaiterCount(for url: URL) -> Int {
        downloads.waiterCount(for: url)
    }

    /// How many downloads and decodes are in flight.
    func inFlightCount() -> (downloads: Int, decodes: Int) {
        (downloads.inFlightCount, decodes.inFlightCount)
    }
}
