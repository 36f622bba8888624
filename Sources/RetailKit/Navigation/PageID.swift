import FlowCore
import RetailContract

/// The id of a server-driven page: `home`, `campaign:ID`, `category:ID`, `product:ID`,
/// `story:ID` (an editorial story), or `search:QUERY` (a results page), or any other id a
/// backend gives (`open_page`).
///
/// Compared and hashed by its scalars (its UTF-8 bytes), as JSON compares ids, and read by
/// its kind rather than by prefixes compared by hand.
public struct PageID: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// What a page shows, from the part of its id before the first colon.
    public enum Kind: Sendable, Hashable {
        case home, campaign, category, product, story, search
        /// An id of no kind this app knows.
        case other
    }

    /// The id as the backend spells it.
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// The home page.
    public static let home: PageID = "home"

    /// The results page for `query`: its letters as typed, a slash read as a space (a page id
    /// travels as one path segment) and clipped to what a query may hold.
    public static func search(_ query: String) -> PageID {
        PageID("search:" + query.replacingOccurrences(of: "/", with: " ").clipped(toUTF8Bytes: RetailLimits.queryBytes))
    }

    public var kind: Kind {
        if rawValue.isByteEqual(to: "home") { return .home }
        guard let colon = rawValue.utf8.firstIndex(of: UInt8(ascii: ":")) else { return .other }
        switch Array(rawValue.utf8[..<colon]) {
        case Array("campaign".utf8): return .campaign
        case Array("category".utf8): return .category
        case Array("product".utf8): return .product
        case Array("story".utf8): return .story
        case Array("search".utf8): return .search
        default: return .other
        }
    }

    /// What follows the kind: the product's id of `product:p-1002`, the query of `search:…`.
    public var entityID: String? {
        guard kind != .home, kind != .other, let colon = rawValue.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return String(rawValue.utf8[rawValue.utf8.index(after: colon)...])
    }

    public static func == (lhs: PageID, rhs: PageID) -> Bool {
        lhs.rawValue.isByteEqual(to: rhs.rawValue)
    }

    public func hash(into hasher: inout Hasher) {
        rawValue.hashBytes(into: &hasher)
    }

    public var description: String { rawValue }
}
