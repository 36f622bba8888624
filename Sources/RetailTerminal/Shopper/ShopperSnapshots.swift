import FlowCore
import FlowRuntime
import Foundation
import RetailKit

/// What a page store shows, copied into the loop's state when it changes.
public struct PageSnapshot: Sendable {
    public var loadState: PageLoadState
    public var page: PageModel?
    public var nextPage: NextPageState
    public var hasMorePages: Bool
    public var isRefreshing: Bool
    /// Where the page shown came from (a cached copy while the fresh one is on its way).
    public var isCached: Bool
    /// Bumped on every change of the page, so the layout is measured again.
    public var contentGeneration: Int
    /// Why the last refresh of a shown page failed, until one succeeds.
    public var refreshError: String?
    /// The page's widget state (a product's quantity, a stepper's count), drawn with the page.
    public var widgetState: WidgetStateStore?
    /// Seen by the shell over consecutive snapshots (`ShopperUpdate`): a retry of a failed
    /// first load is under way, and how many times in a row the first load failed.
    public var isRetrying = false
    public var failedAttempts = 0
    /// The first load failed because the server has no such page (404, 410): trying again
    /// will not help, and the screen says the page (or product) is not available.
    public var isGone = false

    public init(
        loadState: PageLoadState, page: PageModel?, nextPage: NextPageState = .idle, hasMorePages: Bool = false,
        isRefreshing: Bool = false, isCached: Bool = false, contentGeneration: Int = 0, refreshError: String? = nil
    ) {
        self.loadState = loadState
        self.page = page
        self.nextPage = nextPage
        self.hasMorePages = hasMorePages
        self.isRefreshing = isRefreshing
        self.isCached = isCached
        self.contentGeneration = contentGeneration
        self.refreshError = refreshError
    }

    /// The snapshot of `store` now.
    @MainActor
    public init(store: PageStore) {
        self.init(
            loadState: store.state, page: store.page, nextPage: store.nextPageState, hasMorePages: store.hasMorePages,
            isRefreshing: store.isLoadingPage && store.page != nil, isCached: store.origin == .cached,
            contentGeneration: store.contentGeneration, refreshError: store.lastError)
        widgetState = store.widgetState
        if case .failed = store.state, let error = store.lastLoadError as? HomeAPIError, let status = error.status {
            isGone = status == 404 || status == 410
        }
    }

    /// What failed, for the `--debug` log: the first load, a refresh or the next page.
    var failure: String? {
        if case .failed(let message) = loadState { return "could not load: \(message)" }
        if let refreshError { return "refresh failed: \(refreshError)" }
        if case .failed(let message) = nextPage { return "next page failed: \(message)" }
        return nil
    }
}

/// The cart as the shell shows it: lines with what is pending of each laid over them, the badge.
public struct CartSummary: Sendable, Hashable {
    /// One line of the cart sheet.
    public struct Line: Sendable, Hashable {
        public var productID: String
        /// The product's title as the server or the page named it; `nil` when neither did.
        public var title: String?
        public var quantity: Int
        public var unitPrice: Price?
        /// What the server has not confirmed of this line yet.
        public var pending: CartStore.ShownLine.Pending?

        public init(productID: String, title: String?, quantity: Int, unitPrice: Price? = nil, pending: CartStore.ShownLine.Pending? = nil) {
            self.productID = productID
            self.title = title
            self.quantity = quantity
            self.unitPrice = unitPrice
            self.pending = pending
        }

        /// The line's total, when its price is known (never trapping on a server's numbers).
        public var total: Price? {
            CartSnapshot.Line(productID: productID, quantity: quantity, unitPrice: unitPrice).total
        }
    }

    public var lines: [Line]
    public var badgeCount: Int
    /// Products with an operation in flight (a card shows a pending mark).
    public var pendingProducts: Set<ExactString>
    /// Products the server refused as sold out since the app started.
    public var soldOutProducts: Set<ExactString>
    public var subtotal: Price?
    /// Whether the server's cart has been read at all.
    public var isKnown: Bool
    /// Whether reading it failed (no connection, an answer that could not be read) and
    /// nothing was read before: the sheet says so instead of "loading" for ever.
    public var isUnavailable: Bool
    /// Whether a change failed and waits to be sent again: its lines say so, instead of an
    /// "updating…" that lasts half a minute.
    public var isRetrying: Bool

    public init(
        lines: [Line] = [], badgeCount: Int = 0, pendingProducts: Set<ExactString> = [], soldOutProducts: Set<ExactString> = [],
        subtotal: Price? = nil, isKnown: Bool = false, isUnavailable: Bool = false, isRetrying: Bool = false
    ) {
        self.isUnavailable = isUnavailable
        self.isRetrying = isRetrying
        self.lines = lines
        self.badgeCount = badgeCount
        self.pendingProducts = pendingProducts
        self.soldOutProducts = soldOutProducts
        self.subtotal = subtotal
        self.isKnown = isKnown
    }

    /// The quantity of `productID` shown (0 when absent or being removed).
    public func quantity(of productID: String) -> Int {
        lines.first { $0.productID.utf8.elementsEqual(productID.utf8) && $0.pending != .removing }?.quantity ?? 0
    }

    /// What the retail views mark on products: in the cart, being added, sold out.
    public var marks: ShopperMarks {
        var inCart: [ExactString: Int] = [:]
        for line in lines where line.pending != .removing { inCart[ExactString(line.productID)] = line.quantity }
        return ShopperMarks(inCart: inCart, pending: pendingProducts, soldOut: soldOutProducts)
    }
}


/// Search suggestions as the shell shows them.
public struct SearchSummary: Sendable, Hashable {
    /// One suggestion: its text, what it names, where it leads.
    public struct Suggestion: Sendable, Hashable {
        public var text: String
        public var kind: SearchSuggestion.Kind
        /// A page id, or for `query` the query to search for.
        public var target: String
        /// A product's price.
        public var price: Price?

        public init(text: String, kind: SearchSuggestion.Kind, target: String, price: Price? = nil) {
            self.text = text
            self.kind = kind
            self.target = target
            self.price = price
        }
    }

    /// Where the list stands.
    public enum Status: Sendable, Hashable {
        case idle, waiting, loaded
        case failed(String)
    }

    public var suggestions: [Suggestion]
    /// The query `suggestions` answer (an older answer is never shown for a newer query).
    public var answeredQuery: String?
    public var status: Status

    public init(suggestions: [Suggestion] = [], answeredQuery: String? = nil, status: Status = .idle) {
        self.suggestions = suggestions
        self.answeredQuery = answeredQuery
        self.status = status
    }
}

/// One line of the `--debug` panel: what happened, when.
public struct DebugLine: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case action, event, problem, page, info
    }

    public var kind: Kind
    public var text: String
    public var at: Date

    public init(_ kind: Kind, _ text: String, at: Date) {
        self.kind = kind
        self.text = text
        self.at = at
    }
}
