import Synchronization

/// Decoded bitmaps in memory, least recently used first out, bounded by their bytes.
///
/// Synchronous and thread-safe so a view can look up its image while it is being laid out,
/// without a hop to the pipeline. Keys are whole requests (URL, target size, mode).
public final class ImageCache: Sendable {
    /// The budget in bytes.
    public let costLimit: Int
    /// The largest single entry: a tenth of the budget, so one hero image cannot flush the
    /// thumbnails of a whole screen.
    public var entryCostLimit: Int { costLimit / 10 }

    private let state: Mutex<LRUList<ImageRequest, Bitmap>>

    /// - Parameter costLimit: the budget in bytes (the pipeline's default is 64 MiB).
    public init(costLimit: Int) {
        self.costLimit = max(0, costLimit)
        state = Mutex(LRUList())
    }

    /// The bitmap for `request`, which becomes the most recently used; nil when absent.
    public subscript(request: ImageRequest) -> Bitmap? {
        state.withLock { $0.value(for: request) }
    }

    /// Stores `bitmap`, evicting least recently used entries until the total fits. A bitmap
    /// over `entryCostLimit` is not stored (and replaces nothing).
    public func insert(_ bitmap: Bitmap, for request: ImageRequest) {
        let cost = bitmap.cost
        guard cost <= entryCostLimit else { return }
        let limit = costLimit
        state.withLock { list in
            list.insert(bitmap, cost: cost, for: request)
            list.evict(toCost: limit)
        }
    }

    /// Removes one entry.
    public func remove(_ request: ImageRequest) {
        state.withLock { _ = $0.remove(request) }
    }

    /// Empties the cache (on a memory warning, say).
    public func removeAll() {
        state.withLock { $0.removeAll() }
    }

    /// The bytes held now.
    public var totalCost: Int { state.withLock { $0.totalCost } }

    /// The number of entries.
    public var count: Int { state.withLock { $0.count } }
}
