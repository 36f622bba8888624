import FlowCore
import Foundation

/// What shoppers did with each campaign, placement and experiment arm, and which payload
/// problems clients reported, over the stored events of a period (`vitrine report campaigns`,
/// `GET /v1/reports/campaigns`; docs/backend.md, "Reading results").
///
/// Built in one pass over the events in order of arrival (`add(_:)`), so a report over millions
/// of events holds only its counts, the distinct shoppers of each row and each shopper's last
/// campaign tap. Identifiers are compared and sorted by their bytes.
struct CampaignReport: Sendable {
    /// Which events count: received in `from ..< to` (milliseconds since 1970), and, when a
    /// segment or locale is asked for, only events whose `request_id` names a recorded
    /// composition of that segment or locale.
    struct Query: Sendable, Equatable {
        var from: Int64
        var to: Int64
        var segment: String?
        var locale: String?
    }

    /// One campaign in one placement (and experiment arm, where one runs).
    struct RowKey: Hashable, Sendable {
        var campaign: ExactText
        var placement: ExactText?
        var experiment: ExactText?
        var variant: ExactText?
    }

    struct Row: Sendable {
        var impressions = 0
        var shoppers: Set<ExactText> = []
        var taps = 0
        var adds = 0
    }

    struct ProblemKey: Hashable, Sendable {
        var page: ExactText?
        var section: ExactText?
        var widgetType: ExactText?
        var kind: ExactText?
    }

    struct Problem: Sendable {
        var count = 0
        var shoppers: Set<ExactText> = []
        var appVersions: Set<ExactText> = []
    }

    /// A shopper's visit: the last instant they were seen and the row of their last tap on a
    /// campaign within it.
    private struct Visit: Sendable {
        var lastSeen: Int64
        var lastTap: RowKey?
    }

    /// A visit ends after this long without an event from the shopper: 30 minutes.
    static let visitGap: Int64 = 30 * 60 * 1000
    /// App versions listed per problem, the first in byte order.
    static let appVersionsListed = 20

    let query: Query
    private(set) var rows: [RowKey: Row] = [:]
    private(set) var problems: [ProblemKey: Problem] = [:]
    private var visits: [ExactText: Visit] = [:]
    /// Compositions by id, for the segment and locale filters.
    private let compositions: [ExactText: CompositionRecord]

    /// Each composition's sections in order, by their tracking's `section_id`.
    private let sections: [ExactText: [String?]]

    init(query: Query, compositions: [CompositionRecord] = []) {
        self.query = query
        var byID: [ExactText: CompositionRecord] = [:]
        var sections: [ExactText: [String?]] = [:]
        for composition in compositions {
            let id = ExactText(composition.id)
            byID[id] = composition
            let placements = (try? JSONParser.parse(composition.body))?["placements"]?.arrayValue ?? []
            sections[id] = placements.map { $0["section_id"]?.stringValue }
        }
        self.compositions = byID
        self.sections = sections
    }

    /// The section a client's diagnostic is about: its own `section_id`, else the section its
    /// `path` (`page.sections.N…`) points at in the composition its request id names.
    private func section(of event: KeptEvent) -> ExactText? {
        if let section = event.sectionID { return ExactText(section) }
        guard let id = event.requestID.flatMap(CompositionRecord.id(inRequestID:)), let sections = self.sections[ExactText(id)],
            let path = CompositionRecord.sectionIndex(inPath: event.path), sections.indices.contains(path), let section = sections[path]
        else { return nil }
        return ExactText(section)
    }

    /// Counts one stored event; events must come in order of arrival.
    ///
    /// With a segment or locale asked for, an impression, a tap, a contract problem or an add
    /// from its own widget counts when its own request id names a composition of it; an add
    /// credited to the last tap counts when that tap did.
    mutating func add(_ stored: StoredEvent) {
        guard stored.receivedAt >= query.from, stored.receivedAt < query.to else { return }
        let event = stored.event
        let shopper = ExactText(stored.shopper)
        var visit = visits[shopper] ?? Visit(lastSeen: stored.receivedAt, lastTap: nil)
        if stored.receivedAt - visit.lastSeen >= Self.visitGap { visit.lastTap = nil }
        visit.lastSeen = max(visit.lastSeen, stored.receivedAt)
        defer { visits[shopper] = visit }

        let own = event.campaignID.map { campaign in
            RowKey(campaign: ExactText(campaign), placement: event.sectionID.map(ExactText.init),
                   experiment: event.experimentID.map(ExactText.init), variant: event.variant.map(ExactText.init))
        }
        switch Kind(event.name) {
        case .impression:
            guard let own, matchesComposition(event) else { return }
            rows[own, default: Row()].impressions += 1
            rows[own, default: Row()].shoppers.insert(shopper)
        case .tap:
            guard let own else { return }
            // A tap of another segment's page still ends the credit of the one before.
            let counts = matchesComposition(event)
            visit.lastTap = counts ? own : nil
            if counts { rows[own, default: Row()].taps += 1 }
        case .add:
            // Its own widget's campaign first, else the campaign whose tap opened the way here.
            if let own {
                guard matchesComposition(event) else { return }
                rows[own, default: Row()].adds += 1
            } else if let tapped = visit.lastTap {
                rows[tapped, default: Row()].adds += 1
            }
        case .contractProblem:
            guard matchesComposition(event) else { return }
            let key = ProblemKey(page: event.pageID.map(ExactText.init), section: section(of: event),
                                 widgetType: event.widgetType.map(ExactText.init), kind: event.kind.map(ExactText.init))
            problems[key, default: Problem()].count += 1
            problems[key, default: Problem()].shoppers.insert(shopper)
            if let version = event.appVersion { problems[key, default: Problem()].appVersions.insert(ExactText(version)) }
        case .other:
            return
        }
    }

