/// An editorial story for the home page's editorial section.
struct Story: Sendable {
    var id: String
    var kicker: Localized
    var title: Localized
    /// Markdown.
    var body: Localized
    var cta: Localized
    /// Hours after the anchor when the story stops being shown.
    var expiresHours: Int

    var imageName: String { "story-\(id).jpg" }
}

/// A promotion code shown as a `promo_banner`.
struct Promotion: Sendable {
    var id: String
    var title: Localized
    var subtitle: Localized
    var code: String
    /// Segments that see it; empty means everyone.
    var segments: Set<Segment>
    /// Gradient colours of the banner.
    var colors: [String]

    func isVisible(to segment: Segment) -> Bool {
        segments.isEmpty || segments.contains(segment)
    }
}
