import FlowCore
import Foundation
import HTTPServer

/// The warnings: a catalogue that loads, but probably not as its author meant.
///
/// - A product query that matches nothing (a carousel or a campaign page with no product).
/// - Two heroes for the same audience at the same time with nothing to choose between them:
///   placed in the same hero, overlapping windows (by a second is enough, whatever zones
///   they were written in: instants are compared), segments and locales in common, and the
///   same priority (or the same end, where an experiment orders by the one ending soonest).
///   Which one leads is then decided by their ids, which nobody meant.
/// - A campaign placed nowhere a plan shows.
/// - A campaign two sections in a row of a composed home page show to the same shoppers (a
///   carousel of campaigns, then its banner), at any time the catalogue defines: the page
///   says the same thing twice. A section of a campaign's products without its card shows
///   other things.
struct CatalogueLint {
    let catalogue: Catalogue
    let sources: CatalogueSources
    /// What each query matches: the lint asks again for every page it composes.
    private let memo = ProductQueryMemo()

    /// When the check runs: the repeat check looks at what is live from then on first.
    let now: Date

    init(catalogue: Catalogue, sources: CatalogueSources, now: Date = Date()) {
        self.catalogue = catalogue
        self.sources = sources
        self.now = now
    }

    func problems() -> [CatalogueProblem] {
        emptyQueries() + overlappingHeroes() + unshownCampaigns() + repeatedCampaigns()
    }

    /// A campaign two sections in a row of a composed home page show (a carousel of
    /// campaigns, then its banner; two heroes): the page says the same thing twice. The pages
    /// are composed as the server composes them, for each segment, locale, combination of the
    /// variants that change a page (their sections or campaign order; a variant of weight 0
    /// reaches no one) and app (each version a requirement names, with no capability, each
    /// requirement's, and all of them), at every instant something starts or ends, so a
    /// section between the two that is empty then (a story out of its window, a query matching
    /// nothing in a locale, a placement an app does not get) does not hide it. Said once per
    /// plan entry and campaign, at the second section's entry in plans.json, with who sees it
    /// and from when. A placement right after itself in a plan is said as such, whether or not
    /// it shows. The work is bounded (`compositionBudget`): past it, a warning says what was
    /// not checked.
    private func repeatedCampaigns() -> [CatalogueProblem] {
        let composer = HomeComposer(catalogue: catalogue, widgets: WidgetFactory(imageBaseURL: ""), memo: memo)
        let clients = Self.lintClients(catalogue)
        let repeatable = repeatableCampaigns()
        var pins: [Segment: [[(String, String)]]] = [:]
        var pinsCut = false
        for segment in Segment.allCases {
            let (combinations, complete) = pagePins(segment)
            pins[segment] = combinations
            pinsCut = pinsCut || !complete
        }
        var findings: [RepeatFinding] = []
        var index: [ExactString: Int] = [:]
        var allVariants: Set<String> = []
        var composed = 0
        var budgetSpent = false
        var checked: ClosedRange<Date>?
        instants: for (instant, when) in distinctInstants() where repeatable.contains(where: { $0.isLive(at: instant) }) {
            checked = checked.map { min($0.lowerBound, instant)...max($0.upperBound, instant) } ?? instant...instant
            for locale in catalogue.settings.locales {
                for segment in Segment.allCases {
                    var ordered: [Experiment.CampaignOrder: [Campaign]] = [:]
                    let context = PageContext(locale: locale, segment: segment, appVersion: PageContext.unknownVersion, capabilities: [])
                    let visible = composer.visibleCampaigns(composer.input(context, choice: catalogue.choice(for: context), at: instant))
                    for pins in pins[segment] ?? [] {
                        let variant = pins.map { "\($0.0)=\($0.1)" }.joined(separator: ", ")
                        allVariants.insert(variant)
                        for (clientIndex, client) in clients.enumerated() {
                            composed += 1
                            guard composed <= Self.compositionBudget else {
                                budgetSpent = true
                                break instants
                            }
                            var context = PageContext(locale: locale, segment: segment, appVersion: client.version, capabilities: client.capabilities)
                            context.variantOverrides = Dictionary(pins, uniquingKeysWith: { first, _ in first })
                            let input = composer.input(context, choice: catalogue.choice(for: context), at: instant)
                            let order = composer.campaignOrder(input)
                            let campaigns = ordered[order] ?? HomeComposer.sorted(visible, by: order)
                            ordered[order] = campaigns
                            for found in repeats(composer, input, campaigns: campaigns, when: when) {
                                let key = ExactString("\(found.path)\u{0}\(found.heroes ? "" : found.campaigns[0])")
                                guard let known = index[key] else {
                                    index[key] = findings.count
                                    findings.append(found)
                                    findings[findings.count - 1].seen(segment, locale, variant, clientIndex)
                                    continue
                                }
                                if !findings[known].campaigns.contains(where: { $0.isByteEqual(to: found.campaigns[0]) }) {
                                    findings[known].campaigns.append(found.campaigns[0])
                                }
                                findings[known].seen(segment, locale, variant, clientIndex)
                            }
                        }
                    }
                }
            }
        }
        var problems = placementsFollowingThemselves() + findings.map { finding in
            warning(describe(finding, clients: clients, variants: allVariants.count), file: "plans.json", at: finding.path)
        }
        if budgetSpent || pinsCut {
            let times = checked.map { " (times from \(local($0.lowerBound)) to \(local($0.upperBound)), the last in part)" } ?? ""
            problems.append(CatalogueProblem(
                file: "plans.json", line: nil, severity: .warning,
                message: "the home page has too many combinations of times, segments, locales, variants and apps to check every one "
                    + "for a campaign shown twice in a row: checked \(min(composed, Self.compositionBudget)) pages\(times)"
                    + (pinsCut ? ", and the first \(Self.variantCombinations) combinations of experiment variants" : "")))
        }
        return problems
    }

