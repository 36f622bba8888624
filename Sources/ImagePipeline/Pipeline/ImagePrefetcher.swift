import Synchronization

/// Loads images before a view asks for them, so a scroll finds them decoded (as Nuke's
/// `ImagePrefetcher`): each request is a low-priority task through the pipeline, sharing its
/// download, decode and caches with the view that later asks for the same request. Stopping a
/// request cancels its task, and the pipeline drops the work when no view waits for it.
public final class ImagePrefetcher: Sendable {
    private struct Running {
        var tasks: [ImageRequest: (id: Int, task: Task<Void, Never>)] = [:]
        var nextID = 0
    }

    private let pipeline: ImagePipeline
    private let running = Mutex(Running())

    public init(pipeline: ImagePipeline) {
        self.pipeline = pipeline
    }

    /// Starts loading each request not already loading or in the memory cache.
    public func startPrefetching(_ requests: some Sequence<ImageRequest>) {
        for request in Array(requests) where pipeline.cachedImage(for: request) == nil {
            running.withLock { running in
                guard running.tasks[request] == nil else { return }
                running.nextID += 1
                let id = running.nextID
                let pipeline = self.pipeline
                let task = Task(priority: .low) { [weak self] in
                    _ = try? await pipeline.image(for: request)
                    self?.finished(request, id: id)
                }
                running.tasks[request] = (id, task)
            }
        }
    }

    /// Stops loading each request (they scrolled away).
    public func stopPrefetching(_ requests: some Sequence<ImageRequest>) {
        // Read before the lock: a lazy sequence may ask this prefetcher as it is walked.
        let requests = Array(requests)
        let stopped = running.withLock { running in requests.compactMap { running.tasks.removeValue(forKey: $0)?.task } }
        for task in stopped { task.cancel() }
    }

    /// Stops every load.
    public func stopAll() {
        let stopped = running.withLock { running in
            defer { running.tasks = [:] }
            return running.tasks.values.map(\.task)
        }
        for task in stopped { task.cancel() }
    }

    /// The requests loading now.
    public var loading: Set<ImageRequest> {
        running.withLock { Set($0.tasks.keys) }
    }

    private func finished(_ request: ImageRequest, id: Int) {
        running.withLock { running in
            // A request stopped and started again is another task: only its own end removes it.
            if running.tasks[request]?.id == id { running.tasks[request] = nil }
        }
    }

    deinit {
        for entry in running.withLock({ $0.tasks.values }) { entry.task.cancel() }
    }
}
