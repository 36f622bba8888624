import FlowCore
import Foundation
import PrivateFiles
import RetailContract

/// The bundled shop's cart, kept on this device: the `CartTransport` the backend's cart
/// fills, answering as `GET /v1/cart` and its changes do, under the same rule (`CartRule`),
/// priced from the bundled catalogue of the shopper's locale.
///
/// Its lines, revision and the idempotency keys it applied are kept in `file` (written whole,
/// atomically, before an answer), so a change the cart journal sends again after a crash is
/// answered without being applied twice.
public actor BundledCart: CartTransport {
    /// How many idempotency keys are remembered (the backend's window per shopper).
    static let rememberedKeys = 32

    private let shop: BundledShop
    private let locale: String
    private let file: URL?
    private var revision = 0
    private var lines: [(productID: String, quantity: Int)] = []
    private var appliedKeys: [String] = []
    private var isLoaded = false

    /// A cart over `shop` priced in `locale`, kept in `file` (nil: in memory).
    public init(shop: BundledShop, locale: String, file: URL?) {
        self.shop = shop
        self.locale = locale
        self.file = file
    }

    public func fetchCart() async throws -> CartSnapshot {
        loadOnce()
        return try snapshot()
    }

    public func apply(_ change: CartChange, idempotencyKey: String) async throws -> CartSnapshot {
        loadOnce()
        if appliedKeys.contains(where: { $0.utf8.elementsEqual(idempotencyKey.utf8) }) { return try snapshot() }
        let catalogue = try shop.catalogue(locale: locale)
        let productID = change.productID
        let index = lines.firstIndex { $0.productID.utf8.elementsEqual(productID.utf8) }
        let current = index.map { lines[$0].quantity } ?? 0
        let isBuyable = catalogue.product(productID)?.isBuyable
        var changed = false
        do throws(CartRule.Refusal) {
            switch change {
            case .add(_, let quantity, let position):
                let total = try CartRule.add(quantity, to: current, productID: productID, isBuyable: isBuyable)
                if let index {
                    lines[index].quantity = total
                } else {
                    lines.insert((productID, total), at: min(max(0, position ?? lines.count), lines.count))
                }
                changed = true
            case .setQuantity(_, let quantity):
                if let quantity = try CartRule.set(quantity, from: current, productID: productID, isBuyable: isBuyable) {
                    if let index { lines[index].quantity = quantity } else { lines.append((productID, quantity)) }
                    changed = true
                }
            case .remove:
                if try CartRule.remove(current: current, productID: productID, isBuyable: isBuyable), let index {
                    lines.remove(at: index)
                    changed = true
                }
            }
        } catch {
            throw Self.answer(to: error)
        }
        if changed { revision += 1 }
        appliedKeys.append(idempotencyKey)
        if appliedKeys.count > Self.rememberedKeys { appliedKeys.removeFirst(appliedKeys.count - Self.rememberedKeys) }
        try save()
        return try snapshot()
    }

    /// The refusal as the backend answers it (status and code).
    static func answer(to refusal: CartRule.Refusal) -> HomeAPIError {
        let limit = RetailLimits.lineQuantity
        return switch refusal {
        case .quantityOutOfRange(let quantity):
            .status(422, code: RetailErrorCode.invalidQuantity.rawValue, message: "quantity must be from \(limit.lowerBound) to \(limit.upperBound), not \(quantity)", retryAfter: nil)
        case .lineTooLarge(let total):
            .status(422, code: RetailErrorCode.invalidQuantity.rawValue, message: "a cart line holds at most \(limit.upperBound); this one would hold \(total)", retryAfter: nil)
        case .unknownProduct(let productID):
            .status(404, code: RetailErrorCode.unknownProduct.rawValue, message: "no product '\(productID.clipped(toUTF8Bytes: 80))'", retryAfter: nil)
        case .productUnavailable(let productID):
            .status(409, code: RetailErrorCode.productUnavailable.rawValue, message: "'\(productID.clipped(toUTF8Bytes: 80))' is unavailable", retryAfter: nil)
        }
    }

    /// The cart as the backend renders it: a line of a product the catalogue no longer lists is
    /// `available: false`, counted in no total; amounts are summed in cents.
    private func snapshot() throws -> CartSnapshot {
        let catalogue = try shop.catalogue(locale: locale)
        var items: [JSONValue] = []
        var count = 0, cents = 0
        let currency = catalogue.currency
        for line in lines {
            guard let product = catalogue.product(line.productID) else {
                items.append(.object(JSONObject([
                    (key: "product_id", value: .string(line.productID)), (key: "quantity", value: .number(Double(line.quantity))),
                    (key: "available", value: .bool(false)),
                ])))
                continue
            }
            var item: [JSONObject.Member] = [
                (key: "product_id", value: .string(line.productID)), (key: "title", value: .string(product.title)),
                (key: "quantity", value: .number(Double(line.quantity))), (key: "unit_price", value: Self.json(product.price)),
            ]
            if let compareAt = product.compareAtPrice { item.append((key: "compare_at_price", value: Self.json(compareAt))) }
            items.append(.object(JSONObject(item)))
            count += line.quantity
            cents += Int((product.price.amount * 100).rounded()) * line.quantity
        }
        return try CartSnapshot(json: .object(JSONObject([
            (key: "cart_id", value: .string("cart-bundled")), (key: "revision", value: .number(Double(revision))),
            (key: "items", value: .array(items)), (key: "item_count", value: .number(Double(count))),
            (key: "subtotal", value: Self.json(Price(amount: Double(cents) / 100, currency: currency))),
        ])))
    }

    private static func json(_ price: Price) -> JSONValue {
        .object(JSONObject([(key: "amount", value: .number(price.amount)), (key: "currency", value: .string(price.currency))]))
    }

    // MARK: - Kept on disk

    private func loadOnce() {
        guard !isLoaded else { return }
        isLoaded = true
        guard let file, let data = try? Data(contentsOf: file), let kept = try? JSONParser.parse(data) else { return }
        revision = kept["revision"]?.intValue ?? 0
        lines = (kept["lines"]?.arrayValue ?? []).compactMap { line in
            guard let productID = line["product_id"]?.stringValue, let quantity = line["quantity"]?.intValue,
                RetailLimits.lineQuantity.contains(quantity)
            else { return nil }
            return (productID, quantity)
        }
        appliedKeys = (kept["keys"]?.arrayValue ?? []).compactMap(\.stringValue).suffix(Self.rememberedKeys).map { $0 }
    }

    private func save() throws {
        guard let file else { return }
        let kept: JSONValue = .object(JSONObject([
            (key: "revision", value: .number(Double(revision))),
            (key: "lines", value: .array(lines.map { .object(JSONObject([(key: "product_id", value: .string($0.productID)), (key: "quantity", value: .number(Double($0.quantity)))])) })),
            (key: "keys", value: .array(appliedKeys.map(JSONValue.string))),
        ]))
        do {
            try AtomicFile.write(JSONWriter.data(for: kept), to: file)
        } catch {
            throw HomeAPIError.status(503, code: RetailErrorCode.storageUnavailable.rawValue, message: "the cart could not be kept: \(error.localizedDescription)", retryAfter: nil)
        }
    }
}
