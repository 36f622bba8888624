import FlowCore
import Foundation
import HTTPServer
import RetailContract

/// `GET /v1/search/suggestions?q=&locale=&userSegment=`: ranked as `SearchIndex` says;
/// campaigns only while live and only those the segment may see.
enum SearchEndpoints {
    static func suggestions(_ exchange: RetailExchange, _ captures: HTTPPathCaptures) throws(RequestError) -> HTTPResponse {
        let request = exchange.request
        let query = request.queryValue("q") ?? ""
        guard query.utf8.count <= RetailLimits.queryBytes else { throw .badParameter("q is at most \(RetailLimits.queryBytes) UTF-8 bytes") }
        let segment = try PageContext.parseSegment(request)
        let snapshot = exchange.backend.catalogues.current
        let catalogue = snapshot.catalogue
        let locale = catalogue.locale(for: StoreLocale.resolve(request.queryValue("locale")))
        let campaigns = catalogue.liveCampaigns(at: exchange.backend.configuration.now())
            .filter { $0.isVisible(to: segment, locale: locale) }
            .map { SearchIndex.entry(text: $0.title[locale], kind: .campaign, target: $0.pageID) }
        let found = snapshot.searchIndexes[locale]?.suggestions(for: query, extra: campaigns) ?? []
        return .json([
            "query": .string(query),
            "suggestions": .array(found.map { entry in
                var members: [(String, JSONValue)] = [
                    ("text", .string(entry.text)), ("kind", .string(entry.kind.rawValue)), ("target", .string(entry.target)),
                ]
                // A product says what it costs, so the shopper sees it before opening it.
                if entry.kind == .product, let product = catalogue.product(String(entry.target.dropFirst("product:".count))) {
                    members.append(("price", product.price(in: locale).json))
                }
                return .members(members)
            }),
        ])
    }
}
