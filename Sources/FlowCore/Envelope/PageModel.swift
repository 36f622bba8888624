import Foundation

/// A decoded page: the envelope of CONTRACT §1 with its sections and widgets.
///
/// A value type, so a store can apply a transactional mutation to a copy and keep the
/// original when it fails. It carries its identity index, so ids stay unique through every
/// mutation and merge without rescanning the page.
public struct PageModel: Sendable, Identifiable {
    public internal(set) var id: String
    /// Names this composition; copied into every analytics event.
    public internal(set) var requestID: String
    public internal(set) var schemaVersion: Int
    /// Seconds for which a cached copy counts as fresh.
    public internal(set) var ttl: Double
    public internal(set) var experiments: [Experiment]
    public internal(set) var nav: NavModel?
    public internal(set) var header: StripModel?
    public internal(set) var footer: StripModel?
    public internal(set) var sections: [SectionModel]
    public internal(set) var pagination: Pagination?
    public internal(set) var refresh: RefreshOptions
    var identity: PageIdentity

    /// Every widget id on the page, fallbacks and nested widgets included.
    public var widgetIDs: Set<String> { identity.widgetIDs }

    /// The section with `id`.
    public func section(id: String) -> SectionModel? {
        identity.sectionIndex[id].map { sections[$0] }
    }

    /// The addressable widget with `id`: page header and footer, section headers and bodies.
    public func widget(id: String) -> WidgetModel? {
        guard let slot = identity.widgetSlots[id] else { return nil }
        switch slot {
        case .pageHeader: return header?.widgets.first { $0.id == id }
        case .pageFooter: return footer?.widgets.first { $0.id == id }
        case .sectionHeader(let sectionID): return section(id: sectionID)?.header
        case .sectionBody(let sectionID): return section(id: sectionID)?.widgets.first { $0.id == id }
        }
    }

    /// Header, then sections with their headers, then footer: the contract's document order.
    public var widgetsInDocumentOrder: [WidgetModel] {
        var widgets = header?.widgets ?? []
        for section in sections {
            if let header = section.header { widgets.append(header) }
            widgets += section.widgets
        }
        widgets += footer?.widgets ?? []
        return widgets
    }
}

/// An experiment assignment behind a composition.
public struct Experiment: Sendable, Hashable, JSONDecodable {
    public var id: String
    public var variant: String

    public init(id: String, variant: String) {
        self.id = id
        self.variant = variant
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        self.init(id: try node.require("id"), variant: try node.require("variant"))
    }
}

/// The page header or footer: a strip of widgets, sticky (outside the scroll area) by default.
public struct StripModel: Sendable, Equatable {
    public var isSticky: Bool
    public internal(set) var widgets: [WidgetModel]
}

/// Pagination: `postback` is opaque and echoed on the next-page request.
public struct Pagination: Sendable, Hashable, JSONDecodable {
    public var hasMore: Bool
    public var postback: JSONValue?

    public init(hasMore: Bool, postback: JSONValue? = nil) {
        self.hasMore = hasMore
        self.postback = postback
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        self.init(hasMore: try node.optional("has_more") ?? false, postback: try node.optional("postback"))
    }
}

/// Refresh behaviour.
public struct RefreshOptions: Sendable, Hashable, JSONDecodable {
    public var pullToRefresh: Bool

    public init(pullToRefresh: Bool = true) {
        self.pullToRefresh = pullToRefresh
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        self.init(pullToRefresh: try node.optional("pull_to_refresh") ?? true)
    }
}

/// The navigation bar.
public struct NavModel: Sendable, Hashable, JSONDecodable {
    public var title: TextData?
    public var subtitle: TextData?
    public var backgroundColor: ColorData?
    public var leftButton: ButtonData?
    public var rightButtons: [ButtonData]

    public init(from node: JSONNode) throws(DecodingFailure) {
        title = try node.optional("title")
        subtitle = try node.optional("subtitle")
        backgroundColor = try node.optional("bg_color")
        leftButton = try node.optional("left_button")
        rightButtons = try node.lossyArray("right_buttons")
    }
}
