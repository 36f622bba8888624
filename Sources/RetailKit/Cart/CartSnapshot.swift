import FlowCore
import Foundation

/// The canonical cart as the backend answers it (CONTRACT §10):
/// `{cart_id, revision, items: [{product_id, title, quantity, unit_price, compare_at_price,
/// available}], item_count, subtotal}`; a line whose product is no longer sold is
/// `available: false`, without a price.
public struct CartSnapshot: Sendable, Hashable {
    /// One line of the cart.
    public struct Line: Sendable, Hashable {
        public var productID: String
        public var title: String?
        public var quantity: Int
        public var unitPrice: Price?
        /// The unit price before, when the product is on sale (`compare_at_price`).
        public var compareAtPrice: Price?
        /// False for a line whose product the shop no longer sells (`"available": false`): it
        /// stays in the cart until the shopper removes it, counted in no total.
        public var isAvailable: Bool

        public init(
            productID: String, title: String? = nil, quantity: Int, unitPrice: Price? = nil, compareAtPrice: Price? = nil,
            isAvailable: Bool = true
        ) {
            self.productID = productID
            self.title = title
            self.quantity = quantity
            self.unitPrice = unitPrice
            self.compareAtPrice = compareAtPrice
            self.isAvailable = isAvailable
        }

        /// The line's total, when its price is known and the product of a server's numbers is
        /// finite (never trapping).
        public var total: Price? {
            guard let unitPrice else { return nil }
            let amount = unitPrice.amount * Double(quantity)
            return amount.isFinite ? Price(amount: amount, currency: unitPrice.currency) : nil
        }

        public static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.productID.utf8.elementsEqual(rhs.productID.utf8) && lhs.quantity == rhs.quantity
                && lhs.title.map { rhs.title?.utf8.elementsEqual($0.utf8) == true } ?? (rhs.title == nil)
                && lhs.unitPrice == rhs.unitPrice && lhs.compareAtPrice == rhs.compareAtPrice && lhs.isAvailable == rhs.isAvailable
        }

