import FlowCore
import Foundation
import PrivateFiles
import RetailContract

/// The cart kept on disk: the last canonical cart and the operations not yet confirmed, with
/// their idempotency keys, so that a restart shows the same cart and sends a pending
/// operation again under the key it had (the server then applies it once).
///
/// Saves run in order on a serial queue (never on the main actor), each replacing the file
/// whole (`AtomicFile`). A file that is there but cannot be read (a disk fault, a hand edit) is
/// moved aside to `NAME.unreadable` before anything replaces it, and the cart starts empty.
final class CartJournal: Sendable {
    let url: URL
    private let queue = DispatchQueue(label: "vitrine.cart-journal")
    /// Saves that failed since `waitUntilSaved()` last answered (a full disk, a directory
    /// taken away): counted on the queue, so the answer covers every save asked before it.
    private let failedSaves = Locked(0)
    /// The largest journal read: far above any cart's (1,000 lines and their operations), so
    /// a file planted in its place cannot fill the memory.
    static let maxBytes = 8 << 20

    init(url: URL) {
        self.url = url
    }

    /// Where an unreadable journal is kept.
    var asideURL: URL { url.appendingPathExtension("unreadable") }

    /// What was kept; empty when there is no file. A file that cannot be read is moved to
    /// `asideURL` (replacing an older one) and named in `setAside`.
    func load() -> (canonical: CartSnapshot?, operations: [CartOperation], setAside: URL?) {
        guard FileSystem.exists(url.path) else { return (nil, [], nil) }
        // Not a regular file, larger than any journal, or not JSON: unreadable, kept aside.
        guard let data = FileSystem.read(url.path, maxBytes: Self.maxBytes), let document = try? JSONParser.parse(data),
            case .object = document
        else {
            try? FileManager.default.removeItem(at: asideURL)
            let moved = (try? FileManager.default.moveItem(at: url, to: asideURL)) != nil
            return (nil, [], moved ? asideURL : nil)
        }
        let canonical = document["canonical"].flatMap { try? CartSnapshot(json: $0) }
        let operations = (document["operations"]?.arrayValue ?? []).compactMap(Self.operation)
        return (canonical, operations, nil)
    }

    /// Replaces what is kept (asynchronously, after every save asked for before).
    func save(canonical: CartSnapshot?, operations: [CartOperation]) {
        let document: JSONValue = .object(JSONObject([
            (key: "version", value: 1),
            (key: "canonical", value: canonical?.json ?? .null),
            (key: "operations", value: .array(operations.map(Self.json))),
        ]))
        let url = self.url
        let failedSaves = self.failedSaves
        queue.async {
            do {
                try PrivateDirectory.make(url.deletingLastPathComponent())
                try AtomicFile.write(JSONWriter.data(for: document), to: url)
            } catch {
                failedSaves.withLock { $0 += 1 }
            }
        }
    }

    /// Returns once every save asked for so far has been tried: `true` when each was written,
    /// `false` when one failed since the last answer.
    func waitUntilSaved() async -> Bool {
        let failedSaves = self.failedSaves
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            queue.async {
                let failed = failedSaves.withLock { count in
                    defer { count = 0 }
                    return count
                }
                continuation.resume(returning: failed == 0)
            }
        }
    }

    private static func json(_ operation: CartOperation) -> JSONValue {
        var members: [JSONObject.Member] = [
            (key: "id", value: .string(operation.id.uuidString)),
            (key: "key", value: .string(operation.idempotencyKey)),
            (key: "product_id", value: .string(operation.change.productID)),
            (key: "created_at", value: .number(operation.createdAt.timeIntervalSince1970)),
        ]
        switch operation.change {
        case .add(_, let quantity, let position):
            members.append((key: "kind", value: "add"))
            members.append((key: "quantity", value: .number(Double(quantity))))
            if let position { members.append((key: "position", value: .number(Double(position)))) }
        case .setQuantity(_, let quantity):
            members.append((key: "kind", value: "set"))
            members.append((key: "quantity", value: .number(Double(quantity))))
        case .remove:
            members.append((key: "kind", value: "remove"))
        }
        if let item = operation.item {
            var shown: [JSONObject.Member] = []
            if let title = item.title { shown.append((key: "title", value: .string(title))) }
            if let price = item.unitPrice {
                shown.append((key: "unit_price", value: .object(JSONObject([
                    (key: "amount", value: .number(price.amount)), (key: "currency", value: .string(price.currency)),
                ]))))
            }
            members.append((key: "item", value: .object(JSONObject(shown))))
        }
        return .object(JSONObject(members))
    }

    /// An operation read back, checked as the server would check what it sends: a key of
    /// 1–255 visible ASCII bytes, a product id, a quantity of 1–99.
    private static func operation(_ value: JSONValue) -> CartOperation? {
        guard let id = value["id"]?.stringValue.flatMap(UUID.init(uuidString:)),
            let key = value["key"]?.stringValue, (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
            let productID = value["product_id"]?.stringValue, RetailLimits.productIDBytes.contains(productID.utf8.count),
            let created = value["created_at"]?.doubleValue, created.isFinite
        else { return nil }
        let change: CartChange
        switch value["kind"]?.stringValue {
        case "add"?, "set"?:
            guard let quantity = value["quantity"]?.intValue, RetailLimits.lineQuantity.contains(quantity) else { return nil }
            // A journal written before positions has none, and a position that is none is
            // dropped rather than the add: the line goes at the end.
            let position = value["position"]?.intValue.flatMap { RetailLimits.linePositions.contains($0) ? $0 : nil }
            change = value["kind"]?.stringValue == "add"
                ? .add(productID: productID, quantity: quantity, position: position) : .setQuantity(productID: productID, quantity: quantity)
        case "remove"?:
            change = .remove(productID: productID)
        default:
            return nil
        }
        let item = value["item"].map { shown in
            CartItem(
                title: shown["title"]?.stringValue,
                unitPrice: shown["unit_price"].flatMap { try? Price(from: JSONNode(value: $0, path: CodingPath(root: "unit_price"))) })
        }
        return CartOperation(id: id, change: change, idempotencyKey: key, createdAt: Date(timeIntervalSince1970: created), item: item)
    }
}
