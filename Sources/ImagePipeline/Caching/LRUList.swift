/// A dictionary that remembers use order and the cost of each entry: O(1) lookup, insert and
/// removal of the least recently used. Not thread-safe; its owners put it behind a lock.
struct LRUList<Key: Hashable, Value> {
    private final class Node {
        let key: Key
        var value: Value
        var cost: Int
        var newer: Node?
        weak var older: Node?

        init(key: Key, value: Value, cost: Int) {
            self.key = key
            self.value = value
            self.cost = cost
        }
    }

    private var nodes: [Key: Node] = [:]
    private var newest: Node?
    private var oldest: Node?
    private(set) var totalCost = 0

    var count: Int { nodes.count }

    /// The value, marked as just used.
    mutating func value(for key: Key) -> Value? {
        guard let node = nodes[key] else { return nil }
        moveToNewest(node)
        return node.value
    }

    /// Inserts or replaces, as the most recently used.
    mutating func insert(_ value: Value, cost: Int, for key: Key) {
        if let node = nodes[key] {
            totalCost += cost - node.cost
            node.value = value
            node.cost = cost
            moveToNewest(node)
            return
        }
        let node = Node(key: key, value: value, cost: cost)
        nodes[key] = node
        totalCost += cost
        link(node)
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let node = nodes.removeValue(forKey: key) else { return nil }
        unlink(node)
        totalCost -= node.cost
        return node.value
    }

    /// Removes least recently used entries until the total cost is at most `limit`.
    mutating func evict(toCost limit: Int) {
        while totalCost > limit, let victim = oldest {
            remove(victim.key)
        }
    }

    /// Keys from least to most recently used.
    var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var node = oldest
        while let current = node {
            keys.append(current.key)
            node = current.newer
        }
        return keys
    }

    mutating func removeAll() {
        // Newer links are strong: break the chain so nodes are freed at once.
        var node = oldest
        while let current = node {
            node = current.newer
            current.newer = nil
        }
        nodes.removeAll()
        newest = nil
        oldest = nil
        totalCost = 0
    }

    private mutating func link(_ node: Node) {
        node.older = newest
        node.newer = nil
        newest?.newer = node
        newest = node
        if oldest == nil { oldest = node }
    }

    private mutating func unlink(_ node: Node) {
        let older = node.older, newer = node.newer
        older?.newer = newer
        newer?.older = older
        if newest === node { newest = older }
        if oldest === node { oldest = newer }
        node.older = nil
        node.newer = nil
    }

    private mutating func moveToNewest(_ node: Node) {
        guard newest !== node else { return }
        unlink(node)
        link(node)
    }
}
