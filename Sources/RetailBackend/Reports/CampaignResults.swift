import FlowCore
import Foundation

/// The campaign report's figures (docs/backend.md, "Reading results"): what `vitrine report
/// campaigns` prints and `GET /v1/reports/campaigns` answers. Rates are from 0 to 1, nil where
/// they have no denominator (no impressions, no shoppers, a second arm missing).
public struct CampaignResults: Sendable {
    /// One campaign in one placement, and experiment arm where one runs.
    public struct Campaign: Sendable {
        public var campaignID: String
        public var placement: String?
        public var experimentID: String?
        public var variant: String?
        public var impressions: Int
        /// Distinct shoppers with an impression.
        public var shoppers: Int
        public var taps: Int
        /// Adds to cart attributed to it.
        public var adds: Int
        /// taps / impressions, with its 95 % Wilson interval.
        public var ctr: Double?
        public var ctrLow: Double?
        public var ctrHigh: Double?
        /// adds / shoppers.
        public var addRate: Double?
    }

    public struct Arm: Sendable {
        public var variant: String
        public var impressions: Int
        public var taps: Int
        public var ctr: Double?
    }

    /// An experiment's arms in byte order of their ids; of the two arms with the most
    /// impressions (`compared`, in byte order), the second's CTR minus the first's with its 95 %
    /// interval and the two-proportion test's p-value.
    public struct Experiment: Sendable {
        public var experimentID: String
        public var arms: [Arm]
        public var compared: [String]
        public var ctrDifference: Double?
        public var differenceLow: Double?
        public var differenceHigh: Double?
        public var pValue: Double?
    }

    /// `contract_problem` events of one page, section, widget type and kind.
    public struct ContractProblem: Sendable {
        public var pageID: String?
        public var sectionID: String?
        public var widgetType: String?
        public var kind: String?
        public var count: Int
        public var shoppers: Int
        /// The app versions reporting it, in byte order, at most `CampaignReport.appVersionsListed`.
        public var appVersions: [String]
    }

    public var from: Date
    public var to: Date
    public var segment: String?
    public var locale: String?
    public var campaigns: [Campaign]
    public var experiments: [Experiment]
    public var contractProblems: [ContractProblem]

    /// The JSON of the report (`{from, to, campaigns, experiments, contract_problems}`).
    public var jsonData: Data {
        JSONWriter.data(for: json)
    }

    var json: JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .members([
            ("from", .string(RFC3339.string(from: from))), ("to", .string(RFC3339.string(from: to))),
            ("campaigns", .array(campaigns.map { row in
                .members([
                    ("campaign_id", .string(row.campaignID)), ("placement", text(row.placement)),
                    ("experiment_id", text(row.experimentID)), ("variant", text(row.variant)),
                    ("impressions", .integer(row.impressions)), ("shoppers", .integer(row.shoppers)),
                    ("taps", .integer(row.taps)), ("adds", .integer(row.adds)),
                    ("ctr", number(row.ctr)), ("ctr_low", number(row.ctrLow)), ("ctr_high", number(row.ctrHigh)),
                    ("add_rate", number(row.addRate)),
                ])
            })),
            ("experiments", .array(experiments.map { experiment in
                .members([
                    ("experiment_id", .string(experiment.experimentID)),
                    ("arms", .array(experiment.arms.map { arm in
                        .members([("variant", .string(arm.variant)), ("impressions", .integer(arm.impressions)),
                                  ("taps", .integer(arm.taps)), ("ctr", number(arm.ctr))])
                    })),
                    ("ctr_difference", number(experiment.ctrDifference)), ("difference_low", number(experiment.differenceLow)),
                    ("difference_high", number(experiment.differenceHigh)), ("p_value", number(experiment.pValue)),
                ])
            })),
            ("contract_problems", .array(contractProblems.map { problem in
                .members([
                    ("page_id", text(problem.pageID)), ("section_id", text(problem.sectionID)),
                    ("widget_type", text(problem.widgetType)), ("kind", text(problem.kind)),
                    ("count", .integer(problem.count)), ("shoppers", .integer(problem.shoppers)),
                    ("app_versions", .array(problem.appVersions.map(JSONValue.string))),
                ])
            })),
        ])
    }
}

extension CampaignReport {
    /// The figures of the events added so far.
    var results: CampaignResults {
        func rate(_ part: Int, _ whole: Int) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }
        let campaigns = sortedRows.map { key, row in
            let interval = Proportions.wilson(successes: row.taps, trials: row.impressions)
            return CampaignResults.Campaign(
                campaignID: key.campaign.text, placement: key.placement?.text, experimentID: key.experiment?.text, variant: key.variant?.text,
                impressions: row.impressions, shoppers: row.shoppers.count, taps: row.taps, adds: row.adds,
                ctr: rate(row.taps, row.impressions), ctrLow: interval?.low, ctrHigh: interval?.high, addRate: rate(row.adds, row.shoppers.count))
        }
        let experiments = self.experiments.map { result in
            CampaignResults.Experiment(
                experimentID: result.experiment.text,
                arms: result.arms.map { .init(variant: $0.variant.text, impressions: $0.impressions, taps: $0.taps, ctr: rate($0.taps, $0.impressions)) },
                compared: result.compared.map(\.text),
                ctrDifference: result.difference?.difference, differenceLow: result.difference?.low,
                differenceHigh: result.difference?.high, pValue: result.difference?.pValue)
        }
        let problems = sortedProblems.map { key, problem in
            CampaignResults.ContractProblem(
                pageID: key.page?.text, sectionID: key.section?.text, widgetType: key.widgetType?.text, kind: key.kind?.text,
                count: problem.count, shoppers: problem.shoppers.count,
                appVersions: problem.appVersions.sorted().prefix(Self.appVersionsListed).map(\.text))
        }
        return CampaignResults(
            from: Date(timeIntervalSince1970: Double(query.from) / 1000), to: Date(timeIntervalSince1970: Double(query.to) / 1000),
            segment: query.segment, locale: query.locale, campaigns: campaigns, experiments: experiments, contractProblems: problems)
    }
}
