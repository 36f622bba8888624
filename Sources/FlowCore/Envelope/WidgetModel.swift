import Foundation

/// One widget of a page, after decoding: its identity, chrome, content, actions, tracking and
/// the rules (requirements, expiry, fallback) that decide whether it is shown.
///
/// Unknown and malformed widgets stay in the model so that tools can see them; renderers
/// apply the unknown-widget policy (CONTRACT §3). The widget's source object is kept whole:
/// it is what equality compares, so a refresh can tell a changed widget from an unchanged one.
public struct WidgetModel: Sendable, Identifiable {
    /// Unique within the page (see `IdentityAllocator`).
    public internal(set) var id: String
    public let type: String
    public let layout: WidgetLayout?
    public let content: WidgetContentState
    public let actions: WidgetActions
    /// Opaque to rendering; merged into analytics events.
    public let tracking: JSONObject
    public let impression: ImpressionRule
    /// What a screen reader reads for the widget, when the backend corrects the description
    /// derived from its content (CONTRACT §5).
    public let accessibility: AccessibilityData?
    public let requires: Requirements?
    /// Invalid requirements make the widget incompatible: this says why.
    public let invalidRequirements: String?
    public let expiresAt: Date?
    /// Where the widget was decoded from.
    public let path: CodingPath
    /// The widget's JSON object as received.
    public let source: JSONObject
    private let fallbackBox: FallbackBox?

    init(
        id: String, type: String, layout: WidgetLayout?, content: WidgetContentState, actions: WidgetActions,
        tracking: JSONObject, impression: ImpressionRule, accessibility: AccessibilityData?, requires: Requirements?, invalidRequirements: String?,
        expiresAt: Date?, path: CodingPath, source: JSONObject, fallback: WidgetModel?
    ) {
        self.id = id
        self.type = type
        self.layout = layout
        self.content = content
        self.actions = actions
        self.tracking = tracking
        self.impression = impression
        self.accessibility = accessibility
        self.requires = requires
        self.invalidRequirements = invalidRequirements
        self.expiresAt = expiresAt
        self.path = path
        self.source = source
        self.fallbackBox = fallback.map(FallbackBox.init)
    }

    /// Shown instead when the type is unknown, the data malformed or the requirements unmet.
    public var fallback: WidgetModel? { fallbackBox?.widget }

    /// The decoded content as `Content`, when it decoded as that type.
    public func content<Content: WidgetContent>(as type: Content.Type) -> Content? {
        if case .decoded(let content) = content { return content as? Content }
        return nil
    }

    /// The widget's `data` as received (an empty object when absent).
    public var data: JSONValue { source["data"] ?? .object(JSONObject()) }

    /// This widget's id, its fallback's and its nested widgets', depth first.
    public var allIDs: [String] {
        var ids = [id]
        if let fallback { ids += fallback.allIDs }
        if case .decoded(let content) = content {
            for nested in content.nestedWidgets { ids += nested.allIDs }
        }
        return ids
    }
}

extension WidgetModel: Equatable {
    /// Same id and same source: the widget a renderer shows, and its state, are unchanged.
    public static func == (lhs: WidgetModel, rhs: WidgetModel) -> Bool {
        lhs.id.isByteEqual(to: rhs.id) && lhs.source == rhs.source
            && (lhs.fallback?.id).map { rhs.fallback?.id.isByteEqual(to: $0) == true } ?? (rhs.fallback == nil)
    }
}

/// Holds a fallback widget: a struct cannot contain itself, and fallbacks are one level deep.
private final class FallbackBox: Sendable {
    let widget: WidgetModel
    init(_ widget: WidgetModel) { self.widget = widget }
}
