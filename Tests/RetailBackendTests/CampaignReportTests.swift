import FlowCore
import Foundation
import Testing
@testable import RetailBackend

/// The campaign report's figures from stored events: counts per campaign, placement and arm,
/// the attribution of adds, the segment filter through compositions, contract problems, and
/// the statistics against computations written independently here.
@Suite struct CampaignReportTests {
    static let minute: Int64 = 60_000

    func event(_ name: String, campaign: String? = "cmp-winter", section: String? = "hero", experiment: String? = nil,
               variant: String? = nil, request: String? = nil, extra: [(String, JSONValue)] = []) -> KeptEvent {
        var members: [(String, JSONValue)] = [("event_id", .string(UUID().uuidString)), ("name", .string(name))]
        if let campaign { members.append(("campaign_id", .string(campaign))) }
        if let section { members.append(("section_id", .string(section))) }
        if let experiment { members.append(("experiment_id", .string(experiment))) }
        if let variant { members.append(("experiment_variant", .string(variant))) }
        if let request { members.append(("request_id", .string(request))) }
        members += extra
        let object = JSONValue.members(members)
        return KeptEvent(id: object["event_id"]?.stringValue ?? "", name: name, event: object)
    }

    func report(_ events: [(at: Int64, shopper: String, event: KeptEvent)], query: CampaignReport.Query? = nil,
                compositions: [CompositionRecord] = []) -> CampaignResults {
        var report = CampaignReport(query: query ?? .init(from: 0, to: .max), compositions: compositions)
        for (at, shopper, event) in events { report.add(StoredEvent(receivedAt: at, shopper: shopper, event: event)) }
        return report.results
    }

    @Test func countsImpressionsShoppersTapsAndAddsPerCampaignAndPlacement() throws {
        let results = report([
            (0, "ana", event("impression")), (1, "ana", event("impression")), (2, "ana", event("tap")),
            (3, "ana", event("add_to_cart")), (4, "bo", event("impression")),
            (5, "bo", event("impression", section: "carousel")), (6, "bo", event("impression", campaign: "cmp-boots")),
            (7, "bo", event("impression", campaign: nil)),  // no campaign: in no row
            (8, "bo", event("page_view")),
        ])
        #expect(results.campaigns.map { "\($0.campaignID)/\($0.placement ?? "-")" } == ["cmp-boots/hero", "cmp-winter/carousel", "cmp-winter/hero"])
        let hero = try #require(results.campaigns.last)
        #expect((hero.impressions, hero.shoppers, hero.taps, hero.adds) == (3, 2, 1, 1))
        #expect(hero.ctr == 1.0 / 3)
        #expect(hero.addRate == 0.5)
        let boots = try #require(results.campaigns.first)
        #expect(boots.taps == 0 && boots.ctr == 0 && boots.ctrLow == 0)
    }

    @Test func anAddIsItsWidgetsCampaignsElseTheLastCampaignTappedInTheSameVisit() throws {
        let minute = Self.minute
        let results = report([
            (0, "ana", event("impression")), (1, "ana", event("tap")),
            // On the campaign's page: a product with no campaign of its own.
            (2 * minute, "ana", event("add_to_cart", campaign: nil, section: "grid")),
            (3 * minute, "ana", event("tap", campaign: "cmp-boots")),
            (4 * minute, "ana", event("add_to_cart", campaign: nil, section: nil)),  // the boots' now
            (5 * minute, "ana", event("add_to_cart", campaign: "cmp-winter")),  // its own widget wins
            // 30 minutes later the visit is over: no campaign is credited.
            (35 * minute, "ana", event("add_to_cart", campaign: nil, section: nil)),
            // Another shopper's tap is not Ana's.
            (36 * minute, "bo", event("tap", campaign: "cmp-boots")),
            (37 * minute, "ana", event("add_to_cart", campaign: nil, section: nil)),
            // A visit is measured from the last event: 29 minutes apart twice stays one visit.
            (66 * minute, "ana", event("tap")), (95 * minute, "ana", event("page_view")),
            (124 * minute, "ana", event("add_to_cart", campaign: nil, section: nil)),
        ])
        let adds = Dictionary(uniqueKeysWithValues: results.campaigns.map { ("\($0.campaignID)/\($0.placement ?? "-")", $0.adds) })
        #expect(adds == ["cmp-winter/hero": 3, "cmp-boots/hero": 1])
    }