        public func hash(into hasher: inout Hasher) {
            for byte in productID.utf8 { hasher.combine(byte) }
            hasher.combine(quantity)
        }
    }

    /// The most lines a cart answer may hold; one with more is undecodable.
    public static let maxLines = 1_000
    /// The largest quantity one line may hold (the backend's own limit is 99): far above any
    /// real cart, small enough that no sum of lines, overlay or badge can overflow.
    public static let maxLineQuantity = 1_000_000
    /// The largest `revision`: every integer a JSON number holds exactly (2^53 − 1).
    public static let maxRevision = 9_007_199_254_740_991

    public var cartID: String
    /// Grows with every change and never goes back: a snapshot older than one applied is stale.
    public var revision: Int
    /// In the order products were first added.
    public var lines: [Line]
    public var itemCount: Int
    public var subtotal: Price?
    /// The body as it came, so that the cart can be kept on disk as the server said it.
    public var json: JSONValue

    /// Reads a cart body; throws `HomeAPIError.undecodable` naming what is missing.
    public init(data: Data) throws(HomeAPIError) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw .undecodable("the cart is not JSON: \(error)")
        }
        try self.init(json: document)
    }

    /// Reads a parsed cart body. Numbers are bounded where they are read (CONTRACT §10): a
    /// revision of 0…2^53 − 1, at most `maxLines` lines of 1…`maxLineQuantity` each, and an
    /// `item_count`, when sent, of 0…the most those lines can hold. Anything else makes the
    /// whole answer undecodable, so no arithmetic on a cart can overflow.
    public init(json document: JSONValue) throws(HomeAPIError) {
        guard let revision = document["revision"]?.intValue, (0...Self.maxRevision).contains(revision) else {
            throw .undecodable("the cart has no revision from 0 to \(Self.maxRevision)")
        }
        guard let items = document["items"]?.arrayValue else { throw .undecodable("the cart has no items array") }
        guard items.count <= Self.maxLines else { throw .undecodable("the cart has more than \(Self.maxLines) lines") }
        var lines: [Line] = []
        for (index, item) in items.enumerated() {
            guard let productID = item["product_id"]?.stringValue, let quantity = item["quantity"]?.intValue,
                (1...Self.maxLineQuantity).contains(quantity)
            else {
                throw .undecodable("cart item \(index) has no product_id or no quantity from 1 to \(Self.maxLineQuantity)")
            }
            let price = item["unit_price"].flatMap { try? Price(from: JSONNode(value: $0, path: CodingPath(root: "unit_price"))) }
            let compareAt = item["compare_at_price"].flatMap { try? Price(from: JSONNode(value: $0, path: CodingPath(root: "compare_at_price"))) }
            // Only an explicit `false` says a product is no longer sold: a server that does not
            // send the member sells every line.
            let isAvailable = item["available"]?.boolValue != false
            lines.append(Line(productID: productID, title: item["title"]?.stringValue, quantity: quantity, unitPrice: price,
                              compareAtPrice: compareAt, isAvailable: isAvailable))
        }
        // At most 1,000 × 1,000,000: no overflow.
        let total = lines.filter(\.isAvailable).reduce(0) { $0 + $1.quantity }
        var itemCount = total
        if let sent = document["item_count"], !sent.isNull {
            guard let count = sent.intValue, (0...(Self.maxLines * Self.maxLineQuantity)).contains(count) else {
                throw .undecodable("the cart's item_count is not a whole number from 0 to \(Self.maxLines * Self.maxLineQuantity)")
            }
            itemCount = count
        }
        cartID = document["cart_id"]?.stringValue ?? ""
        self.revision = revision
        self.lines = lines
        self.itemCount = itemCount
        subtotal = document["subtotal"].flatMap { try? Price(from: JSONNode(value: $0, path: CodingPath(root: "subtotal"))) }
        json = document
    }

    /// This cart, each line without a title taking the one `earlier` had for its product: a
    /// product that left the shop is answered without its title, and the shopper still knows
    /// what it was.
    public func keepingTitles(of earlier: CartSnapshot?) -> CartSnapshot {
        guard let earlier, lines.contains(where: { $0.title == nil }) else { return self }
        var kept = self
        var items = json["items"]?.arrayValue ?? []
        for index in kept.lines.indices where kept.lines[index].title == nil {
            let productID = kept.lines[index].productID
            guard let title = earlier.lines.first(where: { $0.productID.utf8.elementsEqual(productID.utf8) })?.title else { continue }
            kept.lines[index].title = title
            // The body kept on disk says it too, so the title outlives a restart.
            if items.indices.contains(index), var item = items[index].objectValue {
                item["title"] = .string(title)
                items[index] = .object(item)
            }
        }
        if var document = json.objectValue {
            document["items"] = .array(items)
            kept.json = .object(document)
        }
        return kept
    }

    /// The quantity of `productID` in this cart (0 when absent).
    public func quantity(of productID: String) -> Int {
        lines.first { $0.productID.utf8.elementsEqual(productID.utf8) }?.quantity ?? 0
    }
}

extension CartSnapshot {
    /// The sum of the lines that can be bought when each has a price in one currency
    /// (compared by its bytes); nil when there is none, the currencies differ (no single price
    /// can say it) or the sum is no finite number.
    public static func subtotal(of lines: [Line]) -> Price? {
        let lines = lines.filter(\.isAvailable)
        guard !lines.isEmpty, let currency = lines.first?.unitPrice?.currency,
            lines.allSatisfy({ $0.unitPrice?.currency.utf8.elementsEqual(currency.utf8) == true })
        else { return nil }
        let total = lines.reduce(0.0) { $0 + Double($1.quantity) * ($1.unitPrice?.amount ?? 0) }
        return total.isFinite ? Price(amount: total, currency: currency) : nil
    }
}
