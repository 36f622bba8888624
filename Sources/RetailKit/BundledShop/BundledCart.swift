import FlowCore
import Foundation
import PrivateFiles
import RetailContract

/// The bundled shop's cart, kept on this device: the `CartTransport` the backend's cart
/// fills, answering as `GET /v1/cart` and its changes do, under the same rules (`CartRule`,
/// `CartRevision`), priced from the bundled catalogue of the shopper's locale.
///
/// Its lines, revision and the idempotency keys it answered (each with the request it came
/// with and the cart it answered) are kept in `file`, written whole, atomically, before an
/// answer: a change is made on a copy, kept, and only then becomes the cart, so one that could
/// not be kept (503) changes nothing, and one the cart journal sends again after a crash is
/// answered as it was then without being applied twice.
///
/// Revisions are the backend's clock (`CartRevision`) on `now`: a cart whose file was lost or
/// unreadable starts again above every revision it answered before, so the app's journal
/// never drops its answers as stale.
public actor BundledCart: CartTransport {
    /// How many idempotency keys are remembered (the backend's window per shopper).
    static let rememberedKeys = 32

    /// A cart's lines (in order) and revision.
    struct State: Sendable {
        var revision: Int
        var lines: [(productID: String, quantity: Int)] = []
    }

    /// A key answered: the request it came with (`fingerprint(of:)`) and the cart it answered.
    struct Remembered: Sendable {
        var key: String
        var request: String
        var answer: State
    }

    private let shop: BundledShop
    private let locale: String
    private let file: URL?
    private let now: @Sendable () -> Date
    private var cart = State(revision: 0)
    /// Oldest first, at most `rememberedKeys`.
    private var keys: [Remembered] = []
    private var isLoaded = false

    /// A cart over `shop` priced in `locale`, kept in `file` (nil: in memory), its revisions
    /// counted on `now` (the wall clock: it moves on across launches, as the bundle's does not).
    public init(shop: BundledShop, locale: String, file: URL?, now: @escaping @Sendable () -> Date = { Date() }) {
        self.shop = shop
        self.locale = locale
        self.file = file
        self.now = now
    }

    public func fetchCart() async throws -> CartSnapshot {
        loadOnce()
        return try snapshot(of: cart)
    }

    /// As the backend: the key first (a key answered before answers that cart again, or is a
    /// 422 `idempotency_key_reused` for another request, even one that would fail on its own),
    /// then the request's body, then the cart's rule.
    public func apply(_ change: CartChange, idempotencyKey: String) async throws -> CartSnapshot {
        loadOnce()
        let request = fingerprint(of: change)
        if let remembered = keys.last(where: { $0.key.utf8.elementsEqual(idempotencyKey.utf8) }) {
            guard remembered.request.utf8.elementsEqual(request.utf8) else {
                throw HomeAPIError.status(422, code: RetailErrorCode.idempotencyKeyReused.rawValue,
                                          message: "the Idempotency-Key was used for another request", retryAfter: nil)
            }
            return try snapshot(of: remembered.answer)
        }
        try Self.checkBody(of: change)
        let catalogue = try shop.catalogue(locale: locale)
        var next = cart
        let changed: Bool
        do throws(CartRule.Refusal) {
            changed = try Self.apply(change, to: &next.lines, isBuyable: { catalogue.product($0)?.isBuyable })
        } catch {
            throw Self.answer(to: error)
        }
        if changed {
            next.revision = min(CartRevision.next(after: next.revision, clock: CartRevision.clock(now())), CartSnapshot.maxRevision)
        }
        // Rendered before it is kept: a cart that cannot be answered is not made.
        let answer = try snapshot(of: next)
        var nextKeys = keys
        nextKeys.append(Remembered(key: idempotencyKey, request: request, answer: next))
        if nextKeys.count > Self.rememberedKeys { nextKeys.removeFirst(nextKeys.count - Self.rememberedKeys) }
        try save(next, keys: nextKeys)
        cart = next
        keys = nextKeys
        return answer
    }

    /// What the backend's endpoint refuses of a request's body before the cart's rule is
    /// applied (`CartEndpoints.add`): an add's `product_id` of 1 to 128 bytes and its
    /// `position`, when given, within `RetailLimits.linePositions`. 400 `invalid_body`.
    static func checkBody(of change: CartChange) throws(HomeAPIError) {
        guard case .add(let productID, _, let position) = change else { return }
        guard (1...128).contains(productID.utf8.count) else {
            throw .status(400, code: RetailErrorCode.invalidBody.rawValue,
                          message: "'product_id' must be a non-empty string of at most 128 UTF-8 bytes", retryAfter: nil)
        }
        if let position, !RetailLimits.linePositions.contains(position) {
            throw .status(400, code: RetailErrorCode.invalidBody.rawValue,
                          message: "'position' must be an integer from 0 to \(RetailLimits.linePositions.upperBound)", retryAfter: nil)
        }
    }

    /// `change` applied to `lines` under `CartRule`; whether it changed them.
    static func apply(_ change: CartChange, to lines: inout [(productID: String, quantity: Int)],
                      isBuyable: (String) -> Bool?) throws(CartRule.Refusal) -> Bool {
        let productID = change.productID
        let index = lines.firstIndex { $0.productID.utf8.elementsEqual(productID.utf8) }
        let current = index.map { lines[$0].quantity } ?? 0
        switch change {
        case .add(_, let quantity, let position):
            let total = try CartRule.add(quantity, to: current, productID: productID, isBuyable: isBuyable(productID))
            if let index {
                lines[index].quantity = total
            } else {
                lines.insert((productID, total), at: min(max(0, position ?? lines.count), lines.count))
            }
            return true
        case .setQuantity(_, let quantity):
            guard let quantity = try CartRule.set(quantity, from: current, productID: productID, isBuyable: isBuyable(productID)) else { return false }
            if let index { lines[index].quantity = quantity } else { lines.append((productID, quantity)) }
            return true
        case .remove:
            guard try CartRule.remove(current: current, productID: productID, isBuyable: isBuyable(productID)), let index else { return false }
            lines.remove(at: index)
            return true
        }
    }

    /// What a request means, as the backend tells two uses of a key apart (`CartFingerprint`):
    /// its kind, locale, product id (by its bytes), quantity and position, written as JSON
    /// (so that no two requests write the same text). Compared by its UTF-8 bytes.
    private func fingerprint(of change: CartChange) -> String {
        let members: [JSONValue] = switch change {
        case .add(let productID, let quantity, let position):
            [.string("add"), .string(locale), .string(productID), .number(Double(quantity)), position.map { .number(Double($0)) } ?? .null]
        case .setQuantity(let productID, let quantity):
            [.string("set"), .string(locale), .string(productID), .number(Double(quantity))]
        case .remove(let productID):
            [.string("remove"), .string(locale), .string(productID)]
        }
        return String(decoding: JSONWriter.data(for: .array(members)), as: UTF8.self)
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

    /// The cart `state` as the backend renders it: a line of a product the catalogue no longer
    /// lists is `available: false`, counted in no total; amounts are summed in cents.
    private func snapshot(of state: State) throws -> CartSnapshot {
        let catalogue = try shop.catalogue(locale: locale)
        var items: [JSONValue] = []
        var count = 0, cents = 0
        let currency = catalogue.currency
        for line in state.lines {
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
            (key: "cart_id", value: .string("cart-bundled")), (key: "revision", value: .number(Double(state.revision))),
            (key: "items", value: .array(items)), (key: "item_count", value: .number(Double(count))),
            (key: "subtotal", value: Self.json(Price(amount: Double(cents) / 100, currency: currency))),
        ])))
    }

    private static func json(_ price: Price) -> JSONValue {
        .object(JSONObject([(key: "amount", value: .number(price.amount)), (key: "currency", value: .string(price.currency))]))
    }

    // MARK: - Kept on disk

    /// Reads `file` once. What it holds is checked as an answer would be: a revision the app
    /// cannot read is refused (the cart counts on from the clock, as one whose file was lost),
    /// a line of another quantity or product id is dropped, lines of one product are one line
    /// (of at most the most a line holds), and no more than `CartSnapshot.maxLines` are kept;
    /// a key whose request or answer cannot be read is forgotten. The rest is kept.
    private func loadOnce() {
        guard !isLoaded else { return }
        isLoaded = true
        let started = CartRevision.clock(now())
        cart = State(revision: started)
        guard let file, let data = try? Data(contentsOf: file), let kept = try? JSONParser.parse(data) else { return }
        cart = State(revision: Self.revision(kept["revision"]) ?? started, lines: Self.lines(kept["lines"]))
        var keys: [Remembered] = []
        for entry in (kept["keys"]?.arrayValue ?? []).suffix(Self.rememberedKeys) {
            guard let key = entry["key"]?.stringValue, let request = entry["request"]?.stringValue,
                let revision = Self.revision(entry["revision"])
            else { continue }
            keys.removeAll { $0.key.utf8.elementsEqual(key.utf8) }
            keys.append(Remembered(key: key, request: request, answer: State(revision: revision, lines: Self.lines(entry["lines"]))))
        }
        self.keys = keys
    }

    /// A kept revision the app reads (`CartSnapshot.maxRevision`), or nil.
    private static func revision(_ value: JSONValue?) -> Int? {
        guard let revision = value?.intValue, (0...CartSnapshot.maxRevision).contains(revision) else { return nil }
        return revision
    }

    /// Kept lines as the backend's rule could have made them.
    private static func lines(_ value: JSONValue?) -> [(productID: String, quantity: Int)] {
        var lines: [(productID: String, quantity: Int)] = []
        for line in value?.arrayValue ?? [] {
            guard let productID = line["product_id"]?.stringValue, CartChange.isValidProductID(productID),
                let quantity = line["quantity"]?.intValue, RetailLimits.lineQuantity.contains(quantity)
            else { continue }
            if let index = lines.firstIndex(where: { $0.productID.utf8.elementsEqual(productID.utf8) }) {
                lines[index].quantity = min(lines[index].quantity + quantity, RetailLimits.lineQuantity.upperBound)
            } else if lines.count < CartSnapshot.maxLines {
                lines.append((productID, quantity))
            }
        }
        return lines
    }

    private static func json(_ lines: [(productID: String, quantity: Int)]) -> JSONValue {
        .array(lines.map { .object(JSONObject([(key: "product_id", value: .string($0.productID)), (key: "quantity", value: .number(Double($0.quantity)))])) })
    }

    /// Writes `state` and `keys` whole; a 503 `storage_unavailable` when they cannot be kept.
    private func save(_ state: State, keys: [Remembered]) throws {
        guard let file else { return }
        let kept: JSONValue = .object(JSONObject([
            (key: "revision", value: .number(Double(state.revision))),
            (key: "lines", value: Self.json(state.lines)),
            (key: "keys", value: .array(keys.map { remembered in
                .object(JSONObject([
                    (key: "key", value: .string(remembered.key)), (key: "request", value: .string(remembered.request)),
                    (key: "revision", value: .number(Double(remembered.answer.revision))), (key: "lines", value: Self.json(remembered.answer.lines)),
                ]))
            })),
        ]))
        do {
            try AtomicFile.write(JSONWriter.data(for: kept), to: file)
        } catch {
            throw HomeAPIError.status(503, code: RetailErrorCode.storageUnavailable.rawValue, message: "the cart could not be kept: \(error.localizedDescription)", retryAfter: nil)
        }
    }
}
