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
        let detail = try #require(page[path: "page", "sections", 0, "widgets", 0])
        #expect(detail[path: "type"] == "product_detail")
        #expect(detail[path: "data", "cta", "action", "endpoint"] == "/v1/actions/notify-me")
        #expect(detail[path: "data", "cta", "title"] == "Notify me")
        #expect(detail[path: "actions", "add_to_cart"] == nil)
        #expect(detail[path: "data", "availability"] == "unavailable")
    }

    @Test func aProductPageSellsTheProductWholeInTheShoppersLanguage() throws {
        let product = try #require(backend.catalogue.products.first { $0.availability == .available && $0.compareAtPrice(in: .deDE) != nil })
        let page = try parse(backend.respond(to: get("/v1/pages/product:\(product.id)", [("locale", "de-DE")])))
        let detail = try #require(page[path: "page", "sections", 0, "widgets", 0])
        #expect(detail[path: "type"] == "product_detail")
        #expect(detail[path: "data", "price", "currency"] == "EUR")
        #expect(detail[path: "data", "compare_at_price"] != nil)
        #expect(detail[path: "data", "cta", "title"] == "In den Warenkorb")
        #expect(detail[path: "data", "cta", "action", "type"] == "add_to_cart")
        #expect(detail[path: "actions", "add_to_cart", "product_id"] == .string(product.id))
        #expect(detail[path: "data", "delivery"]?.stringValue?.contains("Werktagen") == true)
        let options = try #require(detail[path: "data", "variants", 0, "options"]?.arrayValue)
        #expect(options.count > 1, "the other models of its kind")
        #expect(options.filter { $0["selected"] == .bool(true) }.count == 1)
        #expect(options.allSatisfy { $0["selected"] == .bool(true) || $0[path: "action", "type"] == "open_page" })
        // Another variant takes the product's place: back leaves the product, not each variant tried.
        #expect(options.allSatisfy { $0["selected"] == .bool(true) || $0[path: "action", "replace"] == .bool(true) })
    }

    /// A discount badge is a percentage in its locale's form: "-20%" in English, a no-break
    /// space before the sign in German and French.
    @Test(arguments: [("en-US", "-20%"), ("de-DE", "-20\u{00A0}%"), ("fr-FR", "-20\u{00A0}%")])
    func aDiscountIsAPercentageInTheLocalesForm(locale: String, expected: String) throws {
        let product = try #require(backend.catalogue.products.first { $0.discountPercent(in: .enUS) == 20 && $0.discountPercent(in: .deDE) == 20 && $0.availability == .available })
        let page = try parse(backend.respond(to: get("/v1/pages/product:\(product.id)", [("locale", locale)])))
        #expect(page[path: "page", "sections", 0, "widgets", 0, "data", "badges", 0, "text"] == .string(expected))
        let label = try #require(page[path: "page", "sections", 0, "widgets", 0, "accessibility", "label"]?.stringValue ?? "x")
        #expect(!label.contains(" %") && !label.contains("%%"), "\(label)")
    }

    @Test func aSearchPageHasWhatMatchesAndSaysSoWhenNothingDoes() throws {
        let page = try parse(backend.respond(to: get("/v1/pages/search:coat")))
        let sections = try #require(page[path: "page", "sections"]?.arrayValue)
        #expect(sections.map { $0["id"]?.stringValue } == ["categories", "products"])
        #expect(sections[1]["widgets"]?.arrayValue?.allSatisfy { $0["type"] == "product_card" && $0[path: "data", "price"] != nil } == true)
        #expect(page[path: "page", "nav", "title"] == "Results for “coat”")
        let french = try parse(backend.respond(to: get("/v1/pages/search:zzzzqq", [("locale", "fr-FR")])))
        #expect(french[path: "page", "sections", 0, "widgets", 0, "data", "title"] == "Aucun résultat pour « zzzzqq »")
        #expect(french[path: "page", "sections", 1, "widgets"]?.arrayValue?.isEmpty == false, "every category to browse")
        let long = String(repeating: "a", count: 201)
        #expect(backend.respond(to: get("/v1/pages/search:\(long)")).status == 400)
    }
}
