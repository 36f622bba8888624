import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
import RetailKit

/// What a page store shows, copied when it changes: what a screen of the page draws from, in
/// either renderer.
public struct PageSnapshot: Sendable {
    public var loadState: PageLoadState
    public var page: PageModel?
    public var nextPage: NextPageState
    public var hasMorePages: Bool
    public var isRefreshing: Bool
    /// Where the page shown came from (a saved copy while the fresh one is on its way, or when
    /// none came).
    public var isCached: Bool
    /// When the saved copy shown was saved, when known.
    public var savedAt: Date?
    /// Bumped on every change of the page, so the layout is measured again.
    public var contentGeneration: Int
    /// Why the last refresh of a shown page failed, until one succeeds.
    public var refreshError: String?
    /// The page's widget state (a product's quantity, a stepper's count), drawn with the page.
    public var widgetState: WidgetStateStore?
    /// The first load as the status says it (`PageStatus.Load`): its state, whether a retry of
    /// it is under way and how many failed in a row (`PageAttempts`, carried over consecutive
    /// snapshots by `carryAttempts(from:)`), and whether the server has no such page (404, 410).
    public var load: PageStatus.Load

    public init(
        loadState: PageLoadState, page: PageModel?, nextPage: NextPageState = .idle, hasMorePages: Bool = false,
        isRefreshing: Bool = false, isCached: Bool = false, savedAt: Date? = nil, contentGeneration: Int = 0,
        refreshError: String? = nil, isGone: Bool = false
    ) {
        self.loadState = loadState
        self.page = page
        self.nextPage = nextPage
        self.hasMorePages = hasMorePages
        self.isRefreshing = isRefreshing
        self.isCached = isCached
        self.savedAt = savedAt
        self.contentGeneration = contentGeneration
        self.refreshError = refreshError
        load = PageStatus.Load(state: loadState, isGone: isGone)
    }

    /// The snapshot of `store` now.
    @MainActor
    public init(store: PageStore) {
        var isGone = false
        if case .failed = store.state, let error = store.lastLoadError as? HomeAPIError, let status = error.status {
            isGone = status == 404 || status == 410
        }
        self.init(
            loadState: store.state, page: store.page, nextPage: store.nextPageState, hasMorePages: store.hasMorePages,
            isRefreshing: store.isLoadingPage && store.page != nil, isCached: store.origin == .cached, savedAt: store.savedAt,
            contentGeneration: store.contentGeneration, refreshError: store.lastError, isGone: isGone)
        widgetState = store.widgetState
    }

    /// This snapshot with the retries of the first load carried over from `previous`.
    public mutating func carryAttempts(from previous: PageSnapshot?) {
        PageAttempts.carry(into: &load, from: previous?.load, hasPage: page != nil)
    }

    /// What failed, for a developer's log: the first load, a refresh or the next page.
    public var failure: String? {
        if case .failed(let message) = loadState { return "could not load: \(message)" }
        if let refreshError { return "refresh failed: \(refreshError)" }
        if case .failed(let message) = nextPage { return "next page failed: \(message)" }
        return nil
    }
}

/// The cart in every page's nav bar: its word, how many items it holds ("3", "99+" past 99,
/// where a badge has room for three characters; nil when empty), whether a change waits for the
/// server, and how a screen reader says the count ("3 items in the cart").
public struct CartBadge: Sendable, Hashable {
    /// The most a badge counts before it says "99+".
    public static let most = 99
    public var label: String
    public var count: String?
    public var isPending: Bool
    public var spoken: String
}

/// The cart as a screen shows it: lines with what is pending of each laid over them, the badge.
public struct CartSummary: Sendable, Hashable {
    /// One line of the cart sheet.
    public struct Line: Sendable, Hashable {
        public var productID: String
        /// The product's title as the server or the page named it; `nil` when neither did.
        public var title: String?
        public var quantity: Int
        public var unitPrice: Price?
        /// The price before, when the line's product is on sale.
        public var compareAtPrice: Price?
        /// What the server has not confirmed of this line yet.
        public var pending: CartStore.ShownLine.Pending?
        /// False for a product the shop no longer sells: it stays until removed, in no total.
        public var isAvailable: Bool

        public init(
            productID: String, title: String?, quantity: Int, unitPrice: Price? = nil, compareAtPrice: Price? = nil,
            pending: CartStore.ShownLine.Pending? = nil, isAvailable: Bool = true
        ) {
            self.productID = productID
            self.title = title
            self.quantity = quantity
            self.unitPrice = unitPrice
            self.compareAtPrice = compareAtPrice
            self.pending = pending
            self.isAvailable = isAvailable
        }

        /// The line as the cart keeps it.
        public var snapshotLine: CartSnapshot.Line {
            CartSnapshot.Line(productID: productID, title: title, quantity: quantity, unitPrice: unitPrice, compareAtPrice: compareAtPrice,
                              isAvailable: isAvailable)
        }

        /// The line's total, when its price is known (never trapping on a server's numbers).
        public var total: Price? {
            snapshotLine.total
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

    /// The cart's badge as both apps show it, in `words`.
    public func badge(words: Words) -> CartBadge {
        let count = badgeCount <= 0 ? nil : badgeCount > CartBadge.most ? RetailFormat(words.locale).number(CartBadge.most) + "+"
            : RetailFormat(words.locale).number(badgeCount)
        return CartBadge(label: words[.cart], count: count, isPending: !pendingProducts.isEmpty,
                         spoken: words.plural(.itemsInCartOne, .itemsInCartOther, count: max(0, badgeCount)))
    }

    /// What the retail views mark on products: in the cart, being added, sold out.
    public var marks: ShopperMarks {
        var inCart: [ExactString: Int] = [:]
        for line in lines where line.pending != .removing { inCart[ExactString(line.productID)] = line.quantity }
        return ShopperMarks(inCart: inCart, pending: pendingProducts, soldOut: soldOutProducts)
    }
}


/// Search suggestions as a search screen shows them.
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
