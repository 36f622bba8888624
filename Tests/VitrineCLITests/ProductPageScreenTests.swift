import FlowCore
import FlowTerminal
import Foundation
import RetailBackend
import RetailContract
import RetailKit
import RetailPresentation
import RetailTerminal
import Testing

/// The product page as the shopper's app draws it from the backend's page, at the sizes and in
/// the languages a shopper meets it: what buys the product shows without scrolling, and a
/// sold-out product says so once.
@MainActor
@Suite struct ProductPageScreenTests {
    /// The backend's product page for `id` in `locale`, its title replaced by `title` and its
    /// availability by `availability` when given.
    static func productPage(_ id: String, locale: String, title: String? = nil, availability: String? = nil) throws -> Data {
        let backend = try ShopperScreenGoldenTests.backend()
        let body = ShopperScreenGoldenTests.body(backend, "/v1/pages/product:\(id)", locale: locale)
        var json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        var page = try #require(json["page"] as? [String: Any])
        var sections = try #require(page["sections"] as? [[String: Any]])
        var widgets = try #require(sections[0]["widgets"] as? [[String: Any]])
        var data = try #require(widgets[0]["data"] as? [String: Any])
        if let title { data["title"] = ["text": title, "font": ["size": 22, "weight": "bold"]] }
        if let availability { data["availability"] = availability }
        widgets[0]["data"] = data
        sections[0]["widgets"] = widgets
        page["sections"] = sections
        json["page"] = page
        return try JSONSerialization.data(withJSONObject: json)
    }

    static func screen(_ data: Data, id: String, locale: AppLocale, width: Int, height: Int) throws -> [String] {
        let backend = try ShopperScreenGoldenTests.backend()
        let home = ShopperScreenGoldenTests.body(backend, "/v1/home", locale: locale.rawValue)
        return try ShopperScreenGoldenTests.draw(
            pages: [(.home, home), (PageID("product:\(id)"), data)], destinations: [.page(.home), .page(PageID("product:\(id)"))],
            width: width, height: height, locale: locale
        ).plainLines
    }

    /// The button that buys shows without scrolling, with the quantity, even at 40 × 15 in
    /// French with a title of two lines ("Quantité − 1 +" and the button need more than 37
    /// columns, so they cannot share a row).
    @Test(arguments: [(40, 15), (40, 24), (80, 24)])
    func theButtonThatBuysShowsWithoutScrollingWithALongTitleInFrench(size: (Int, Int)) throws {
        let data = try Self.productPage("p-1002", locale: "fr-FR", title: "Chaussure de trail imperméable Brio GTX femme")
        let lines = try Self.screen(data, id: "p-1002", locale: .frFR, width: size.0, height: size.1)
        #expect(lines.contains { $0.contains("Ajouter au panier") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("−") && $0.contains("+") }, "the quantity too")
    }

    /// A sold-out product page says so once, not "Épuisé" beside the rating and again on the
    /// button.
    @Test func aSoldOutProductSaysSoOnce() throws {
        let data = try Self.productPage("p-1002", locale: "fr-FR", availability: "unavailable")
        let lines = try Self.screen(data, id: "p-1002", locale: .frFR, width: 80, height: 40)
        // Dune, another model, is sold out too: its line says so of Dune, not of this product;
        // and the related products below are others.
        let related = lines.firstIndex { $0.contains("Vous aimerez aussi") } ?? lines.count
        let own = lines[..<related].filter { !$0.contains("Dune : Épuisé") }
        let said = own.joined(separator: "\n").components(separatedBy: "Épuisé").count - 1
        #expect(said == 1, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("Dune : Épuisé") }, "a dimmed model says why")
    }
}

/// The backend's product page lets a product's line fill to the cart's own limit: one limit a
/// product, the page's and the cart sheet's.
@MainActor
@Suite struct ProductQuantityLimitTests {
    @Test func aProductPagesLimitIsTheCartLinesLimit() throws {
        let backend = try ShopperScreenGoldenTests.backend()
        let body = ShopperScreenGoldenTests.body(backend, "/v1/pages/product:p-1002", locale: "en-US")
        let page = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog()).decodePage(body).page
        let detail = try #require(page.sections.flatMap(\.widgets).compactMap { $0.content(as: ProductDetailContent.self) }.first)
        #expect(detail.maxQuantity == RetailLimits.lineQuantity.upperBound)
    }
}
