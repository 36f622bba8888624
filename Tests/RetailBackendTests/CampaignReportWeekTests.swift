import FlowCore
import Foundation
import PageGenerator
import Testing
import TestSupport
@testable import HTTPServer
@testable import RetailBackend

/// A known week of shoppers played against the real backend on SQLite: each day new shoppers
/// open the home page with their session (so the demo's hero experiment assigns each an arm),
/// see its experiment's widgets, tap them at a rate their arm decides (seeded), add some of
/// what they tapped from the page it opened, and sometimes send a batch twice. The backend is
/// restarted midway. The report, read as `vitrine report` reads it, must count exactly what
/// the test counted itself, and its intervals and test must match an independent computation.
@Suite struct CampaignReportWeekTests {
    /// The true tap rates of the demo experiment's arms, and the share of taps that add.
    static let tapRates = ["a": 0.06, "b": 0.14]
    static let addRate = 0.4
    static let shoppersPerDay = 36

    struct Tally {
        var impressions = 0
        var shoppers: Set<String> = []
        var taps = 0
        var adds = 0
    }

    struct RowKey: Hashable {
        var campaign: String
        var placement: String
        var experiment: String?
        var variant: String?
    }

    @Test func aSeededWeekIsReportedExactlyAcrossARestart() async throws {
        let directory = try ScratchDirectory("report-week")
        let clock = TestClock()
        func open() async throws -> HomeBackend {
            try await offThePool {
                try makeBackend(clock: clock) { configuration in
                    configuration.storage = .sqlite(directory: directory.url)
                    configuration.newSessionsPerAddress = nil
                    configuration.newSessionsInAll = nil
                }
            }
        }
        var random = SeededRandom(seed: 20_261_207)
        var all: [RowKey: Tally] = [:]
        var vipOnly: [RowKey: Tally] = [:]
        var backend = try await open()
        for day in 0..<7 {
            if day == 4 {
                let running = backend
                await offThePool { running.close() }
                backend = try await open()
            }
            clock.set(hoursAfterAnchor: Double(day * 24))
            for index in 0..<Self.shoppersPerDay {
                clock.advance(seconds: 120)
                let segment = index % 3 == 0 ? "vip" : "returning"
                let running = backend
                // The arm is the seed's: sessions are made until one is assigned it (an arm
                // follows the session's random token), so the week is the same on every run.
                let wanted = random.chance(0.5) ? "a" : "b"
                var shopperSession: (token: String, shopper: String, sections: [(String, JSONValue)])?
                for _ in 0..<64 where shopperSession == nil {
                    let (token, shopper) = try await offThePool { try startSession(running) }
                    let sections = try await homeSections(running, token: token, segment: segment)
                    let arms = sections.compactMap { $0.1[path: "tracking", "experiment_variant"]?.stringValue }
                    if !arms.isEmpty, arms.allSatisfy({ $0 == wanted }) { shopperSession = (token, shopper, sections) }
                }
                let (token, shopper, sections) = try #require(shopperSession)
                var events: [JSONValue] = []
                var counted: [(RowKey, String)] = []  // (row, what) in order
                for (requestID, section) in sections {
                    guard case .object(let tracking)? = section["tracking"], let experiment = tracking["experiment_id"]?.stringValue,
                        let variant = tracking["experiment_variant"]?.stringValue
                    else { continue }
                    for (position, widget) in (section["widgets"]?.arrayValue ?? []).enumerated() {
                        let merged = tracking.merging(widget["tracking"]?.objectValue ?? JSONObject())
                        guard let campaign = merged["campaign_id"]?.stringValue, let placement = merged["section_id"]?.stringValue else { continue }
                        let key = RowKey(campaign: campaign, placement: placement, experiment: experiment, variant: variant)
                        var fields = merged
                        fields["request_id"] = .string(requestID)
                        fields["page_id"] = "home"
                        fields["position"] = .integer(position)
                        events.append(event("impression", fields, &random))
                        counted.append((key, "impression"))
                        guard random.chance(Self.tapRates[variant] ?? 0) else { continue }
                        events.append(event("tap", fields, &random))
                        counted.append((key, "tap"))
                        guard random.chance(Self.addRate) else { continue }
                        // From the campaign's page: the product carries no campaign of its own.
                        events.append(event("add_to_cart", JSONObject([("page_id", .string("campaign:\(campaign)")), ("item_id", "p-1001")]), &random))
                        counted.append((key, "add"))
                    }
                }
                guard !events.isEmpty else { continue }
                let body = String(decoding: JSONWriter.data(for: ["events": .array(events)]), as: UTF8.self)
                let request = post("/v1/events", json: body, headers: ["authorization": "Bearer \(token)"])
                let answer = try parse(await offThePool { running.respond(to: request) })
                #expect(answer == ["accepted": .integer(events.count), "duplicates": 0])
                if random.chance(0.25) {
                    // A retry of the whole batch (its answer was lost): nothing counts twice.
                    #expect(try parse(await offThePool { running.respond(to: request) })["accepted"] == 0)
                }
                for (key, what) in counted {
                    for isVIP in [false, true] where !isVIP || segment == "vip" {
                        var tally = (isVIP ? vipOnly : all)[key] ?? Tally()
                        switch what {
                        case "impression":
                            tally.impressions += 1
                            tally.shoppers.insert(shopper)
                        case "tap": tally.taps += 1
                        default: tally.adds += 1
                        }
                        if isVIP { vipOnly[key] = tally } else { all[key] = tally }
                    }
                }
            }
        }
        let end = clock.now.addingTimeInterval(1)
        let finished = backend
        await offThePool { finished.close() }

        let results = try EventReports.campaigns(in: .sqlite(directory: directory.url), from: TestClock.anchor, to: end)
        try compare(results, with: all)
        try compare(try EventReports.campaigns(in: .sqlite(directory: directory.url), from: TestClock.anchor, to: end, segment: "vip"),
                    with: vipOnly)
        #expect(all.values.map(\.impressions).reduce(0, +) > 1_000, "a week large enough to mean something")

        // The experiment: arms summed over placements, b against a, against a computation here.
        let experiment = try #require(results.experiments.first { $0.experimentID == "exp-hero-order" })
        func arm(_ variant: String) -> (impressions: Int, taps: Int) {
            all.filter { $0.key.variant == variant }.values.reduce((0, 0)) { ($0.0 + $1.impressions, $0.1 + $1.taps) }
        }
        let (a, b) = (arm("a"), arm("b"))
        #expect(experiment.arms.map(\.variant) == ["a", "b"])
        #expect(experiment.arms.map(\.impressions) == [a.impressions, b.impressions])
        #expect(experiment.arms.map(\.taps) == [a.taps, b.taps])
        let (pa, pb) = (Double(a.taps) / Double(a.impressions), Double(b.taps) / Double(b.impressions))
        let spread = (pa * (1 - pa) / Double(a.impressions) + pb * (1 - pb) / Double(b.impressions)).squareRoot()
        #expect(abs((experiment.ctrDifference ?? .nan) - (pb - pa)) < 1e-12)
        #expect(abs((experiment.differenceLow ?? .nan) - (pb - pa - 1.959963984540054 * spread)) < 1e-12)
        #expect(abs((experiment.differenceHigh ?? .nan) - (pb - pa + 1.959963984540054 * spread)) < 1e-12)
        let pooled = Double(a.taps + b.taps) / Double(a.impressions + b.impressions)
        let z = (pb - pa) / (pooled * (1 - pooled) * (1 / Double(a.impressions) + 1 / Double(b.impressions))).squareRoot()
        #expect(abs((experiment.pValue ?? .nan) - 2 * (1 - normalCDF(abs(z)))) < 1e-9)
        // The true difference (0.08) lies in the interval, and the arms differ clearly.
        let truth = (Self.tapRates["b"] ?? 0) - (Self.tapRates["a"] ?? 0)
        #expect((experiment.differenceLow ?? 1)...(experiment.differenceHigh ?? 0) ~= truth)
        #expect((experiment.pValue ?? 1) < 0.001)
    }

