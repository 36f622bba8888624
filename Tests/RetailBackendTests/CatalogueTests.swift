import Foundation
import Testing
@testable import RetailBackend

@Suite struct CatalogueTests {
    let catalogue: Catalogue

    init() throws {
        catalogue = Catalogue(content: try DemoCatalogue.content(anchor: TestClock.anchor))
    }

    @Test func holdsEnoughMerchandise() {
        #expect(catalogue.products.count >= 200)
        #expect(catalogue.categories.count >= 12)
        #expect(catalogue.campaigns.count >= 8)
        #expect(Set(catalogue.products.map(\.id)).count == catalogue.products.count)
        #expect(catalogue.products.contains { $0.availability == .unavailable })
        #expect(catalogue.products.contains { $0.availability == .lowStock })
        #expect(catalogue.products.contains { $0.compareAtPrice(in: .enUS) != nil })
        for locale in StoreLocale.allCases {
            #expect(catalogue.products.allSatisfy { (1.0...5.0).contains($0.rating ?? 0) && $0.price(in: locale).cents > 0 })
            #expect(catalogue.products.allSatisfy { product in
                product.compareAt[locale.currency].map { $0 > product.price(in: locale).cents } ?? true
            })
        }
    }

    @Test func campaignsArePastLiveFutureAndOneEndsSoon() {
        let now = TestClock.anchor
        #expect(catalogue.campaigns.contains { $0.end <= now })
        #expect(catalogue.campaigns.contains { ($0.window.start ?? .distantPast) > now })
        let live = catalogue.campaigns.filter { $0.isLive(at: now) }
        #expect(live.count >= 4)
        #expect(live.contains { $0.end.timeIntervalSince(now) <= 3 * 3600 })
        #expect(catalogue.campaigns.allSatisfy { $0.products.categories.allSatisfy { catalogue.category($0) != nil } })
        #expect(catalogue.campaigns.allSatisfy { !$0.products.products(in: catalogue, locale: .enUS).isEmpty })
    }

    @Test func everyLocaleHasCopyAndItsCurrency() {
        for locale in StoreLocale.allCases {
            #expect(catalogue.products.allSatisfy { !$0.title[locale].isEmpty && $0.price(in: locale).currency == locale.currency })
            #expect(catalogue.campaigns.allSatisfy { !$0.title[locale].isEmpty && !$0.subtitle[locale].isEmpty })
            #expect(catalogue.categories.allSatisfy { !$0.name[locale].isEmpty })
        }
        #expect(catalogue.campaigns.contains { $0.title.de != $0.title.en })
    }

    @Test func pricesAreTheFeedsOwnInEachCurrency() throws {
        let product = try #require(catalogue.product("p-1001"))
        #expect(product.price(in: .enUS) == Money(cents: 6100, currency: "USD"))
        #expect(product.price(in: .deDE) == Money(cents: 5600, currency: "EUR"))
        #expect(product.price(in: .frFR) == product.price(in: .deDE))
    }

    @Test func localesResolveByTagThenLanguage() {
        #expect(StoreLocale.resolve("fr-FR") == .frFR)
        #expect(StoreLocale.resolve("de_ch") == .deDE)
        #expect(StoreLocale.resolve("fr") == .frFR)
        #expect(StoreLocale.resolve("ja-JP") == .enUS)
        #expect(StoreLocale.resolve(nil) == .enUS)
    }
}