    /// A campaign shown in two sections in a row, and for whom.
    private struct RepeatFinding {
        /// The campaign shown twice; for two heroes, every campaign that leads them.
        var campaigns: [String]
        var first: String, second: String, when: String, heroes: Bool
        var path: [CodingPath.Component]
        var segments: Set<Segment> = [], locales: Set<StoreLocale> = [], variants: Set<String> = [], clients: Set<Int> = []

        mutating func seen(_ segment: Segment, _ locale: StoreLocale, _ variant: String, _ client: Int) {
            segments.insert(segment)
            locales.insert(locale)
            variants.insert(variant)
            clients.insert(client)
        }
    }

    /// Each campaign the page `input` composes shows in two sections in a row (a placement
    /// right after itself in the plan is left to `placementsFollowingThemselves`).
    private func repeats(_ composer: HomeComposer, _ input: HomeComposer.Input, campaigns: [Campaign], when: String) -> [RepeatFinding] {
        let entries = composer.entries(input)
        let sections = composer.contents(input, ordered: campaigns)
        var found: [RepeatFinding] = []
        for (before, after) in zip(sections, sections.dropFirst()) {
            let (one, other) = (entries[before.entry], entries[after.entry])
            if after.entry == before.entry + 1, one.placement.isByteEqual(to: other.placement), one.rank == other.rank { continue }
            let shownAfter = after.content.campaignsShown
            // Two heroes show the page's one hero, whichever it is: one finding.
            let heroes = before.placement.content == .hero && after.placement.content == .hero
            for campaign in before.content.campaignsShown.map(\.id) where shownAfter.contains(where: { $0.id.isByteEqual(to: campaign) }) {
                found.append(RepeatFinding(
                    campaigns: [campaign], first: one.placement, second: other.placement, when: when, heroes: heroes,
                    path: entriesPath(input) + [.index(after.entry)]))
            }
        }
        return found
    }

    /// The warning for `finding`: who sees the repeat (each of locale, variants and apps said
    /// only when some do not see it), from when, and what to do.
    private func describe(_ finding: RepeatFinding, clients: [LintClient], variants: Int) -> String {
        var who = finding.segments.count == Segment.allCases.count
            ? "every shopper" : Segment.allCases.filter(finding.segments.contains).map(\.rawValue).joined(separator: ", ")
        if finding.locales.count < catalogue.settings.locales.count {
            who += " in " + catalogue.settings.locales.filter(finding.locales.contains).map(\.rawValue).joined(separator: ", ")
        }
        if finding.variants.count < variants {
            let named = finding.variants.sorted().prefix(3).joined(separator: "; ")
            who += " under " + named + (finding.variants.count > 3 ? " and \(finding.variants.count - 3) more combinations" : "")
        }
        if finding.clients.count < clients.count {
            // The shorter of the apps that see it and those that do not.
            let seeing = finding.clients.sorted()
            let others = clients.indices.filter { !finding.clients.contains($0) }
            let before = others.map { clients[$0].version }.min()
            if let before, seeing.allSatisfy({ clients[$0].version < before }),
                clients.indices.filter({ clients[$0].version < before }).count == seeing.count {
                who += " using an app before \(before) (or naming no version)"
            } else {
                who += seeing.count <= others.count
                    ? " using app " + seeing.map { clients[$0].description }.joined(separator: " or ")
                    : " using any app but " + others.map { clients[$0].description }.joined(separator: " or ")
            }
        }
        let (first, second) = (CatalogueFileReader.quoted(finding.first), CatalogueFileReader.quoted(finding.second))
        let what = finding.heroes
            ? "the page's hero (" + finding.campaigns.map(CatalogueFileReader.quoted).joined(separator: ", ") + ")"
            : CatalogueFileReader.quoted(finding.campaigns[0])
        let fix = finding.heroes ? "keep one hero in the plan" : "put another section between them, or place it in one of them"
        return "\(what) is shown twice in a row to \(who) (\(finding.when)): in \(first) and right after in \(second); \(fix)"
    }

