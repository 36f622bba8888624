import FlowCore
import Foundation
import RetailContract

/// One suggestion (`GET /v1/search/suggestions`): its text, what it names, and where it
/// leads (a page id such as `product:p-1001`, or for `query` the query to search for).
public struct SearchSuggestion: Sendable, Hashable {
    /// What a suggestion names.
    public enum Kind: Sendable, Hashable {
        case product, category, campaign, query
        /// A kind this client does not know: shown, with its target as a page.
        case other(String)

        init(_ text: String) {
            switch Array(text.utf8) {
            case Array("product".utf8): self = .product
            case Array("category".utf8): self = .category
            case Array("campaign".utf8): self = .campaign
            case Array("query".utf8): self = .query
            default: self = .other(text)
            }
        }
    }

    public var text: String
    public var kind: Kind
    public var target: String
    /// A product's price, when the server gives it.
    public var price: Price?

    public init(text: String, kind: Kind, target: String, price: Price? = nil) {
        self.text = text
        self.kind = kind
        self.target = target
        self.price = price
    }
}

extension HomeAPIClient {
    /// `GET /v1/search/suggestions?q=&locale=&userSegment=`. Cancelling the calling task
    /// cancels the request itself. Suggestions without text or target are skipped.
    public func suggestions(for query: String) async throws -> [SearchSuggestion] {
        let clipped = query.clipped(toUTF8Bytes: RetailLimits.queryBytes)
        let endpoint = try Self.endpoint(
            RetailRoutes.suggestions, query: [("q", clipped), ("locale", profile.locale), ("userSegment", profile.segment)])
        let reply = try await sendExpectingSuccess(endpoint)
        guard let document = try? JSONParser.parse(reply.body), let list = document["suggestions"]?.arrayValue else {
            throw HomeAPIError.undecodable("suggestions must be {query, suggestions: [...]}")
        }
        return list.compactMap { item in
            guard let text = item["text"]?.stringValue, let target = item["target"]?.stringValue else { return nil }
            let price = item["price"].flatMap { try? Price(from: JSONNode(value: $0, path: CodingPath(root: "price"))) }
            return SearchSuggestion(text: text, kind: SearchSuggestion.Kind(item["kind"]?.stringValue ?? ""), target: target, price: price)
        }
    }
}
