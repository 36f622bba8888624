/// Every shopper's cart and idempotency keys, bounded so that no client can push out the
/// carts of active shoppers, at other addresses or at its own (docs/backend.md, "Bounds").
///
/// Each shopper record belongs to the client address that created it, and is ordered within
/// that address by its last activity (a change, or a read of the cart). New shoppers are
/// rate-limited per address (`NewShopperAllowance`, in `CartService`). When the book holds
/// `capacity` shoppers, a new one forgets the least recently active shopper of the address
/// holding the most: the heaviest address pays first, so
/// - a shopper at another address than a flood is forgotten only once every address is down
///   to as few shoppers as theirs, which takes `capacity` distinct addresses for a shopper
///   alone at theirs;
/// - a shopper at the flood's own address (a NAT it shares) is forgotten only once every
///   shopper of that address created or active after them has gone first, which the
///   per-address rate makes slow.
struct CartBook: Sendable {
    struct Record: Sendable {
        var cart: Cart
        var keys: IdempotencyKeys
        let owner: ExactText
    }

    let capacity: Int
    private var records: [ExactText: Record] = [:]
    /// Each address's shoppers by recency of their last activity.
    private var owners: [ExactText: RecencyQueue<ExactText>] = [:]
    /// Addresses by how many shoppers they hold (index 1…capacity).
    private var ownersBySize: [Set<ExactText>]
    /// The largest index of `ownersBySize` that may be non-empty.
    private var heaviest = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        ownersBySize = Array(repeating: [], count: self.capacity + 1)
    }

    var count: Int { records.count }

    /// Idempotency keys held over all shoppers (a scan; for tests and diagnostics).
    var keyCount: Int { records.values.reduce(0) { $0 + $1.keys.count } }

    subscript(user: ExactText) -> Record? {
        records[user]
    }

    /// Marks a shopper as just active (a read of their cart), so they are forgotten last.
    mutating func touch(_ user: ExactText) {
        guard let owner = records[user]?.owner, var queue = owners.removeValue(forKey: owner) else { return }
        queue.touch(user)
        owners[owner] = queue
    }

    /// Stores a shopper's record after a change and marks it the address's most recent;
    /// a new shopper first makes room as the type's comment says.
    mutating func store(_ record: Record, for user: ExactText) {
        let owner = records[user]?.owner ?? record.owner
        if records[user] == nil, records.count >= capacity {
            forgetFromHeaviest()
        }
        records[user] = Record(cart: record.cart, keys: record.keys, owner: owner)
        var queue = owners.removeValue(forKey: owner) ?? RecencyQueue()
        let before = queue.count
        queue.touch(user)
        resize(owner, from: before, to: queue.count)
        owners[owner] = queue
    }

    private mutating func forgetFromHeaviest() {
        while heaviest > 0, ownersBySize[heaviest].isEmpty { heaviest -= 1 }
        guard let owner = ownersBySize[heaviest].first, var queue = owners.removeValue(forKey: owner) else { return }
        let before = queue.count
        if let user = queue.popOldest() { records[user] = nil }
        resize(owner, from: before, to: queue.count)
        if queue.count > 0 { owners[owner] = queue }
    }

    private mutating func resize(_ owner: ExactText, from before: Int, to after: Int) {
        guard before != after else { return }
        if before > 0 { ownersBySize[before].remove(owner) }
        if after > 0 {
            ownersBySize[after].insert(owner)
            heaviest = max(heaviest, after)
        }
    }
}
