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

    /// The fix a malformed instant is given is that very instant, or none: never one an hour
    /// off (a text with its own offset), never one the check refuses (a time the clocks pass
    /// twice or skip).
    @Test func anInstantWrittenAnotherWayGetsItsOwnFixOrNone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let fix = try #require(CatalogueFileReader.suggestion(for: "2026-11-26 10:00", zone: berlin))
        #expect(fix.absolute == "2026-11-26T10:00:00+01:00" && fix.local == "2026-11-26T10:00")
        #expect(CatalogueFileReader.suggestion(for: "2026-07-01 10:00:30", zone: berlin)?.absolute == "2026-07-01T10:00:30+02:00")
        for text in ["2026-11-26 10:00:00Z", "2026-11-26T10:00Z", "2026-11-26 10:00-05", "2026-11-26 10:00+01:00",
                     "2026-10-25 02:30", "2026-03-29 02:30", "2026-13-01 10:00", "26.11.2026 10:00", "2026-11-26"] {
            #expect(CatalogueFileReader.suggestion(for: text, zone: berlin) == nil, "\(text)")
        }
    }

    /// "Did you mean" for a key a letter or two off, compared whole: never for a long key that
    /// merely starts like a known one, nor when two known keys are as near.
    @Test func aNearMissIsOneKnownKeyASlipAway() {
        #expect(CatalogueFileReader.nearMiss("tilte", among: ["title", "subtitle", "cta"]) == "title")
        #expect(CatalogueFileReader.nearMiss("placments", among: ["placements", "priority"]) == "placements")
        #expect(CatalogueFileReader.nearMiss("xyz", among: ["title"]) == nil)
        #expect(CatalogueFileReader.nearMiss("cat", among: ["car", "bat"]) == nil, "two as near: no guess")
        let long = "placements" + String(repeating: "x", count: 70)
        #expect(CatalogueFileReader.nearMiss(long, among: ["placements" + String(repeating: "x", count: 54)]) == nil)
    }
}
