import FlowCore
import RetailContract

/// `deeplink {url}`: navigation inside the app, checked against the allow-list.
public struct DeeplinkAction: Sendable, Hashable, JSONDecodable {
    public static let type = RetailActionType.deeplink
    public var url: String

    public init(from node: JSONNode) throws(DecodingFailure) {
        url = try node.require("url")
    }
}

/// `add_to_cart {product_id, quantity = 1}`.
public struct AddToCartAction: Sendable, Hashable, JSONDecodable {
    public static let type = RetailActionType.addToCart
    public var productID: String
    public var quantity: Int

    public init(from node: JSONNode) throws(DecodingFailure) {
        productID = try node.require("product_id")
        quantity = try node.optional("quantity") ?? 1
        guard RetailLimits.lineQuantity.contains(quantity) else { throw node.invalid("quantity \(quantity) is outside 1…99") }
    }
}

/// `open_search {query}`.
public struct OpenSearchAction: Sendable, Hashable, JSONDecodable {
    public static let type = RetailActionType.openSearch
    public var query: String?

    public init(from node: JSONNode) throws(DecodingFailure) {
        query = try node.optional("query")
    }
}

/// `open_page {page_id, replace = false}`: another server-driven page (`campaign:…`,
/// `category:…`, `product:…`). With `replace` it takes the current screen's place instead of
/// opening over it, so back skips it: a product's variants are one stop, however many the
/// shopper tries.
public struct OpenPageAction: Sendable, Hashable, JSONDecodable {
    public static let type = RetailActionType.openPage
    public var pageID: String
    public var replace: Bool

    public init(from node: JSONNode) throws(DecodingFailure) {
        pageID = try node.require("page_id")
        replace = try node.optional("replace") ?? false
    }
}
