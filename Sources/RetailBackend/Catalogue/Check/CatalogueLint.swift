import FlowCore
import Foundation

/// The warnings: a catalogue that loads, but probably not as its author meant.
///
/// - A product query that matches nothing (a carousel or a campaign page with no product).
/// - Two heroes for the same audience at the same time with nothing to choose between them:
///   placed in the same hero, overlapping windows (by a second is enough, whatever zones
///   they were written in: instants are compared), segments and locales in common, and the
///   same priority (or the same end, where an experiment orders by the one ending soonest).
///   Which one leads is then decided by their ids, which nobody meant.
/// - A campaign placed nowhere a plan shows.
/// - A campaign two neighbouring sections of a plan can both show to the same shoppers (a
///   carousel of campaigns, then its banner): the page says the same thing twice in a row.
///   A section of a campaign's products without its card shows other things.
struct CatalogueLint {
    let catalogue: Catalogue
    let sources: CatalogueSources

    func problems() -> [CatalogueProblem] {
        emptyQueries() + overlappingHeroes() + unshownCampaigns() + repeatedCampaigns()
    }

    /// Neighbouring sections of a plan (or of an experiment's variant) that can show one
    /// campaign to the same shoppers, said at the second of them in plans.json. A hero and
    /// what follows it cannot (the other campaign placements leave the hero's campaign out),
    /// any other two can.
    private func repeatedCampaigns() -> [CatalogueProblem] {
        var lists: [(segments: [Segment], sections: [PlanEntry], path: [CodingPath.Component])] = catalogue.plans.map {
            ($0.segments, $0.sections, sources.path(of: $0.id, in: "plans", file: "plans.json") + [.key("sections")])
        }
        for experiment in catalogue.experiments {
            for (index, variant) in experiment.variants.enumerated() {
                guard let sections = variant.sections else { continue }
                lists.append((experiment.segments, sections,
                              sources.path(of: experiment.id, in: "experiments", file: "plans.json") + [.key("variants"), .index(index), .key("sections")]))
            }
        }
        var problems: [CatalogueProblem] = []
        for list in lists {
            for (index, (first, second)) in zip(list.sections, list.sections.dropFirst()).enumerated() {
                guard let one = catalogue.placement(first.placement), let other = catalogue.placement(second.placement),
                    Self.showsCampaigns(one), Self.showsCampaigns(other), one.content != .hero, other.content != .hero
                else { continue }
                if one.id.isByteEqual(to: other.id), first.rank == second.rank {
                    problems.append(warning(
                        "\(CatalogueFileReader.quoted(one.id)) follows itself: its campaigns are shown twice in a row; remove one of them",
                        file: "plans.json", at: list.path + [.index(index + 1)]))
                    continue
                }
                for campaign in catalogue.content.campaigns where campaign.isPlaced(in: one.id) && campaign.isPlaced(in: other.id) {
                    let audience = list.segments.isEmpty ? campaign.segments : campaign.segments.isEmpty ? list.segments : list.segments.filter(campaign.segments.contains)
                    guard list.segments.isEmpty || campaign.segments.isEmpty || !audience.isEmpty else { continue }
                    let who = audience.isEmpty ? "every shopper" : audience.map(\.rawValue).joined(separator: ", ")
                    problems.append(warning(
                        "\(CatalogueFileReader.quoted(campaign.id)) can be shown twice in a row to \(who): in \(CatalogueFileReader.quoted(one.id)) "
                            + "and right after in \(CatalogueFileReader.quoted(other.id)); put another section between them, or place it in one of them",
                        file: "plans.json", at: list.path + [.index(index + 1)]))
                }
            }
        }
        return problems
    }

    /// Whether `placement` shows a campaign itself (its banner or card), not only its products.
    private static func showsCampaigns(_ placement: Placement) -> Bool {
        switch placement.content {
        case .hero, .campaignCarousel: true
        case .campaignProducts(let products): products.leadCard
        case .categories, .products, .stories, .promotions: false
        }
    }

    private func warning(_ message: String, file: String, at path: [CodingPath.Component]) -> CatalogueProblem {
        CatalogueProblem(file: file, line: sources.line(file, path), severity: .warning, message: message)
    }

    private func emptyQueries() -> [CatalogueProblem] {
        var problems: [CatalogueProblem] = []
        for campaign in catalogue.content.campaigns {
            guard let locales = unmatched(campaign.products) else { continue }
            problems.append(warning("the campaign's products match no product\(locales): its page and carousels show none",
                                    file: sources.file(ofCampaign: campaign.id), at: [.key("products")]))
        }
        for placement in catalogue.placements {
            guard case .products(_, _, let query) = placement.content, let locales = unmatched(query) else { continue }
            problems.append(warning("the products of \(CatalogueFileReader.quoted(placement.id)) match no product\(locales): it is never shown",
                                    file: "placements.json",
                                    at: sources.path(of: placement.id, in: "placements", file: "placements.json") + [.key("products")]))
        }
        return problems
    }

    /// Nil when `query` matches products in every locale; else "" when it matches none in any,
    /// or " in de-DE, fr-FR" (prices and discounts are per currency).
    private func unmatched(_ query: ProductQuery) -> String? {
        let locales = catalogue.settings.locales
        let empty = locales.filter { query.products(in: catalogue, locale: $0).isEmpty }
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
