import FlowCore
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation

/// One screen on the shopper's stack, with what it keeps while screens above it come and go.
public struct ShopperScreen: Sendable {
    public var destination: Destination
    /// A page destination's screen: its scroll, carousels and focus, kept while screens above
    /// it come and go.
    public var page = PageScreen()

    public init(destination: Destination) {
        self.destination = destination
    }
}

/// Everything the shopper app draws from. Changed only by `ShopperUpdate.update`.
public struct ShopperState: Sendable {
    /// The screens open, home first: the navigator's stack as its last answer said (every
    /// effect that navigates answers `.navigated`), with each screen's own state.
    public var stack: [ShopperScreen] = [ShopperScreen(destination: .page("home"))]
    /// What each open page's store shows, by page id.
    public var pages: [PageID: PageSnapshot] = [:]
    /// The cart sheet: the cart as shown, its chosen line and the line removed last
    /// (RetailPresentation's rules).
    public var cartSheet = CartSheet()
    /// Where the cart sheet was last drawn and where clicks reach its lines.
    var cartSheetPlaces = CartSheetPlaces()
    /// Where the status line's "? keys" was last drawn: a click there opens the help.
    var hintPlace: CellRect?
    /// Refreshes the shopper asked for (`r`), by page: whether the store was seen refreshing;
    /// one that ends without an error is confirmed ("Updated").
    var askedRefreshes: [PageID: Bool] = [:]
    /// The search screen: the query, its suggestions and the one chosen.
    public var search = SearchScreen()
    /// The page's sheets (`open_bottom_sheet`).
    public var sheets: [SheetModel] = []
    public var toast: String?
    public var showsHelp = false
    /// `--debug`: the side panel with the live log.
    public let isDebug: Bool
    public var showsPanel: Bool
    public var debugLog: [DebugLine] = []
    /// The instant the page is drawn at (the hero's countdown).
    public var now: Date
    public var isQuitting = false
    /// Whether the last message changed what the screen shows.
    public var needsFrame = true
    /// Whether input came since the last next page was asked: a next page asked without it is
    /// one nobody asked for (the end was still in view after the last one).
    public var hasInputSinceNextPage = false

    /// The shopper's language (`--locale`): every word the app draws of its own.
    public let locale: AppLocale

    /// The most lines the debug log keeps.
    public static let debugLogLimit = 300

    public init(now: Date, isDebug: Bool = false, locale: AppLocale = .enUS) {
        self.now = now
        self.isDebug = isDebug
        self.locale = locale
        showsPanel = isDebug
    }

    /// The shopper's words in their language.
    public var words: Words { Words(locale) }

    /// The cart as shown.
    public var cart: CartSummary { cartSheet.cart }

    /// The screen on top.
    public var top: ShopperScreen { stack[stack.count - 1] }

    /// The index of the page screen drawn: the top one, or the one under search or the cart.
    public var shownPageIndex: Int? {
        stack.indices.last { stack[$0].destination.pageID != nil }
    }

    /// The page id of the page screen drawn.
    public var shownPageID: PageID? {
        shownPageIndex.flatMap { stack[$0].destination.pageID }
    }

    /// What the store of the page drawn shows.
    public var shownPage: PageSnapshot? {
        shownPageID.flatMap { pages[$0] }
    }

    /// Whether the page drawn is on top (no search, no cart over it).
    public var isPageOnTop: Bool { top.destination.pageID != nil }
}

/// Everything that happens to the shopper app.
public enum ShopperMessage: Sendable {
    /// A key, the wheel, a click, a paste.
    case input(InputEvent)
    /// A frame was drawn (through the shown page screen, which took its layout);
    /// `needsAnotherFrame` when drawing it moved focus or scroll.
    case presented(needsAnotherFrame: Bool)
    case pageChanged(PageID, PageSnapshot)
    /// The navigator's stack, home first: the result of every effect that may navigate.
    case navigated([Destination])
    case cartChanged(CartSummary)
    case suggestionsChanged(SearchSummary)
    case toastChanged(String?)
    /// The dispatcher's sheets: the result of every effect that may open or close one.
    case sheetsChanged([SheetModel])
    /// Something for the `--debug` log.
    case debug(DebugLine)
    /// A second passed (while a countdown shows).
    case tick(Date)
    case resized
    /// What the backend serves changed (an embedded backend's catalogue was reloaded): the
    /// pages on the stack are read again.
    case contentChanged
}

/// What the shopper app asks its runtime (the composition) to do.
public enum ShopperEffect: Sendable, Equatable {
    /// A widget's action, fired on the page `pageID`.
    case perform(FiredAction, pageID: PageID)
    /// The next page of `PageID`; `askedByShopper` is false when the end is still in view
    /// after the last one and no input came since (the store paces those: `maxUnaskedPages`).
    case loadNextPage(PageID, askedByShopper: Bool)
    /// A widget's count up or down (a product's quantity, a stepper), in its page's state.
    case stepWidget(pageID: PageID, widgetID: String, delta: Int)
    case refresh(PageID)
    /// Repeat what failed on the page (its load, or its next page).
    case retry(PageID)
    case open(Destination)
    case back
    /// What a cart sheet's control asks (`CartSheet`).
    case cart(CartIntent)
    /// What the search screen asks (`SearchScreen`): suggestions, or a page.
    case search(SearchIntent)
    case dismissSheet
    case dismissToast
    case showToast(String)
    case quit
}

/// Where the cart sheet was last drawn (the screen's cells) and where clicks reach its lines
/// and their signs, as the view left them for the next click.
struct CartSheetPlaces: Sendable {
    var rect: CellRect = .zero
    var targets: [(rect: CellRect, target: CartSheetTarget)] = []

    /// What a click at (`x`, `y`) lands on, `nil` for the sheet's other cells.
    func target(x: Int, y: Int) -> CartSheetTarget? {
        targets.first { $0.rect.contains(x: x, y: y) }?.target
    }
}