    /// The most pages the repeat check composes (under a second in a release build).
    static let compositionBudget = 50_000

    /// An app the check composes for.
    struct LintClient {
        var version: AppVersion
        var capabilities: Set<String>

        var description: String {
            let named = version == PageContext.unknownVersion ? "that names no version" : "\(version)"
            return capabilities.isEmpty ? named : "\(named) with \(capabilities.sorted().joined(separator: ", "))"
        }
    }

    /// A request without an app version (the server takes it as older than every release),
    /// and each version a requirement names; with every combination of the capabilities
    /// requirements name (up to six of them), else with none, each requirement's, and all.
    static func lintClients(_ catalogue: Catalogue) -> [LintClient] {
        let entries = catalogue.requirements.entries
        let named = Array(Set(entries.flatMap(\.capabilities))).sorted()
        let versions = Set([PageContext.unknownVersion] + entries.compactMap(\.minAppVersion)).sorted()
        let sets: [Set<String>] = named.count <= 6
            ? (0..<(1 << named.count)).map { mask in Set(named.indices.filter { mask & (1 << $0) != 0 }.map { named[$0] }) }
            : [[]] + entries.map { Set($0.capabilities) } + [Set(named)]
        var clients: [LintClient] = []
        for version in versions {
            for capabilities in sets where !clients.contains(where: { $0.version == version && $0.capabilities == capabilities }) {
                clients.append(LintClient(version: version, capabilities: capabilities))
            }
        }
        return clients
    }

    /// The most combinations of experiment variants the repeat check composes.
    static let variantCombinations = 1024

    /// Every combination of the variants that change a page for `segment` (their sections
    /// or their campaign order), as pins by experiment id: a variant of weight 0 reaches no
    /// one, and variants that change the page alike are one. At most `variantCombinations`;
    /// `complete` says whether they are all.
    private func pagePins(_ segment: Segment) -> (pins: [[(String, String)]], complete: Bool) {
        var combinations: [[(String, String)]] = [[]]
        for experiment in catalogue.experiments.prefix(ExperimentChoice.capacity) where experiment.applies(to: segment) {
            var variants: [Experiment.Variant] = []
            for variant in experiment.variants where variant.weight > 0
            && !variants.contains(where: { $0.sections == variant.sections && $0.campaignOrder == variant.campaignOrder }) {
                variants.append(variant)
            }
            guard variants.contains(where: { $0.sections != nil || $0.campaignOrder != nil }) else { continue }
            guard combinations.count * variants.count <= Self.variantCombinations else {
                return (combinations, false)
            }
            combinations = combinations.flatMap { pins in variants.map { pins + [(experiment.id, $0.id)] } }
        }
        return (combinations, true)
    }

    /// The campaigns that two sections of one list of plans.json could both show: placed in
    /// two of its entries that show campaigns, or in a hero of a list with two hero entries
    /// (every hero of a page shows its one hero campaign).
    private func repeatableCampaigns() -> [Campaign] {
        catalogue.campaigns.filter { campaign in
            planLists().contains { sections, _ in
                let placements = sections.compactMap { catalogue.placement($0.placement) }.filter(Self.mayShowCampaigns)
                let heroes = placements.filter { $0.content == .hero }
                let placedHeroes = heroes.contains { campaign.isPlaced(in: $0.id) } ? heroes.count : 0
                return placedHeroes + placements.count { $0.content != .hero && campaign.isPlaced(in: $0.id) } >= 2
            }
        }
    }

    /// Whether `placement` can show a campaign itself: a hero, a carousel of campaigns, a
    /// campaign's products (its card, or its fallback card for an app it does not meet).
    private static func mayShowCampaigns(_ placement: Placement) -> Bool {
        switch placement.content {
        case .hero, .campaignCarousel, .campaignProducts: true
        case .categories, .products, .stories, .promotions: false
        }
    }