    @Test func theSegmentAndLocaleFiltersGoThroughTheCompositionARequestIDNames() throws {
        let vip = CompositionRecord(id: "0123456789abcdef", pageID: "home", catalogueVersion: 1, segment: "vip", locale: "de-DE",
                                    composedAt: 0, body: "{}")
        let new = CompositionRecord(id: "fedcba9876543210", pageID: "home", catalogueVersion: 1, segment: "new", locale: "en-US",
                                    composedAt: 0, body: "{}")
        let events: [(at: Int64, shopper: String, event: KeptEvent)] = [
            (0, "ana", event("impression", request: "0123456789abcdef-1a2b3c4d-1")),
            (1, "bo", event("impression", request: "fedcba9876543210-1a2b3c4d-7")),
            (2, "cy", event("impression", request: "req-1a2b3c4d-9")),  // no composition
            (3, "di", event("impression", request: "0123456789ABCDEF-1a2b3c4d-2")),  // not an id: upper case
        ]
        func impressions(segment: String? = nil, locale: String? = nil) -> Int {
            report(events, query: .init(from: 0, to: .max, segment: segment, locale: locale), compositions: [vip, new])
                .campaigns.map(\.impressions).reduce(0, +)
        }
        #expect(impressions() == 4)
        #expect(impressions(segment: "vip") == 1)
        #expect(impressions(segment: "vip", locale: "en-US") == 0)
        #expect(impressions(locale: "en-US") == 1)
        #expect(impressions(segment: "returning") == 0)
    }

    @Test func thePeriodIsHalfOpen() {
        let results = report([(9, "ana", event("impression")), (10, "ana", event("impression")), (19, "ana", event("impression")),
                              (20, "ana", event("impression"))], query: .init(from: 10, to: 20))
        #expect(results.campaigns.map(\.impressions) == [2])
    }

    @Test func contractProblemsAreGroupedWithTheirShoppersAndAppVersions() throws {
        func problem(_ kind: String, version: String) -> KeptEvent {
            event("contract_problem", campaign: nil, extra: [
                ("page_id", "home"), ("widget_type", "hero_campaign"), ("kind", .string(kind)), ("app_version", .string(version)),
            ])
        }
        let results = report([
            (0, "ana", problem("missing_field", version: "2.1.0")), (1, "ana", problem("missing_field", version: "2.1.0")),
            (2, "bo", problem("missing_field", version: "1.9.0")), (3, "bo", problem("unknown_type", version: "1.9.0")),
        ])
        #expect(results.contractProblems.count == 2)
        let first = try #require(results.contractProblems.first)
        #expect((first.kind, first.count, first.shoppers, first.appVersions) == ("missing_field", 3, 2, ["1.9.0", "2.1.0"]))
        #expect(first.pageID == "home" && first.sectionID == "hero" && first.widgetType == "hero_campaign")
    }

