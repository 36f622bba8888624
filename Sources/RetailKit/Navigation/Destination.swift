import RetailContract
/// A screen the app shell can show.
public enum Destination: Sendable, Hashable {
    /// A server-driven page: `home`, `campaign:…`, `category:…`, `product:…`, `search:…`.
    case page(PageID)
    /// Search, optionally with a query filled in.
    case search(query: String?)
    /// The cart.
    case cart
    /// An allowed `vitrine:` link that names no screen of this app: the shell says so rather
    /// than opening something else.
    case link(String)

    public static func == (lhs: Destination, rhs: Destination) -> Bool {
        switch (lhs, rhs) {
        case (.page(let a), .page(let b)): a == b
        case (.link(let a), .link(let b)): a.utf8.elementsEqual(b.utf8)
        case (.search(let a), .search(let b)): a.map { b?.utf8.elementsEqual($0.utf8) == true } ?? (b == nil)
        case (.cart, .cart): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .page(let id): hasher.combine(0); hasher.combine(id)
        case .search(let query): hasher.combine(1); for byte in (query ?? "").utf8 { hasher.combine(byte) }
        case .cart: hasher.combine(2)
        case .link(let url): hasher.combine(3); for byte in url.utf8 { hasher.combine(byte) }
        }
    }

    /// The results page of what the shopper typed and submitted (Enter in the terminal, the
    /// keyboard's Search key on iOS), trimmed; nil while it has fewer letters than suggestions
    /// need. Never a suggestion: those may still be the previous query's.
    public static func results(forQuery query: String) -> Destination? {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard trimmed.unicodeScalars.count >= SearchSuggestions.minimumLength else { return nil }
        return .page(.search(trimmed))
    }

    /// The page id of a page destination.
    public var pageID: PageID? {
        if case .page(let id) = self { return id }
        return nil
    }

    /// Where an allowed deeplink leads (checked against `VitrineApp.deeplinks` first):
    /// `vitrine://cart`, `vitrine://search?q=…`, `vitrine://home`,
    /// `vitrine://campaign|category|product|story/ID` (the page `kind:ID`), `vitrine://page/ID`
    /// (any page id, percent-encoded); any other allowed link is `.link`, and so is one whose
    /// page id is longer than `RetailLimits.pageIDBytes`. A fragment (`#…`) names a place in a
    /// document, never a screen: it is left out.
    public static func forDeeplink(_ url: String) -> Destination {
        let destination = screen(forDeeplink: url)
        if let id = destination.pageID, id.rawValue.utf8.count > RetailLimits.pageIDBytes { return .link(url) }
        return destination
    }

    private static func screen(forDeeplink url: String) -> Destination {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .link(url) }
        var rest = bytes[(colon + 1)..<(bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex)]
        if rest.starts(with: Array("//".utf8)) { rest = rest.dropFirst(2) }
        let queryStart = rest.firstIndex(of: UInt8(ascii: "?"))
        let path = String(decoding: rest[..<(queryStart ?? rest.endIndex)], as: UTF8.self)
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch segments.first.map({ Array($0.utf8) }) {
        case Array("cart".utf8)? where segments.count == 1:
            return .cart
        case Array("home".utf8)? where segments.count == 1:
            return .page(.home)
        case Array("search".utf8)? where segments.count == 1:
            let query = queryStart.map { String(decoding: rest[($0 + 1)...], as: UTF8.self) }.flatMap(Self.queryValue)
            return .search(query: query)
        case let kind? where segments.count == 2 && ["campaign", "category", "product", "story"].contains(where: { Array($0.utf8) == kind }):
            return .page(PageID("\(segments[0]):\(segments[1])"))
        case Array("page".utf8)? where segments.count == 2:
            guard let id = segments[1].removingPercentEncoding else { return .link(url) }
            return .page(PageID(id))
        default:
            return .link(url)
        }
    }

    /// The `q` of a query string, percent-decoded (`+` as a space).
    private static func queryValue(_ query: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].utf8.elementsEqual("q".utf8) else { continue }
            return parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }
}
