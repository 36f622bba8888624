import FlowCore
import Foundation

/// A whole composed page before pagination: what `PageWriter` slices into responses.
struct Composition: Sendable {
    var pageID: String
    var experiments: [(id: String, variant: String)] = []
    var nav: JSONValue?
    var header: JSONValue?
    var sections: [JSONValue]
    var footer: JSONValue?
}

/// Builds one section object (CONTRACT §2) with its tracking.
struct SectionBuilder {
    var id: String
    var arrangement: String? = nil
    var columns: Int? = nil
    var header: JSONValue? = nil
    var campaignID: String? = nil
    var experimentID: String? = nil
    var requires: JSONValue? = nil
    var expiresAt: Date? = nil
    var widgets: [JSONValue] = []

    var json: JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id))]
        // Every section has the same side insets, so that all of a page starts at one margin.
        var layout: [(String, JSONValue)] = []
        if let arrangement {
            layout.append(("arrangement", .string(arrangement)))
            if let columns { layout.append(("columns", .integer(columns))) }
            // A grid's rows are a row apart in the terminal (16 pt) and as far apart on a phone:
            // a card's last line (a "-20 %" badge) never touches the next row's picture.
            layout.append(("item_spacing", arrangement == "grid" ? 16 : 8))
        }
        layout.append(("insets", ["left": 16, "right": 16]))
        members.append(("layout", .members(layout)))
        if let header { members.append(("header", header)) }
        var tracking: [(String, JSONValue)] = [("section_id", .string(id))]
        if let campaignID { tracking.append(("campaign_id", .string(campaignID))) }
        if let experimentID { tracking.append(("experiment_id", .string(experimentID))) }
        members.append(("tracking", .members(tracking)))
        if let requires { members.append(("requires", requires)) }
        if let expiresAt { members.append(("expires_at", WidgetFactory.instant(expiresAt))) }
        members.append(("widgets", .array(widgets)))
        return .members(members)
    }
}