    @Test func aProblemsSectionIsTheOneItsPathNamesInTheCompositionOfItsRequest() throws {
        let composition = CompositionRecord(
            id: "00112233445566ff", pageID: "home", catalogueVersion: 1, segment: "vip", locale: "en-US", composedAt: 0,
            body: #"{"placements":[{"section_id":"hero"},{"section_id":"campaigns"}]}"#)
        func problem(_ path: String, request: String = "00112233445566ff-salt-1") -> KeptEvent {
            event("contract_problem", campaign: nil, section: nil, request: request,
                  extra: [("page_id", "home"), ("kind", "malformed_payload"), ("path", .string(path))])
        }
        let results = report([
            (0, "ana", problem("page.sections.1.widgets.0")), (1, "ana", problem("page.sections.0")),
            (2, "ana", problem("page.sections.7.widgets.0")),  // past the composition's sections
            (3, "ana", problem("page.header.0")), (4, "ana", problem("page.sections.1.widgets.0", request: "req-x-1")),
        ], compositions: [composition])
        let sections = Dictionary(grouping: results.contractProblems, by: { $0.sectionID ?? "-" }).mapValues { $0.map(\.count).reduce(0, +) }
        #expect(sections == ["campaigns": 1, "hero": 1, "-": 3])
        #expect(CompositionRecord.sectionIndex(inPath: "page.sections.12") == 12)
        #expect(CompositionRecord.sectionIndex(inPath: "page.sections.-1") == nil)
        #expect(CompositionRecord.sectionIndex(inPath: "page.sections.99999999999999999999.x") == nil)
        #expect(CompositionRecord.sectionIndex(inPath: "page.sectionsx.1") == nil)
    }

    @Test func experimentsCompareTheSecondArmWithTheFirstOverAllTheirPlacements() throws {
        var events: [(at: Int64, shopper: String, event: KeptEvent)] = []
        func add(_ count: Int, _ name: String, variant: String, section: String) {
            for index in 0..<count {
                events.append((Int64(events.count), "s-\(index)", event(name, section: section, experiment: "hero-test", variant: variant)))
            }
        }
        add(600, "impression", variant: "boots", section: "hero")
        add(400, "impression", variant: "boots", section: "carousel")
        add(50, "tap", variant: "boots", section: "hero")
        add(1_000, "impression", variant: "winter", section: "hero")
        add(75, "tap", variant: "winter", section: "hero")
        // A stray arm a few events name (a client's typo) neither joins the comparison nor takes it.
        events.append((Int64(events.count), "stray", event("impression", section: "hero", experiment: "hero-test", variant: "Boots")))
        var experiment = try #require(report(events).experiments.first)
        #expect(experiment.arms.map(\.variant) == ["Boots", "boots", "winter"])
        #expect(experiment.compared == ["boots", "winter"])
        experiment.arms.removeFirst()
        #expect(experiment.arms.map(\.variant) == ["boots", "winter"])
        #expect(experiment.arms.map(\.impressions) == [1_000, 1_000])
        #expect(experiment.arms.map(\.taps) == [50, 75])
        // Independently: pooled p = 125/2000, se = √(p(1−p)·2/1000), z = 0.025/se.
        let pooled = 125.0 / 2_000
        let z = 0.025 / (pooled * (1 - pooled) * 2 / 1_000).squareRoot()
        let expectedP = 2 * (1 - normalCDF(z))
        #expect(abs((experiment.pValue ?? -1) - expectedP) < 1e-9)
        #expect(abs((experiment.ctrDifference ?? 0) - 0.025) < 1e-12)
        let spread = (0.05 * 0.95 / 1_000 + 0.075 * 0.925 / 1_000).squareRoot()
        #expect(abs((experiment.differenceLow ?? 0) - (0.025 - 1.959963984540054 * spread)) < 1e-12)
        #expect(abs((experiment.differenceHigh ?? 0) - (0.025 + 1.959963984540054 * spread)) < 1e-12)
    }

    @Test(arguments: [(0, 10), (3, 10), (10, 10), (50, 1_000), (1, 1_000_000), (999_999, 1_000_000)])
    func wilsonIntervalsAreTheRootsOfTheScoreEquation(successes: Int, trials: Int) throws {
        let interval = try #require(Proportions.wilson(successes: successes, trials: trials))
        let expected = scoreInterval(successes: successes, trials: trials)
        #expect(abs(interval.low - expected.low) < 1e-9)
        #expect(abs(interval.high - expected.high) < 1e-9)
        let phat = Double(successes) / Double(trials)
        #expect(interval.low <= phat && phat <= interval.high)
    }

    @Test func ratesWithoutADenominatorAreNullNotZeroOrNaN() throws {
        #expect(Proportions.wilson(successes: 0, trials: 0) == nil)
        #expect(Proportions.difference(a: (0, 0), b: (1, 10)) == nil)
        #expect(Proportions.difference(a: (0, 10), b: (0, 10))?.pValue == 1)
        // An add whose campaign had no impression in the period: a row with adds, ctr null.
        let results = report([(0, "ana", event("add_to_cart"))])
        let row = try #require(results.campaigns.first)
        #expect(row.ctr == nil && row.ctrLow == nil && row.addRate == nil && row.adds == 1)
        let json = try JSONParser.parse(results.jsonData)
        #expect(json[path: "campaigns", 0, "ctr"] == .null)
        #expect(json[path: "campaigns", 0, "add_rate"] == .null)
    }

    @Test func theJSONHasTheContractsShape() throws {
        let results = report([
            (0, "ana", event("impression", experiment: "e", variant: "a")), (1, "ana", event("tap", experiment: "e", variant: "a")),
            (2, "bo", event("impression", experiment: "e", variant: "b")),
            (3, "bo", event("contract_problem", campaign: nil, extra: [("kind", "bad"), ("app_version", "1.0.0")])),
        ], query: .init(from: 0, to: 86_400_000))
        let json = try JSONParser.parse(results.jsonData)
        #expect(json.objectValue?.keys == ["from", "to", "campaigns", "experiments", "contract_problems"])
        #expect(json["from"] == "1970-01-01T00:00:00Z" && json["to"] == "1970-01-02T00:00:00Z")
        #expect(json[path: "campaigns", 0]?.objectValue?.keys == [
            "campaign_id", "placement", "experiment_id", "variant", "impressions", "shoppers", "taps", "adds", "ctr", "ctr_low", "ctr_high",
            "add_rate",
        ])
        #expect(json[path: "experiments", 0]?.objectValue?.keys == [
            "experiment_id", "arms", "ctr_difference", "difference_low", "difference_high", "p_value",
        ])
        #expect(json[path: "experiments", 0, "arms", 0]?.objectValue?.keys == ["variant", "impressions", "taps", "ctr"])
        #expect(json[path: "contract_problems", 0]?.objectValue?.keys == [
            "page_id", "section_id", "widget_type", "kind", "count", "shoppers", "app_versions",
        ])
    }
}

/// Φ(x) by the complementary error function's relation, written out here rather than shared.
func normalCDF(_ x: Double) -> Double {
    0.5 * (1 + erf(x / 2.0.squareRoot()))
}
