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

    /// The fix a date and time written another way is given is the instant it writes (its own
    /// offset kept, else the zone's then; a day alone is the day's first instant in the zone),
    /// or none when it reads more than one way (a day first could be a month first): never
    /// another instant, never one an hour off, never one the check refuses (a time the clocks
    /// pass twice gets both of its instants, one they skip none).
    @Test func anInstantWrittenAnotherWayGetsTheInstantItWritesOrNone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let santiago = try #require(TimeZone(identifier: "America/Santiago"))
        let apia = try #require(TimeZone(identifier: "Pacific/Apia"))
        typealias Fix = CatalogueFileReader.InstantSuggestion
        let cases: [(text: String, zone: TimeZone, fix: Fix?)] = [
            ("2026-11-26 10:00", berlin, .instant(absolute: "2026-11-26T10:00:00+01:00", local: "2026-11-26T10:00")),
            ("2026-07-01 10:00:30", berlin, .instant(absolute: "2026-07-01T10:00:30+02:00", local: "2026-07-01T10:00:30")),
            ("2026/11/26 9:00", berlin, .instant(absolute: "2026-11-26T09:00:00+01:00", local: "2026-11-26T09:00")),
            // A day alone: its first instant, at the zone's offset then.
            ("2027-01-20", berlin, .instant(absolute: "2027-01-20T00:00:00+01:00", local: "2027-01-20T00:00")),
            ("2027-01-20", newYork, .instant(absolute: "2027-01-20T00:00:00-05:00", local: "2027-01-20T00:00")),
            // Santiago's clocks skip that midnight: the day starts at 01:00.
            ("2027-09-05", santiago, .instant(absolute: "2027-09-05T01:00:00-03:00", local: "2027-09-05T01:00")),
            // An offset written another way is kept: the instant it names, whatever the zone's.
            ("2027-01-20T10:00:00+0100", berlin, .instant(absolute: "2027-01-20T10:00:00+01:00", local: "2027-01-20T10:00")),
            ("2027-01-20 10:00 +01:00", berlin, .instant(absolute: "2027-01-20T10:00:00+01:00", local: "2027-01-20T10:00")),
            ("2027-01-20T10:00:00+0100", newYork, .instant(absolute: "2027-01-20T10:00:00+01:00", local: nil)),
            ("2026-11-26 10:00-05", berlin, .instant(absolute: "2026-11-26T10:00:00-05:00", local: nil)),
            ("2026-11-26 10:00:00Z", berlin, .instant(absolute: "2026-11-26T10:00:00Z", local: nil)),
            // The clocks pass it twice, or skip it.
            ("2026-10-25 02:30", berlin, .twice(local: "2026-10-25T02:30", ["2026-10-25T02:30:00+02:00", "2026-10-25T02:30:00+01:00"])),
            ("2026-03-29 02:30", berlin, .skipped(local: "2026-03-29T02:30")),
            // Samoa skipped 30 December 2011 whole: that day has no instant, not the next day's.
            ("2011-12-30", apia, .skipped(local: "2011-12-30")),
            // Not one reading.
            ("20/01/2027 10:00", berlin, nil), ("01/20/2027 10:00", berlin, nil), ("26.11.2026 10:00", berlin, nil),
            ("2026-13-01 10:00", berlin, nil), ("2027-02-30", berlin, nil), ("2027-01-20T10:00:00+01:0", berlin, nil),
            ("2027-01-20 10:00 +01:00 CET", berlin, nil), ("2027-01-20 10:00:00.5", berlin, nil), ("tomorrow", berlin, nil),
        ]
        for (text, zone, fix) in cases {
            #expect(CatalogueFileReader.suggestion(for: text, zone: zone) == fix, "\(text) in \(zone.identifier)")
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