    /// The events the report reads, by name (compared by bytes).
    private enum Kind {
        case impression, tap, add, contractProblem, other

        init(_ name: String) {
            let bytes = name.utf8
            if bytes.elementsEqual("impression".utf8) {
                self = .impression
            } else if bytes.elementsEqual("tap".utf8) {
                self = .tap
            } else if bytes.elementsEqual("add_to_cart".utf8) {
                self = .add
            } else if bytes.elementsEqual("contract_problem".utf8) {
                self = .contractProblem
            } else {
                self = .other
            }
        }
    }

    private func matchesComposition(_ event: KeptEvent) -> Bool {
        guard query.segment != nil || query.locale != nil else { return true }
        guard let id = event.requestID.flatMap(CompositionRecord.id(inRequestID:)), let composition = compositions[ExactText(id)] else {
            return false
        }
        if let segment = query.segment, !segment.utf8.elementsEqual(composition.segment.utf8) { return false }
        if let locale = query.locale, !locale.utf8.elementsEqual(composition.locale.utf8) { return false }
        return true
    }

    // MARK: - Figures

    /// The rows in byte order of campaign, placement, experiment and variant (none first).
    var sortedRows: [(key: RowKey, row: Row)] {
        rows.map { (key: $0.key, row: $0.value) }.sorted { Self.precedes($0.key, $1.key) }
    }

    private static func precedes(_ a: RowKey, _ b: RowKey) -> Bool {
        for (x, y) in [(a.campaign, b.campaign), (a.placement, b.placement), (a.experiment, b.experiment), (a.variant, b.variant)]
            .map({ ($0.0 as ExactText?, $0.1 as ExactText?) }) where x != y {
            guard let x else { return true }
            guard let y else { return false }
            return x < y
        }
        return false
    }

    /// One experiment's arms (by variant, in byte order) summed over its campaigns and
    /// placements, and of its two arms with the most impressions, the second (in byte order)
    /// against the first.
    struct ExperimentResult: Sendable {
        var experiment: ExactText
        var arms: [(variant: ExactText, impressions: Int, taps: Int)]
        var compared: [ExactText]
        var difference: (difference: Double, low: Double, high: Double, pValue: Double)?
    }

    var experiments: [ExperimentResult] {
        var arms: [ExactText: [ExactText: (impressions: Int, taps: Int)]] = [:]
        for (key, row) in rows {
            guard let experiment = key.experiment, let variant = key.variant else { continue }
            let kept = arms[experiment, default: [:]][variant, default: (0, 0)]
            arms[experiment, default: [:]][variant] = (kept.impressions + row.impressions, kept.taps + row.taps)
        }
        return arms.sorted { $0.key < $1.key }.map { experiment, variants in
            let sorted = variants.sorted { $0.key < $1.key }.map { (variant: $0.key, impressions: $0.value.impressions, taps: $0.value.taps) }
            // The two arms most seen, in byte order: a variant a few stray events name never
            // takes the comparison from the arms the experiment runs.
            let compared = sorted.enumerated().sorted { ($0.element.impressions, $1.offset) > ($1.element.impressions, $0.offset) }
                .prefix(2).sorted { $0.offset < $1.offset }.map(\.element)
            let difference = compared.count == 2
                ? Proportions.difference(a: (compared[0].taps, compared[0].impressions), b: (compared[1].taps, compared[1].impressions))
                : nil
            return ExperimentResult(experiment: experiment, arms: sorted, compared: compared.map(\.variant), difference: difference)
        }
    }

    var sortedProblems: [(key: ProblemKey, problem: Problem)] {
        problems.map { (key: $0.key, problem: $0.value) }.sorted { a, b in
            if a.problem.count != b.problem.count { return a.problem.count > b.problem.count }
            for (x, y) in [(a.key.page, b.key.page), (a.key.section, b.key.section), (a.key.widgetType, b.key.widgetType), (a.key.kind, b.key.kind)]
            where x != y {
                guard let x else { return true }
                guard let y else { return false }
                return x < y
            }
            return false
        }
    }
}
