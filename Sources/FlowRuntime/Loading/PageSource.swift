import Foundation

/// One answer to a page request: the bytes and whether they come from a cache.
public struct PageUpdate: Sendable, Hashable {
    /// Where an update's bytes come from.
    public enum Origin: String, Sendable, Hashable {
        /// A stored copy, shown while the fresh one is on its way.
        case cached
        /// Straight from the backend.
        case fresh
    }

    public var data: Data
    public var origin: Origin
    /// When a cached copy was saved, when the cache knows (a screen says how old it is).
    public var savedAt: Date?

    public init(data: Data, origin: Origin, savedAt: Date? = nil) {
        self.data = data
        self.origin = origin
        self.savedAt = savedAt
    }
}

/// A source that may answer one request more than once: a cached page first, a fresh one
/// after it (the retail repository's cache-first stream plugs in here).
///
/// Updates arrive in order; the stream finishes after the last one or throws. A `PageStore`
/// applies each update that is still current, so a fresh page replaces the cached one.
public protocol PageSource: Sendable {
    /// The updates answering `request`. Cancelling the consuming task cancels the work.
    func updates(for request: PageRequest) -> AsyncThrowingStream<PageUpdate, any Error>
}

/// Adapts a plain `PageLoader` into a `PageSource` whose streams hold one fresh update.
public struct LoaderPageSource: PageSource {
    public let loader: any PageLoader

    public init(_ loader: any PageLoader) {
        self.loader = loader
    }

    public func updates(for request: PageRequest) -> AsyncThrowingStream<PageUpdate, any Error> {
        let loader = self.loader
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let data = try await loader.loadPage(request)
                    continuation.yield(PageUpdate(data: data, origin: .fresh))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            // Ordering: the consumer cancelling (or dropping) the stream cancels the load.
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
