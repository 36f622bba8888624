import FlowCore

/// An impression (CONTRACT §9), before the analytics tracker adds `event_id`, `name`,
/// `timestamp` and `app_version`.
public struct ImpressionEvent: Sendable, Hashable {
    public var requestID: String
    public var pageID: String
    /// The section's id, unless its tracking sets `section_id`; `nil` outside sections.
    public var sectionID: String?
    /// The widget's id, unless its tracking sets `item_id`.
    public var itemID: String
    /// The index within the section, unless the widget's tracking sets `position`.
    public var position: Int
    /// From the merged tracking's `campaign_id`.
    public var campaignID: String?
    /// From the merged tracking's `experiment_id`.
    public var experimentID: String?
    /// Section tracking, then widget tracking laid over it.
    public var tracking: JSONObject
    public var widgetID: String
    public var widgetType: String

    /// The event's fields on the wire: the merged tracking, then the identifiers, which win
    /// over tracking members of the same name.
    public var fields: JSONObject {
        var object = tracking
        object["request_id"] = .string(requestID)
        object["page_id"] = .string(pageID)
        object["section_id"] = sectionID.map(JSONValue.string) ?? .null
        object["item_id"] = .string(itemID)
        object["position"] = .number(Double(position))
        object["campaign_id"] = campaignID.map(JSONValue.string) ?? .null
        object["experiment_id"] = experimentID.map(JSONValue.string) ?? .null
        return object
    }
}

extension ImpressionEvent {
    /// The event for `item` on `page`: the identifiers of §9 from the section's and the
    /// widget's tracking. Public so that other events about a widget (a tap, an add to cart)
    /// carry the same identifiers as its impression.
    public init(item: VisibleWidget, page: PageModel) {
        let widgetTracking = item.widget.tracking
        let merged = (item.section?.tracking ?? JSONObject()).merging(widgetTracking)
        self.init(
            requestID: page.requestID,
            pageID: page.id,
            sectionID: item.section.map { Self.identifier(item.section?.tracking["section_id"]) ?? $0.id },
            itemID: Self.identifier(widgetTracking["item_id"]) ?? item.widget.id,
            position: widgetTracking["position"]?.intValue ?? item.position,
            campaignID: Self.identifier(merged["campaign_id"]),
            experimentID: Self.identifier(merged["experiment_id"]),
            tracking: merged,
            widgetID: item.widget.id,
            widgetType: item.widget.type)
    }

    /// A string, or an integral number written as one; anything else is no identifier.
    private static func identifier(_ value: JSONValue?) -> String? {
        if let string = value?.stringValue { return string }
        if let integer = value?.intValue { return String(integer) }
        return nil
    }
}
