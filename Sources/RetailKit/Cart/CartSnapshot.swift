import FlowCore
import Foundation

/// The canonical cart as the backend answers it (CONTRACT §10):
/// `{cart_id, revision, items: [{product_id, title, quantity, unit_price}], item_count, subtotal}`.
public struct CartSnapshot: Sendable, Hashable {
    /// One line of the cart.
    public struct Line: Sendable, Hashable {
        public var productID: String
        public var title: String?
        public var quantity: Int
        public var unitPrice: Price?

        public init(productID: String, title: String? = nil, quantity: Int, unitPrice: Price? = nil) {
            self.productID = productID
            self.title = title
            self.quantity = quantity
            self.unitPrice = unitPrice
        }

        public static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.productID.utf8.elementsEqual(rhs.productID.utf8) && lhs.quantity == rhs.quantity
                && lhs.title.map { rhs.title?.utf8.elementsEqual($0.utf8) == true } ?? (rhs.title == nil)
                && lhs.unitPrice == rhs.unitPrice
        }

        public func hash(into hasher: inout Hasher) {
            for byte in productID.utf8 { hasher.combine(byte) }
            hasher.combine(quantity)
        }
    }

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

    /// Reads a parsed cart body.
    public init(json document: JSONValue) throws(HomeAPIError) {
        guard let revision = document["revision"]?.intValue, revision >= 0 else { throw .undecodable("the cart has no integer revision") }
        guard let items = document["items"]?.arrayValue else { throw .undecodable("the cart has no items array") }
        var lines: [Line] = []
        for (index, item) in items.enumerated() {
            guard let productID = item["product_id"]?.stringValue, let quantity = item["quantity"]?.intValue, quantity > 0 else {
                throw .undecodable("cart item \(index) has no product_id or positive quantity")
            }
            let price = item["unit_price"].flatMap { try? Price(from: JSONNode(value: $0, path: CodingPath(root: "unit_price"))) }
            lines.append(Line(productID: productID, title: item["title"]?.stringValue, quantity: quantity, unitPrice: price))
        }
        cartID = document["cart_id"]?.stringValue ?? ""
        self.revision = revision
        self.lines = lines
        itemCount = document["item_count"]?.intValue ?? lines.reduce(0) { $0 + $1.quantity }
        subtotal = document["subtotal"].flatMap { try? Price(from: JSONNode(value: $0, path: CodingPath(root: "subtotal"))) }
        json = document
    }

    /// The quantity of `productID` in this cart (0 when absent).
    public func quantity(of productID: String) -> Int {
        lines.first { $0.productID.utf8.elementsEqual(productID.utf8) }?.quantity ?? 0
    }
}