    /// Every row of the report against the test's own counts, and its rates and Wilson
    /// intervals against the score equation solved here.
    func compare(_ results: CampaignResults, with tallies: [RowKey: Tally]) throws {
        let rows = Dictionary(uniqueKeysWithValues: results.campaigns.map {
            (RowKey(campaign: $0.campaignID, placement: $0.placement ?? "", experiment: $0.experimentID, variant: $0.variant), $0)
        })
        #expect(Set(rows.keys) == Set(tallies.keys))
        for (key, tally) in tallies {
            let row = try #require(rows[key])
            #expect((row.impressions, row.shoppers, row.taps, row.adds) == (tally.impressions, tally.shoppers.count, tally.taps, tally.adds),
                    "\(key)")
            let (low, high) = scoreInterval(successes: tally.taps, trials: tally.impressions)
            #expect(abs((row.ctrLow ?? .nan) - low) < 1e-9 && abs((row.ctrHigh ?? .nan) - high) < 1e-9, "\(key)")
            #expect(row.ctr == Double(tally.taps) / Double(tally.impressions))
            #expect(row.addRate == Double(tally.adds) / Double(tally.shoppers.count))
        }
    }

    /// The home page's sections through every cursor, each with the request id of the answer it came in.
    func homeSections(_ backend: HomeBackend, token: String, segment: String) async throws -> [(String, JSONValue)] {
        var sections: [(String, JSONValue)] = []
        var cursor: String?
        for _ in 0..<20 {
            let request = get("/v1/home", [("userSegment", segment)] + (cursor.map { [("cursor", $0)] } ?? []),
                              headers: ["authorization": "Bearer \(token)"])
            let page = try parse(await offThePool { backend.respond(to: request) })
            let requestID = try #require(page[path: "page", "request_id"]?.stringValue)
            sections += (page[path: "page", "sections"]?.arrayValue ?? []).map { (requestID, $0) }
            guard page[path: "page", "pagination", "has_more"] == .bool(true) else { break }
            cursor = page[path: "page", "pagination", "postback", "cursor"]?.stringValue
        }
        return sections
    }

    func event(_ name: String, _ fields: JSONObject, _ random: inout SeededRandom) -> JSONValue {
        var object = fields
        object["event_id"] = .string(String(random.next(), radix: 16))
        object["name"] = .string(name)
        object["app_version"] = "2.0.0"
        return .object(object)
    }
}

/// The 95 % Wilson interval as the roots of (p̂ − p)² = z²·p(1 − p)/n, solved here.
func scoreInterval(successes: Int, trials: Int) -> (low: Double, high: Double) {
    let (n, phat, z) = (Double(trials), Double(successes) / Double(trials), 1.959963984540054)
    let a = 1 + z * z / n
    let b = -(2 * phat + z * z / n)
    let root = max(0, b * b - 4 * a * phat * phat).squareRoot()
    return (successes == 0 ? 0 : (-b - root) / (2 * a), successes == trials ? 1 : (-b + root) / (2 * a))
}

extension SeededRandom {
    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }
}
