import FlowCore
import Foundation

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
    /// App versions and capability sets that cover every gate outcome.
    static let representativeClients: [(version: String, capabilities: Set<String>)] = [
        ("1.0.0", []), ("2.0.0", []), ("2.6.0", []), ("2.6.0", ["video"]),
    ]

    /// Every page this backend composes at `instant` (default: now), followed to the end of
    /// its pagination: home for each locale, segment, experiment variant and representative
    /// client; campaign and category pages for each locale; product pages in en-US, or in
    /// every locale with `allProductLocales`. Composed without faults unless the backend was
    /// started with section faults.
    public func pageVariants(at instant: Date? = nil, allProductLocales: Bool = false) -> [PageVariant] {
        let instant = instant ?? configuration.now()
        let schedule = catalogue.schedule(at: instant)
        var pageIDs: [(String, [StoreLocale])] = [("home", StoreLocale.allCases)]
        pageIDs += catalogue.liveCampaigns(in: schedule).map { ($0.campaign.pageID, StoreLocale.allCases) }
        pageIDs += catalogue.categories.map { ($0.pageID, StoreLocale.allCases) }
        pageIDs += catalogue.products.map { ($0.pageID, allProductLocales ? StoreLocale.allCases : [.enUS]) }
        var variants: [PageVariant] = []
        for (pageID, locales) in pageIDs {
            let isHome = pageID == "home"
            for locale in locales {
                for segment in isHome ? Segment.allCases : [.returning] {
                    for variant in isHome ? HeroExperiment.Variant.allCases : [.a] {
                        for client in isHome ? Self.representativeClients : [("2.6.0", ["video"])] {
                            var context = PageContext(
                                locale: locale, segment: segment, appVersion: AppVersion(client.version) ?? PageContext.unknownVersion,
                                capabilities: client.capabilities)
                            context.variant = variant
                            variants += paginated(pageID, context: context, schedule: schedule)
                        }
                    }
                }
            }
        }
        return variants
    }

    /// Composed once, encoded page by page.
    private func paginated(_ pageID: String, context: PageContext, schedule: UInt64) -> [PageVariant] {
        guard let composition = try? composition(pageID, context: context, schedule: schedule, faultBits: faults.base.compositionBits) else {
            return []
        }
        let path = pageID == "home" ? "/v1/home" : "/v1/pages/\(pageID)"
        let query = "locale=\(context.locale.rawValue)&appVersion=\(context.appVersion)&userSegment=\(context.segment.rawValue)"
            + "&capabilities=\(context.capabilities.sorted().joined(separator: ","))&variant=\(context.variant.rawValue)"
        return stride(from: 0, to: max(composition.sections.count, 1), by: configuration.pageSize).map { offset in
            let page = PageWriter.encode(composition, offset: offset, pageSize: configuration.pageSize)
            return PageVariant(
                request: "\(path)?\(query)&cursor=s\(offset)", appVersion: context.appVersion.description,
                capabilities: context.capabilities.sorted(), body: page.body(requestID: nextRequestID()))
        }
    }
}
