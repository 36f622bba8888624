import Foundation

/// One section of the page body.
public struct SectionModel: Sendable, Identifiable, Equatable {
    /// Unique among the page's sections.
    public internal(set) var id: String
    public let layout: SectionLayout
    /// Pinned while its section scrolls under it.
    public internal(set) var header: WidgetModel?
    public internal(set) var widgets: [WidgetModel]
    /// Merged into the events of every widget in the section.
    public let tracking: JSONObject
    public let requires: Requirements?
    public let invalidRequirements: String?
    /// Shown alone in place of the section when it cannot be shown.
    public let fallback: WidgetModel?
    public let expiresAt: Date?
    public let path: CodingPath
    public let source: JSONObject
    /// The composition (`request_id`) the section came from: the page's own, or the next
    /// page's that brought it, so its events and diagnostics name the right one (§1, §9).
    /// `nil` in a sheet, whose widgets belong to the page that opened it.
    public internal(set) var requestID: String?

    init(
        id: String, layout: SectionLayout, header: WidgetModel?, widgets: [WidgetModel], tracking: JSONObject,
        requires: Requirements?, invalidRequirements: String?, fallback: WidgetModel?, expiresAt: Date?,
        path: CodingPath, source: JSONObject, requestID: String?
    ) {
        self.id = id
        self.layout = layout
        self.header = header
        self.widgets = widgets
        self.tracking = tracking
        self.requires = requires
        self.invalidRequirements = invalidRequirements
        self.fallback = fallback
        self.expiresAt = expiresAt
        self.path = path
        self.source = source
        self.requestID = requestID
    }

    /// Whether the section holds anything that could be shown: a widget or a fallback (its
    /// header alone is never shown, §2).
    public var hasWidgets: Bool { !widgets.isEmpty || fallback != nil }

    /// Every widget id in the section: header, body, fallback, with their fallbacks and nested widgets.
    public var allWidgetIDs: [String] {
        var ids = header?.allIDs ?? []
        for widget in widgets { ids += widget.allIDs }
        if let fallback { ids += fallback.allIDs }
        return ids
    }

    public static func == (lhs: SectionModel, rhs: SectionModel) -> Bool {
        lhs.id.isByteEqual(to: rhs.id) && lhs.layout == rhs.layout && lhs.header == rhs.header && lhs.widgets == rhs.widgets
            && lhs.tracking == rhs.tracking && lhs.requires == rhs.requires && lhs.fallback == rhs.fallback
            && lhs.expiresAt == rhs.expiresAt
    }
}
