/// A dictionary that forgets its oldest insertions beyond `capacity`.
///
/// The backend keeps per-client state (carts, idempotency keys, seen event ids) keyed by
/// what clients send; bounding it keeps a hostile client from growing memory without end.
/// First-in first-out rather than LRU: cheap, and good enough for state that is written
/// once and read back soon (retries).
struct BoundedDictionary<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private var storage: [Key: Value] = [:]
    private var order: [Key] = []
    private var head = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { storage.count }

    subscript(key: Key) -> Value? {
        storage[key]
    }

    /// Sets a value; a new key may push out the oldest ones.
    mutating func set(_ value: Value, for key: Key) {
        if storage.updateValue(value, forKey: key) == nil {
            order.append(key)
        }
        while storage.count > capacity, head < order.count {
            storage[order[head]] = nil
            head += 1
        }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
