/// A dictionary that forgets its least recently written keys beyond `capacity`.
///
/// The backend keeps per-client state (carts, idempotency keys, seen event ids) keyed by
/// what clients send; bounding it keeps a hostile client from growing memory without end.
/// Every write counts as a use, so an active shopper's cart outlives an idle one's.
struct BoundedDictionary<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private var storage: [Key: (value: Value, stamp: Int)] = [:]
    /// Writes in order; an entry whose stamp is no longer its key's is stale and skipped.
    private var order: [(key: Key, stamp: Int)] = []
    private var head = 0
    private var nextStamp = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { storage.count }

    /// The values, in no particular order.
    var values: [Value] { storage.values.map(\.value) }

    subscript(key: Key) -> Value? {
        storage[key]?.value
    }

    /// Sets a value and marks the key as just used; the least recently written keys beyond
    /// the capacity are forgotten.
    mutating func set(_ value: Value, for key: Key) {
        let stamp = nextStamp
        nextStamp += 1
        storage[key] = (value, stamp)
        order.append((key, stamp))
        while storage.count > capacity, head < order.count {
            let oldest = order[head]
            head += 1
            if storage[oldest.key]?.stamp == oldest.stamp {
                storage[oldest.key] = nil
            }
        }
        // Drop consumed and stale entries once they outnumber the live ones.
        if order.count - head > 2 * storage.count + 1024 || head > 1024 && head * 2 > order.count {
            order = order[head...].filter { storage[$0.key]?.stamp == $0.stamp }
            head = 0
        }
    }
}