    /// A placement right after itself (the same rank): what it shows, it shows twice in a row.
    private func placementsFollowingThemselves() -> [CatalogueProblem] {
        var problems: [CatalogueProblem] = []
        for (sections, path) in planLists() {
            for (index, (first, second)) in zip(sections, sections.dropFirst()).enumerated() {
                guard first.placement.isByteEqual(to: second.placement), first.rank == second.rank,
                    let placement = catalogue.placement(first.placement), Self.mayShowCampaigns(placement)
                else { continue }
                problems.append(warning(
                    "\(CatalogueFileReader.quoted(placement.id)) follows itself: its campaigns are shown twice in a row; remove one of them",
                    file: "plans.json", at: path + [.index(index + 1)]))
            }
        }
        return problems
    }

    /// Every list of sections plans.json holds: each plan's, each experiment variant's.
    private func planLists() -> [(sections: [PlanEntry], path: [CodingPath.Component])] {
        var lists = catalogue.plans.map { ($0.sections, sources.path(of: $0.id, in: "plans", file: "plans.json") + [CodingPath.Component.key("sections")]) }
        for experiment in catalogue.experiments {
            for (index, variant) in experiment.variants.enumerated() {
                guard let sections = variant.sections else { continue }
                lists.append((sections, sources.path(of: experiment.id, in: "experiments", file: "plans.json")
                    + [.key("variants"), .index(index), .key("sections")]))
            }
        }
        return lists
    }

    /// Where in plans.json the sections `input`'s page follows are: its experiment variant's, else its segment's plan's.
    private func entriesPath(_ input: HomeComposer.Input) -> [CodingPath.Component] {
        if let index = input.assignments.firstIndex(where: { $0.variant.sections != nil }) {
            let (experiment, variant) = input.assignments[index]
            let position = experiment.variants.firstIndex { $0.id.isByteEqual(to: variant.id) } ?? 0
            return sources.path(of: experiment.id, in: "experiments", file: "plans.json") + [.key("variants"), .index(position), .key("sections")]
        }
        guard let plan = catalogue.plan(for: input.context.segment) else { return [] }
        return sources.path(of: plan.id, in: "plans", file: "plans.json") + [.key("sections")]
    }

    /// One instant in each stretch of time the home page stays the same (before the first
    /// start or end of a campaign, story or promotion, and at each), with how to say it.
    /// In the order checked: the stretch `now` is in and those after it, then those before it,
    /// latest first (what shoppers meet next comes first, should the budget run out).
    private func distinctInstants() -> [(instant: Date, said: String)] {
        let windows = catalogue.campaigns.map(\.window) + catalogue.stories.map(\.window) + catalogue.promotions.map(\.window)
        let boundaries = Set(windows.flatMap { [$0.start, $0.end].compactMap { $0 } }).sorted()
        guard let first = boundaries.first else { return [(now, "at any time")] }
        let all = [(first.addingTimeInterval(-1), "before \(local(first))")] + boundaries.map { ($0, "from \(local($0))") }
        let current = all.lastIndex { $0.0 <= now } ?? 0
        return Array(all[current...]) + all[..<current].reversed()
    }

    private func warning(_ message: String, file: String, at path: [CodingPath.Component]) -> CatalogueProblem {
        CatalogueProblem(file: file, line: sources.line(file, path), severity: .warning, message: message)
    }

    private func emptyQueries() -> [CatalogueProblem] {
        var problems: [CatalogueProblem] = []
        for campaign in catalogue.content.campaigns {
            guard let locales = unmatched(campaign.products, owner: "campaign:\(campaign.id)") else { continue }
            problems.append(warning("the campaign's products match no product\(locales): its page and carousels show none",
                                    file: sources.file(ofCampaign: campaign.id), at: [.key("products")]))
        }
        for placement in catalogue.placements {
            guard case .products(_, _, let query) = placement.content, let locales = unmatched(query, owner: "placement:\(placement.id)") else { continue }
            problems.append(warning("the products of \(CatalogueFileReader.quoted(placement.id)) match no product\(locales): it is never shown",
                                    file: "placements.json",
                                    at: sources.path(of: placement.id, in: "placements", file: "placements.json") + [.key("products")]))
        }
        return problems
    }

