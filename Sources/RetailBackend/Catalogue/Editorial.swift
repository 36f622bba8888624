/// An editorial story for the home page's stories placement.
struct Story: Sendable, Hashable {
    var id: String
    var kicker: Localized
    var title: Localized
    /// Markdown.
    var body: Localized
    var cta: Localized
    var image: String
    /// When it is shown; its end is the section's `expires_at`.
    var window: CatalogueWindow

    /// Its page, which its card's call to action opens.
    var pageID: String { "story:\(id)" }
}

/// A promotion code shown as a `promo_banner`.
struct Promotion: Sendable, Hashable {
    var id: String
    var title: Localized
    var subtitle: Localized
    var code: String
    /// Segments that see it; empty means everyone.
    var segments: [Segment]
    /// Gradient colours of the banner (`#RRGGBB`).
    var colors: [String]
    /// When it is shown; open on both sides by default.
    var window: CatalogueWindow

    func isVisible(to segment: Segment) -> Bool {
        segments.isEmpty || segments.contains(segment)
    }
}
