/// Every shopper's cart and idempotency keys, bounded so that no client can push out the
/// carts of shoppers at other addresses (docs/backend.md, "Bounds").
///
/// Each shopper record belongs to the client address that created it. Making room for a new
/// shopper forgets, in this order:
/// 1. when that address already holds `addressCapacity` shoppers, its own least recently
///    changed one: a flood of new user names from one address only churns that address;
/// 2. when the book holds `capacity` shoppers, the least recently changed shopper of the
///    address holding the most: the heaviest address pays first, so an active shopper alone
///    at an address is forgotten only once every address is down to one shopper, which takes
///    `capacity` distinct attacking addresses.
struct CartBook: Sendable {
    struct Record: Sendable {
        var cart: Cart
        var keys: IdempotencyKeys
        let owner: ExactText
    }

    let capacity: Int
    let addressCapacity: Int
    private var records: [ExactText: Record] = [:]
    /// Each address's shoppers by recency of their last change.
    private var owners: [ExactText: RecencyQueue<ExactText>] = [:]
    /// Addresses by how many shoppers they hold (index 1…addressCapacity).
    private var ownersBySize: [Set<ExactText>]

    init(capacity: Int, addressCapacity: Int) {
        self.capacity = max(1, capacity)
        self.addressCapacity = max(1, min(addressCapacity, capacity))
        ownersBySize = Array(repeating: [], count: self.addressCapacity + 1)
    }

    var count: Int { records.count }

    /// Idempotency keys held over all shoppers (a scan; for tests and diagnostics).
    var keyCount: Int { records.values.reduce(0) { $0 + $1.keys.count } }

    subscript(user: ExactText) -> Record? {
        records[user]
    }

    /// Stores a shopper's record after a change and marks it the address's most recent;
    /// a new shopper first makes room as the type's comment says.
    mutating func store(_ record: Record, for user: ExactText) {
        let owner = records[user]?.owner ?? record.owner
        if records[user] == nil {
            makeRoom(for: owner)
        }
        records[user] = Record(cart: record.cart, keys: record.keys, owner: owner)
        var queue = owners.removeValue(forKey: owner) ?? RecencyQueue()
        let before = queue.count
        queue.touch(user)
        resize(owner, from: before, to: queue.count)
        owners[owner] = queue
    }

    private mutating func makeRoom(for owner: ExactText) {
        if let held = owners[owner]?.count, held >= addressCapacity {
            forgetOldest(of: owner)
        } else if records.count >= capacity, let heaviest = ownersBySize.last(where: { !$0.isEmpty })?.first {
            forgetOldest(of: heaviest)
        }
    }

    private mutating func forgetOldest(of owner: ExactText) {
        guard var queue = owners.removeValue(forKey: owner) else { return }
        let before = queue.count
        if let user = queue.popOldest() { records[user] = nil }
        resize(owner, from: before, to: queue.count)
        if queue.count > 0 { owners[owner] = queue }
    }

    private mutating func resize(_ owner: ExactText, from before: Int, to after: Int) {
        guard before != after else { return }
        if before > 0 { ownersBySize[before].remove(owner) }
        if after > 0 { ownersBySize[after].insert(owner) }
    }
}
