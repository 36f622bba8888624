import FlowCore
import Foundation
import Testing
@testable import RetailBackend

@Suite struct PageTests {
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend()
    }

    @Test func campaignPageShowsItsHeroAndProducts() throws {
        let response = backend.respond(to: get("/v1/pages/campaign%3Acmp-winter", [("locale", "fr-FR")]))
        #expect(response.status == 200)
        let page = try parse(response)
        #expect(page[path: "page", "id"] == "campaign:cmp-winter")
        #expect(page[path: "page", "sections", 0, "widgets", 0, "type"] == "hero_campaign")
        #expect(page[path: "page", "sections", 1, "layout", "arrangement"] == "grid")
        #expect(page[path: "page", "sections", 1, "widgets", 0, "data", "price", "currency"] == "EUR")
    }

    @Test func categoryAndProductPages() throws {
        let category = try parse(backend.respond(to: get("/v1/pages/category:shoes")))
        #expect(category[path: "page", "sections", 0, "widgets"]?.arrayValue?.count == 18)
        let product = try parse(backend.respond(to: get("/v1/pages/product:p-1001")))
        #expect(product[path: "page", "sections", 0, "widgets", 0, "data", "product_id"] == "p-1001")
        #expect(product[path: "page", "sections", 1, "id"] == "related")
    }

    @Test(arguments: ["campaign:cmp-summer", "campaign:nope", "category:nope", "product:p-9", "nope", "cart:x"])
    func unknownOrEndedPagesAre404(id: String) throws {
        let response = backend.respond(to: get("/v1/pages/\(id)"))
        #expect(response.status == 404)
        #expect(try parse(response)[path: "error", "code"] == "not_found")
    }

    @Test func unavailableProductsOfferNotifyMeNotAddToCart() throws {
        let product = try #require(backend.catalogue.products.first { $0.availability == .unavailable })
        let page = try parse(backend.respond(to: get("/v1/pages/product:\(product.id)")))
        let card = try #require(page[path: "page", "sections", 0, "widgets", 0])
        #expect(card[path: "actions", "notify", "endpoint"] == "/v1/actions/notify-me")
        #expect(card[path: "actions", "add_to_cart"] == nil)
        #expect(card[path: "data", "availability"] == "unavailable")
    }
}
