/// One shopper's cart. `revision` grows with every change and never goes back, so a client
/// can drop answers older than the newest it applied (CONTRACT §10); `CartService` assigns
/// it from one counter for all carts.
struct Cart: Sendable {
    var id: String
    var revision = 0
    /// Product id and quantity, in the order they were first added.
    var lines: [(productID: String, quantity: Int)] = []

    init(id: String) {
        self.id = id
    }

    func quantity(of productID: String) -> Int {
        lines.first { $0.productID == productID }?.quantity ?? 0
    }

    mutating func add(_ productID: String, quantity: Int) {
        if let index = lines.firstIndex(where: { $0.productID == productID }) {
            lines[index].quantity += quantity
        } else {
            lines.append((productID, quantity))
        }
    }

    /// Removes a line; says whether there was one (removing what is not there changes nothing).
    @discardableResult
    mutating func remove(_ productID: String) -> Bool {
        guard let index = lines.firstIndex(where: { $0.productID == productID }) else { return false }
        lines.remove(at: index)
        return true
    }
}
