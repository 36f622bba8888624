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

    /// Every widget id on the page, fallbacks and nested widgets included, compared by their
    /// code points.
    public var widgetIDs: Set<ExactString> { identity.widgetIDs }

    /// Whether `id` (compared by its code points) is a widget id on the page, fallbacks and
    /// nested widgets included.
    public func containsWidget(id: String) -> Bool { identity.containsWidget(id) }

    /// The addressable widget (header, footer, section header or body) that holds the nested
    /// widget or fallback `id`; `nil` for an addressable widget or an id not on the page.
    public func owner(ofNested id: String) -> WidgetModel? {
        identity.owner(of: id).flatMap { widget(id: $0) }
    }

    /// The section with `id`.
    public func section(id: String) -> SectionModel? {
        identity.sectionPosition(of: id).map { sections[$0] }
    }

    /// The addressable widget with `id`: page header and footer, section headers and bodies.
    public func widget(id: String) -> WidgetModel? {
        locate(id, in: identity).flatMap(widget(at:))
    }

    /// Where the addressable widget `id` is, found through `identity`'s slots: one scan of
    /// one container, never of the page.
    func locate(_ id: String, in identity: PageIdentity) -> WidgetLocation? {
        switch identity.slot(of: id) {
        case nil:
            return nil
        case .pageHeader?:
            return header?.widgets.firstIndex { $0.id.isByteEqual(to: id) }.map(WidgetLocation.pageHeader)
        case .pageFooter?:
            return footer?.widgets.firstIndex { $0.id.isByteEqual(to: id) }.map(WidgetLocation.pageFooter)
        case .sectionHeader(let sectionID)?:
            guard let section = identity.sectionPosition(of: sectionID), sections[section].header?.id.isByteEqual(to: id) == true else { return nil }
            return .sectionHeader(section)
        case .sectionBody(let sectionID)?:
            guard let section = identity.sectionPosition(of: sectionID),
                let index = sections[section].widgets.firstIndex(where: { $0.id.isByteEqual(to: id) })
            else { return nil }
            return .sectionBody(section: section, index: index)
        }
    }

    /// The widget at a location `locate` returned.
    func widget(at location: WidgetLocation) -> WidgetModel? {
        switch location {
        case .pageHeader(let index): header?.widgets[index]
        case .pageFooter(let index): footer?.widgets[index]
        case .sectionHeader(let section): sections[section].header
        case .sectionBody(let section, let index): sections[section].widgets[index]
        }
    }

    /// Puts `new` at `location`, or removes the widget there when `new` is `nil`.
    mutating func replaceWidget(at location: WidgetLocation, with new: WidgetModel?) {
        func update(_ widgets: inout [WidgetModel], _ index: Int) {
            if let new { widgets[index] = new } else { widgets.remove(at: index) }
        }
        switch location {
        case .pageHeader(let index):
            if var strip = header {
                header = nil  // keeps the widget array uniquely referenced, so it changes in place
                update(&strip.widgets, index)
                header = strip
            }
        case .pageFooter(let index):
            if var strip = footer {
                footer = nil
                update(&strip.widgets, index)
                footer = strip
            }
        case .sectionHeader(let section):
            sections[section].header = new
        case .sectionBody(let section, let index):
            update(&sections[section].widgets, index)
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

/// Where an addressable widget sits, by index: valid until the page changes.
enum WidgetLocation {
    case pageHeader(Int)
    case pageFooter(Int)
    case sectionHeader(Int)
    case sectionBody(section: Int, index: Int)
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

    /// A nav bar a host makes itself (over a page that has none yet).
    public init(
        title: TextData? = nil, subtitle: TextData? = nil, backgroundColor: ColorData? = nil, leftButton: ButtonData? = nil,
        rightButtons: [ButtonData] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.backgroundColor = backgroundColor
        self.leftButton = leftButton
        self.rightButtons = rightButtons
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        title = try node.optional("title")
        subtitle = try node.optional("subtitle")
        backgroundColor = try node.optional("bg_color")
        leftButton = try node.optional("left_button")
        rightButtons = try node.lossyArray("right_buttons")
    }
}
