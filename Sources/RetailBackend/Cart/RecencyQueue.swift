/// Keys in the order they were last touched, with the least recent one at hand.
///
/// Touching appends a stamped entry instead of moving one, so every operation is amortised
/// O(1); entries whose stamp is no longer their key's are stale and skipped, and dropped once
/// they outnumber the live ones.
struct RecencyQueue<Key: Hashable & Sendable>: Sendable {
    private var stamps: [Key: Int] = [:]
    private var order: [(key: Key, stamp: Int)] = []
    private var head = 0
    private var nextStamp = 0

    var count: Int { stamps.count }

    func contains(_ key: Key) -> Bool { stamps[key] != nil }

    /// Marks a key as the most recent, adding it if it is new.
    mutating func touch(_ key: Key) {
        stamps[key] = nextStamp
        order.append((key, nextStamp))
        nextStamp += 1
        compactIfStale()
    }

    mutating func remove(_ key: Key) {
        stamps[key] = nil
        compactIfStale()
    }

    /// Removes and returns the least recently touched key.
    mutating func popOldest() -> Key? {
        while head < order.count {
            let entry = order[head]
            head += 1
            if stamps[entry.key] == entry.stamp {
                stamps[entry.key] = nil
                return entry.key
            }
        }
        return nil
    }

    private mutating func compactIfStale() {
        guard order.count - head > 2 * stamps.count + 64 else { return }
        order = order[head...].filter { stamps[$0.key] == $0.stamp }
        head = 0
    }
}
