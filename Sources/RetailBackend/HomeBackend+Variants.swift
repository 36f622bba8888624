import FlowCore
import Foundation
import RetailContract

/// One composed page response, for tools that check every composition (`vitrine lint`).
public struct PageVariant: Sendable {
    /// The request that gets it, as a path and query (`/v1/home?locale=de-DE&…`).
    public let request: String
    /// The client it was composed for: lint it with `--app-version` and `--capabilities`
    /// set to these, or the nodes gated for this client are reported as incompatible.
    public let appVersion: String
    public let capabilities: [String]
    public let body: Data
}

extension HomeBackend {
    /// App versions and capability sets that cover every gate outcome of `catalogue`: the
    /// oldest app, then for each requirement a client that meets its version only and one
    /// that meets it whole.
    static func representativeClients(of catalogue: Catalogue) -> [(version: String, capabilities: Set<String>)] {
        var clients: [(version: String, capabilities: Set<String>)] = [("1.0.0", [])]
        for requirement in catalogue.requirements.entries {
            let version = requirement.minAppVersion?.description ?? "1.0.0"
            for candidate in [(version, Set<String>()), (version, Set(requirement.capabilities))]
            where !clients.contains(where: { $0.version == candidate.0 && $0.capabilities == candidate.1 }) {
                clients.append(candidate)
            }
        }
        return clients.sorted { lhs, rhs in
            let (left, right) = (AppVersion(lhs.version) ?? AppVersion(major: 0), AppVersion(rhs.version) ?? AppVersion(major: 0))
            return left != right ? left < right : lhs.capabilities.count < rhs.capabilities.count
        }
    }

    /// Every page this backend composes at `instant` (default: now), followed to the end of
    /// its pagination: home for each locale, segment, experiment variant and representative
    /// client; live campaign pages for each locale they run in, for a segment that sees them;
    /// category pages for each locale; product pages in the catalogue's first locale, or in
    /// every locale with `allProductLocales`. Composed without faults unless the backend was
    /// started with section faults.
    public func pageVariants(at instant: Date? = nil, allProductLocales: Bool = false) -> [PageVariant] {
        let instant = instant ?? configuration.now()
        let snapshot = catalogues.current
        let catalogue = snapshot.catalogue
        let locales = catalogue.settings.locales
        var variants: [PageVariant] = []
        for locale in locales {
            for segment in Segment.allCases {
                for pins in Self.variantPins(catalogue, segment: segment) {
                    for client in Self.representativeClients(of: catalogue) {
                        var context = PageContext(
                            locale: locale, segment: segment, appVersion: AppVersion(client.version) ?? PageContext.unknownVersion,
                            capabilities: client.capabilities)
                        context.variantOverrides = Dictionary(pins, uniquingKeysWith: { first, _ in first })
                        variants += paginated("home", context: context, pins: pins, at: instant, in: snapshot)
                    }
                }
            }
        }
        // Other pages for a client that meets every requirement.
        let capabilities = Set(catalogue.requirements.entries.flatMap(\.capabilities))
        let newest = max(AppVersion(major: 1), catalogue.requirements.entries.compactMap(\.minAppVersion).max() ?? AppVersion(major: 1))
        var pages: [(String, [StoreLocale], Segment)] = []
        for campaign in catalogue.liveCampaigns(at: instant) {
            let segment = [Segment.returning, .new, .vip].first { campaign.segments.isEmpty || campaign.segments.contains($0) } ?? .returning
            pages.append((campaign.pageID, locales.filter { campaign.locales.isEmpty || campaign.locales.contains($0) }, segment))
        }
        pages += catalogue.categories.map { ($0.pageID, locales, .returning) }
        pages += catalogue.stories.filter { $0.window.contains(instant) }.map { ($0.pageID, locales, .returning) }
        pages += catalogue.products.map { ($0.pageID, allProductLocales ? locales : Array(locales.prefix(1)), .returning) }
        for (pageID, pageLocales, segment) in pages {
            for locale in pageLocales {
                let context = PageContext(locale: locale, segment: segment, appVersion: newest, capabilities: capabilities)
                variants += paginated(pageID, context: context, pins: [], at: instant, in: snapshot)
            }
        }
        return variants
    }

    /// Every combination of the variants of the experiments running for `segment` (at most
    /// 64), as pins by experiment id.
    static func variantPins(_ catalogue: Catalogue, segment: Segment) -> [[(String, String)]] {
        var combinations: [[(String, String)]] = [[]]
        for experiment in catalogue.experiments.prefix(ExperimentChoice.capacity) where experiment.applies(to: segment) {
            combinations = combinations.flatMap { pins in experiment.variants.map { pins + [(experiment.id, $0.id)] } }
            if combinations.count > 64 { combinations = Array(combinations.prefix(64)) }
        }
        return combinations
    }

    /// Composed once, encoded page by page.
    private func paginated(
        _ pageID: String, context: PageContext, pins: [(String, String)], at instant: Date, in snapshot: CatalogueSnapshot
    ) -> [PageVariant] {
        let choice = snapshot.catalogue.choice(for: context)
        guard let composition = try? composition(
            pageID, context: context, choice: choice, at: instant, faultBits: faults.base.compositionBits, in: snapshot)
        else { return [] }
        let path = pageID == "home" ? RetailRoutes.home : RetailRoutes.member(.pages, pageID)
        var query = "locale=\(context.locale.rawValue)&appVersion=\(context.appVersion)&userSegment=\(context.segment.rawValue)"
            + "&capabilities=\(context.capabilities.sorted().joined(separator: ","))"
        if !pins.isEmpty { query += "&experiments=" + pins.map { "\($0.0):\($0.1)" }.joined(separator: ",") }
        return stride(from: 0, to: max(composition.sections.count, 1), by: configuration.pageSize).map { offset in
            let page = PageWriter.encode(composition, offset: offset, pageSize: configuration.pageSize)
            return PageVariant(
                request: "\(path)?\(query)&cursor=s\(offset)", appVersion: context.appVersion.description,
                capabilities: context.capabilities.sorted(), body: page.body(requestID: nextRequestID(for: page)))
        }
    }
}
