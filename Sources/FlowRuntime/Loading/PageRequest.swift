import FlowCore

/// One request a `PageStore` (or the `api` action handler) makes of the host.
///
/// The kinds are data, not separate methods, so that a host implements one seam
/// (`PageLoader.loadPage(_:)`) and can log, retry or fake every request the same way.
public struct PageRequest: Sendable, Hashable {
    /// What is being asked for.
    public enum Kind: Sendable, Hashable {
        /// The first load of the page.
        case initial
        /// A reload of a page already shown (pull to refresh, `refresh_page`).
        case refresh
        /// The next page of sections; `postback` is the page's opaque `pagination.postback`, echoed.
        case nextPage(postback: JSONValue)
        /// An `api` action, checked, to send to its endpoint with its method; the answer is an
        /// action response (CONTRACT §7).
        case action(ActionCall)
    }

    /// The page the request belongs to.
    public var pageID: String
    public var kind: Kind

    public init(pageID: String, kind: Kind) {
        self.pageID = pageID
        self.kind = kind
    }

    /// The short name of the kind (`initial`, `refresh`, `next_page`, `action`), for logs.
    public var kindName: String {
        switch kind {
        case .initial: "initial"
        case .refresh: "refresh"
        case .nextPage: "next_page"
        case .action: "action"
        }
    }
}
