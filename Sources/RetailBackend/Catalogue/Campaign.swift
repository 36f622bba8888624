import Foundation

/// A merchandising campaign. Its window is stored as hours relative to the catalogue's
/// anchor instant (see `Catalogue.anchor`), so that "one ends soon, one is over, one has
/// not started" holds whenever the backend starts, and tests place the clock at will.
struct Campaign: Sendable {
    var id: String
    var title: Localized
    var subtitle: Localized
    var cta: Localized
    var startHours: Int
    var endHours: Int
    /// Categories whose products the campaign features.
    var categoryIDs: [String]
    /// Segments that see it; empty means everyone.
    var segments: Set<Segment>
    /// Higher first when the hero is picked by priority.
    var priority: Int
    /// A live-shopping stream: needs the `video` capability and app 2.6.0.
    var isLiveShopping: Bool

    var pageID: String { "campaign:\(id)" }
    var imageName: String { "\(id).jpg" }

    func isVisible(to segment: Segment) -> Bool {
        segments.isEmpty || segments.contains(segment)
    }
}

/// A campaign placed on the calendar of one catalogue.
struct ScheduledCampaign: Sendable {
    var campaign: Campaign
    var start: Date
    var end: Date

    func isLive(at instant: Date) -> Bool {
        start <= instant && instant < end
    }
}
