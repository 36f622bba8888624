import FlowRuntime

/// The sheets over a page, bottom to top, as one chain: the page's own sheets (the runtime's
/// `SheetStack`), then, above them all, the host's sheet when it shows one (the retail app's
/// cart), as the terminal draws the cart over a page's sheets.
///
/// A platform that presents a sheet only from the one below it (SwiftUI refuses a second
/// presentation from another view while one is up, and says nothing) presents every layer from
/// the level below in this chain, so the host's sheet opens over a page sheet instead of failing.
public struct SheetLayers {
    /// What one level shows.
    public enum Layer: Identifiable {
        /// The page's sheet at this level.
        case page(SheetStack.Entry)
        /// The host's sheet, over the page's last one.
        case host

        /// A page sheet's presentation, or the host's: a new presentation is a new identity.
        public var id: Int {
            switch self {
            case .page(let entry): entry.presentationID
            case .host: -1
            }
        }
    }

    public let pageSheets: [SheetStack.Entry]
    public let showsHostSheet: Bool

    /// The layers of `pageSheets` (bottom to top) and the host's sheet when `showsHostSheet`.
    public init(pageSheets: [SheetStack.Entry], showsHostSheet: Bool) {
        self.pageSheets = pageSheets
        self.showsHostSheet = showsHostSheet
    }

    /// How many levels are shown.
    public var count: Int { pageSheets.count + (showsHostSheet ? 1 : 0) }

    /// The layer at `level` (0 the lowest), or nil above the top.
    public func layer(atLevel level: Int) -> Layer? {
        if level >= 0, level < pageSheets.count { return .page(pageSheets[level]) }
        return level == pageSheets.count && showsHostSheet ? .host : nil
    }
}
