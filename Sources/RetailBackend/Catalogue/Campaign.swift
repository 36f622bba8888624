import FlowCore
import Foundation

/// A merchandising campaign: its copy in each locale it targets, its pictures, the window it
/// runs in, who sees it (segments, locales, the clients that can show it), how it ranks, the
/// placements it fills and the products it features.
struct Campaign: Sendable, Hashable {
    var id: String
    var title: Localized
    var subtitle: Localized
    /// The call to action of its hero; empty in a locale: no button.
    var cta: Localized
    /// Image names the backend serves (`cmp-winter.jpg`), or absolute http(s) URLs.
    var heroImage: String
    var cardImage: String
    var window: CatalogueWindow
    /// Segments that see it; empty means everyone.
    var segments: [Segment]
    /// Locales it runs in; empty means every locale of the catalogue.
    var locales: [StoreLocale]
    /// What a client needs to show it (CONTRACT §4); clients that lack it get `fallback`.
    var requires: Requirements?
    /// The card shown instead to clients that fail `requires`: its title and subtitle, each
    /// empty in a locale to keep the campaign's own.
    var fallbackTitle = Localized.empty
    var fallbackSubtitle = Localized.empty
    /// Higher first when placements rank by priority.
    var priority: Int
    /// Ids of the placements (`placements.json`) it may fill.
    var placements: [String]
    /// The products it features: its product carousels and its own page.
    var products: ProductQuery

    var pageID: String { "campaign:\(id)" }

    func isVisible(to segment: Segment, locale: StoreLocale) -> Bool {
        (segments.isEmpty || segments.contains(segment)) && (locales.isEmpty || locales.contains(locale))
    }

    func isPlaced(in placement: String) -> Bool {
        placements.contains { $0.isByteEqual(to: placement) }
    }

    /// The locales its copy must cover.
    func targetedLocales(of settings: CatalogueSettings) -> [StoreLocale] {
        locales.isEmpty ? settings.locales : locales
    }

    /// Whether it is live at `instant`.
    func isLive(at instant: Date) -> Bool {
        window.contains(instant)
    }

    /// Its end; a campaign's window always has one (the loader requires both sides).
    var end: Date {
        window.end ?? .distantFuture
    }
}