    /// Nil when `query` matches products in every locale; else "" when it matches none in any,
    /// or " in de-DE, fr-FR" (prices and discounts are per currency).
    private func unmatched(_ query: ProductQuery, owner: String) -> String? {
        let locales = catalogue.settings.locales
        let empty = locales.filter { memo.products(query, owner: owner, in: catalogue, locale: $0).isEmpty }
        guard !empty.isEmpty else { return nil }
        return empty.count == locales.count ? "" : " in " + empty.map(\.rawValue).joined(separator: ", ")
    }

    /// A warning for each product of `before` that `catalogue` no longer lists: carts that
    /// hold it keep it, shown as no longer available and left out of their subtotal, until the
    /// shopper removes it. At most `limit` are named, the rest counted.
    static func departedProducts(from before: [Product], in catalogue: Catalogue, limit: Int = 50) -> [CatalogueProblem] {
        let gone = before.filter { catalogue.product($0.id) == nil }
        var problems = gone.prefix(limit).map { product in
            let title = product.title[catalogue.settings.locales.first ?? .enUS]
            return CatalogueProblem(
                file: CatalogueDirectory.productsFile, line: nil, severity: .warning,
                message: "product \(CatalogueFileReader.quoted(product.id)) (\(title.clipped(toUTF8Bytes: 80))) is no longer listed: "
                    + "carts that hold it keep it, shown as no longer available and not counted in their subtotal")
        }
        if gone.count > limit {
            problems.append(CatalogueProblem(file: CatalogueDirectory.productsFile, line: nil, severity: .warning,
                                             message: "and \(gone.count - limit) more products are no longer listed"))
        }
        return problems
    }

    private func overlappingHeroes() -> [CatalogueProblem] {
        let byEnd = catalogue.experiments.contains { $0.variants.contains { $0.campaignOrder == .endingSoonest } }
        var problems: [CatalogueProblem] = []
        for hero in catalogue.placements where hero.content == .hero {
            let candidates = catalogue.campaigns.filter { $0.isPlaced(in: hero.id) }
            for (index, first) in candidates.enumerated() {
                // A campaign declared twice is the error it is, not a hero it shares with itself.
                for second in candidates[(index + 1)...] where !first.id.isByteEqual(to: second.id) {
                    guard first.window.overlaps(second.window), Self.shareAudience(first, second) else { continue }
                    let tied = first.priority == second.priority ? "priority \(first.priority)" : byEnd && first.end == second.end ? "the same end" : nil
                    guard let tied else { continue }
                    let from = max(first.window.start ?? .distantPast, second.window.start ?? .distantPast)
                    let until = min(first.end, second.end)
                    problems.append(warning(
                        "\(CatalogueFileReader.quoted(first.id)) and \(CatalogueFileReader.quoted(second.id)) both lead the hero "
                            + "\(CatalogueFileReader.quoted(hero.id)) for \(Self.audience(first, second)) from \(local(from)) "
                            + "to \(local(until)) with \(tied): their ids decide which shows; give one a higher priority",
                        file: sources.file(ofCampaign: second.id), at: [.key("priority")]))
                }
            }
        }
        return problems
    }

    private func local(_ instant: Date) -> String {
        catalogue.written(instant)
    }

    static func shareAudience(_ first: Campaign, _ second: Campaign) -> Bool {
        let segments = first.segments.isEmpty || second.segments.isEmpty || first.segments.contains(where: second.segments.contains)
        let locales = first.locales.isEmpty || second.locales.isEmpty || first.locales.contains(where: second.locales.contains)
        return segments && locales
    }

    /// "every shopper", "vip in de-DE".
    static func audience(_ first: Campaign, _ second: Campaign) -> String {
        let segments = first.segments.isEmpty ? second.segments : second.segments.isEmpty ? first.segments : first.segments.filter(second.segments.contains)
        let locales = first.locales.isEmpty ? second.locales : second.locales.isEmpty ? first.locales : first.locales.filter(second.locales.contains)
        let who = segments.isEmpty ? "every shopper" : segments.map(\.rawValue).joined(separator: ", ")
        return locales.isEmpty ? who : who + " in " + locales.map(\.rawValue).joined(separator: ", ")
    }

    private func unshownCampaigns() -> [CatalogueProblem] {
        let planned = Set(catalogue.plans.flatMap(\.sections).map { ExactString($0.placement) }
            + catalogue.experiments.flatMap(\.variants).flatMap { $0.sections ?? [] }.map { ExactString($0.placement) })
        return catalogue.content.campaigns.filter { campaign in
            !campaign.placements.contains { planned.contains(ExactString($0)) }
        }.map { campaign in
            warning("placed in no placement a plan shows: the campaign has its page, but nothing leads to it",
                    file: sources.file(ofCampaign: campaign.id), at: [.key("placements")])
        }
    }
}
