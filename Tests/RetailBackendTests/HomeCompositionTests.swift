import FlowCore
import Foundation
import Testing
@testable import RetailBackend

@Suite struct HomeCompositionTests {
    let clock = TestClock()
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend(clock: clock)
    }

    /// The first home page for a context, bypassing query parsing (to pick the variant).
    func composed(_ context: PageContext) throws -> JSONValue {
        try JSONParser.parse(backend.encodedPage("home", context: context, at: clock.now).body(requestID: "r"))
    }

    @Test func firstPageCarriesEnvelopeTrackingAndExperiment() throws {
        let page = try parse(backend.respond(to: get("/v1/home", [("locale", "en-US"), ("userSegment", "new")])))
        #expect(page[path: "page", "id"] == "home")
        #expect(page[path: "page", "schema_version"] == 1)
        #expect(page[path: "page", "ttl"] == .number(Double(PageWriter.ttl)))
        #expect(page[path: "page", "experiments", 0, "id"] == "exp-hero-order")
        #expect(page[path: "page", "header", "widgets", 0, "type"] == "search_bar")
        let hero = try #require(page[path: "page", "sections", 0])
        #expect(hero[path: "widgets", 0, "type"] == "hero_campaign")
        #expect(hero[path: "tracking", "section_id"] == "hero")
        #expect(hero[path: "tracking", "experiment_id"] == "exp-hero-order")
        #expect(hero[path: "tracking", "campaign_id"] != nil)
        for section in page[path: "page", "sections"]?.arrayValue ?? [] {
            for (position, widget) in (section["widgets"]?.arrayValue ?? []).enumerated() {
                #expect(widget[path: "tracking", "item_id"]?.stringValue != nil)
                #expect(widget[path: "tracking", "position"] == .number(Double(position)))
            }
        }
    }

    @Test func requestIDIsUniquePerResponse() throws {
        let first = try parse(backend.respond(to: get("/v1/home")))[path: "page", "request_id"]
        let second = try parse(backend.respond(to: get("/v1/home")))[path: "page", "request_id"]
        #expect(first?.stringValue?.isEmpty == false)
        #expect(first != second)
    }

    @Test func segmentsGetDifferentOrderAndContent() throws {
        func ids(_ segment: String) throws -> [String] {
            try allHomeSections(backend, [("userSegment", segment), ("appVersion", "3.0")]).compactMap { $0["id"]?.stringValue }
        }
        let new = try ids("new")
        let returning = try ids("returning")
        let vip = try ids("vip")
        #expect(new[1] == "promotions")
        #expect(returning[1] == "recommended")
        #expect(new != returning && returning != vip)
        let vipPromos = try allHomeSections(backend, [("userSegment", "vip")]).first { $0["id"] == "promotions" }
        let codes = vipPromos?["widgets"]?.arrayValue?.compactMap { $0[path: "data", "code"]?.stringValue } ?? []
        #expect(codes.contains("VIPX2") && !codes.contains("HELLO15"))
    }

    @Test func everySegmentsRecommendationsAreMostlyAvailable() throws {
        // "Some sold-out items" among the recommendations, never a row of them.
        for segment in ["new", "returning", "vip"] {
            let recommended = try #require(allHomeSections(backend, [("userSegment", segment)]).first { $0["id"] == "recommended" })
            let availability = recommended["widgets"]?.arrayValue?.compactMap { $0[path: "data", "availability"]?.stringValue } ?? []
            #expect(availability.count >= 8, "\(segment)")
            #expect(availability.filter { $0 == "unavailable" }.count <= 2, "\(segment): \(availability)")
        }
    }

    @Test func aSoldOutCardSaysSoOnceByItsAvailability() throws {
        for locale in ["en-US", "de-DE", "fr-FR"] {
            let cards = try allHomeSections(backend, [("locale", locale)]).flatMap(\.allObjects).filter { $0["availability"] == "unavailable" }
            #expect(!cards.isEmpty)
            for card in cards {
                let badges = card["badges"]?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? []
                #expect(!badges.contains { ["Sold out", "Ausverkauft", "Épuisé"].contains($0) }, "\(locale): \(badges)")
            }
        }
    }

    @Test func localeChangesCopyAndCurrency() throws {
        let english = try allHomeSections(backend, [("locale", "en-US")])
        let german = try allHomeSections(backend, [("locale", "de-DE")])
        let french = try allHomeSections(backend, [("locale", "fr-FR")])
        func currencies(_ sections: [JSONValue]) -> Set<String> {
            Set(sections.flatMap(\.allObjects).compactMap { $0[path: "price", "currency"]?.stringValue })
        }
        #expect(currencies(english) == ["USD"])
        #expect(currencies(german) == ["EUR"])
        #expect(currencies(french) == ["EUR"])
        let title = { (sections: [JSONValue]) in sections.first { $0["id"] == "campaigns" }?[path: "header", "data", "title"] }
        #expect(title(english) == "Campaigns for you")
        #expect(title(german) == "Aktionen für dich")
        #expect(title(french) == "Nos opérations pour vous")
    }

    /// The unit is the shopper's session: the same token gets the same variant (at any
    /// instance: the hash is of the token, not of a process's state), and a name identifies no one.
    @Test func experimentAssignmentIsStablePerSessionAndReported() throws {
        var variants: Set<String> = []
        let other = try makeBackend()
        for _ in 0..<16 {
            let session = ["authorization": "Bearer \(try startSession(backend).token)"]
            let first = try parse(backend.respond(to: get("/v1/home", headers: session)))
            let again = try parse(other.respond(to: get("/v1/home", headers: session)))
            let variant = try #require(first[path: "page", "experiments", 0, "variant"]?.stringValue)
            #expect(again[path: "page", "experiments", 0, "variant"]?.stringValue == variant)
            variants.insert(variant)
        }
        #expect(variants == ["a", "b"])
        let named = try (0..<16).map { user in
            try parse(backend.respond(to: get("/v1/home", headers: ["x-vitrine-user": "user-\(user)"])))[path: "page", "experiments", 0, "variant"]
        }
        #expect(Set(named).count == 1, "without a session every request of a segment gets its segment's variant")
    }

    /// A backend whose variants are fixed (a preview's) shows every shopper the same arm,
    /// whatever their session: the one pinned, else the segment's; sessions that would each
    /// get their own (above) do not.
    @Test func fixedVariantsAreEveryShoppersWhateverTheirSession() throws {
        func variants(_ backend: HomeBackend) throws -> Set<String> {
            try Set((0..<16).map { _ in
                let session = ["authorization": "Bearer \(try startSession(backend).token)"]
                return try #require(parse(backend.respond(to: get("/v1/home", headers: session)))[path: "page", "experiments", 0, "variant"]?.stringValue)
            })
        }
        for pinned in ["a", "b"] {
            #expect(try variants(makeBackend { $0.variants = .fixed(["exp-hero-order": pinned]) }) == [pinned])
        }
        let unpinned = try makeBackend { $0.variants = .fixed([:]) }
        let segments = try #require(parse(unpinned.respond(to: get("/v1/home")))[path: "page", "experiments", 0, "variant"]?.stringValue)
        #expect(try variants(unpinned) == [segments], "nothing pinned: the segment's")
    }

    @Test func variantsOrderTheHeroDifferently() throws {
        var context = PageContext(segment: .returning)
        context.variantOverrides = ["exp-hero-order": "a"]
        let heroA = try composed(context)
        context.variantOverrides = ["exp-hero-order": "b"]
        let heroB = try composed(context)
        // a: highest priority (winter sale); b: ending soonest (flash deals, ends 2 h after the anchor).
        #expect(heroA[path: "page", "sections", 0, "widgets", 0, "data", "campaign_id"] == "cmp-winter")
        #expect(heroB[path: "page", "sections", 0, "widgets", 0, "data", "campaign_id"] == "cmp-flash")
    }

    @Test func onlyLiveCampaignsAppear() throws {
        let campaignIDs = Set(try allHomeSections(backend, [("userSegment", "returning"), ("appVersion", "9"), ("capabilities", "video")])
            .flatMap(\.allObjects).compactMap { $0["campaign_id"]?.stringValue })
        #expect(campaignIDs.contains("cmp-winter"))
        #expect(campaignIDs.contains("cmp-flash"))
        #expect(!campaignIDs.contains("cmp-summer"))  // over
        #expect(!campaignIDs.contains("cmp-spring"))  // not started
        #expect(!campaignIDs.contains("cmp-vip"))  // VIPs only
    }

    @Test func campaignWindowsFollowTheInjectedClock() throws {
        func campaigns() throws -> Set<String> {
            Set(try allHomeSections(backend, [("userSegment", "returning")]).flatMap(\.allObjects).compactMap { $0["campaign_id"]?.stringValue })
        }
        #expect(try campaigns().contains("cmp-flash"))
        clock.set(hoursAfterAnchor: 2)  // the flash sale's end is exclusive
        #expect(try !campaigns().contains("cmp-flash"))
        clock.set(hoursAfterAnchor: 121)  // beauty days started at +120 h, boots week ended at +120 h
        let later = try campaigns()
        #expect(later.contains("cmp-beauty"))
        #expect(!later.contains("cmp-boots"))
    }

    @Test func heroEndsAtTheCampaignEnd() throws {
        var context = PageContext(segment: .returning)
        context.variantOverrides = ["exp-hero-order": "b"]
        let page = try composed(context)
        let end = RFC3339.string(from: TestClock.anchor.addingTimeInterval(2 * 3600))
        #expect(page[path: "page", "sections", 0, "widgets", 0, "data", "ends_at"] == .string(end))
        #expect(page[path: "page", "sections", 0, "expires_at"] == .string(end))
    }

    @Test func paginationReachesTheEndWithUniqueIDs() throws {
        var cursor: String?
        var pages = 0
        var sectionIDs: [String] = []
        var widgetIDs: [String] = []
        var sawFooter = false
        while true {
            let response = backend.respond(to: get("/v1/home", [("appVersion", "2.6.0"), ("capabilities", "video")] + (cursor.map { [("cursor", $0)] } ?? [])))
            #expect(response.status == 200)
            let page = try parse(response)
            pages += 1
            let sections = page[path: "page", "sections"]?.arrayValue ?? []
            #expect(!sections.isEmpty && sections.count <= 4)
            sectionIDs += sections.compactMap { $0["id"]?.stringValue }
            widgetIDs += sections.flatMap(\.allObjects).filter { $0["type"] != nil }.compactMap { $0["id"]?.stringValue }
            #expect((page[path: "page", "nav"] != nil) == (pages == 1))
            guard page[path: "page", "pagination", "has_more"] == .bool(true) else {
                sawFooter = page[path: "page", "footer"] != nil
                #expect(page[path: "page", "pagination", "postback"] == nil)
                break
            }
            #expect(page[path: "page", "footer"] == nil)
            cursor = try #require(page[path: "page", "pagination", "postback", "cursor"]?.stringValue)
        }
        #expect(pages >= 3)
        #expect(sawFooter)
        #expect(Set(sectionIDs).count == sectionIDs.count)
        #expect(Set(widgetIDs).count == widgetIDs.count)
    }

    @Test func badParametersAre400() throws {
        for query in [[("userSegment", "gold")], [("appVersion", "two")], [("appVersion", "1..2")], [("cursor", "zzz")], [("cursor", "s400")]] {
            let response = backend.respond(to: get("/v1/home", query))
            #expect(response.status == 400)
            #expect(try parse(response)[path: "error", "code"] == "invalid_parameter")
        }
    }

    @Test func unknownLocaleFallsBackByLanguage() throws {
        let page = try parse(backend.respond(to: get("/v1/home", [("locale", "de-AT")])))
        #expect(page.allObjects.compactMap { $0[path: "price", "currency"]?.stringValue }.allSatisfy { $0 == "EUR" })
    }
}
