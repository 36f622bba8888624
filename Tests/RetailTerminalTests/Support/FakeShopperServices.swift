import FlowCore
import FlowRuntime
import Foundation
import ImagePipeline
import Observation
import Synchronization
import RetailKit
import RetailPresentation
@testable import RetailTerminal

/// Pages by id, answered at once from JSON the test gives; offline while `isOffline` holds.
struct ScriptedLoader: PageLoader {
    final class Switch: Sendable {
        let isOn = Mutex(false)
    }

    let pages: [String: String]
    let isOffline = Switch()

    struct Missing: Error {}
    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    func loadPage(_ request: PageRequest) async throws -> Data {
        if isOffline.isOn.withLock({ $0 }) { throw Offline() }
        guard let json = pages[request.pageID] else { throw Missing() }
        return Data(json.utf8)
    }
}

@MainActor
final class ImpressionLog {
    var events: [ImpressionEvent] = []
}

/// The shell's services without a backend: real page stores over scripted pages, a real
/// dispatcher and impression tracker, and a navigator, cart and search the test moves.
@MainActor
@Observable
final class FakeShopperServices: ShopperServices {
    @ObservationIgnored let loader: ScriptedLoader
    @ObservationIgnored let decoder = PageDecoder(catalog: RetailViews.makeRegistry().catalog)
    @ObservationIgnored let dispatcher: ActionDispatcher
    @ObservationIgnored let impressions: ImpressionTracker
    /// The runtime's own expiry clock over the pages opened here.
    @ObservationIgnored let expiry: ExpiryClock
    var pageInstant: Date { expiry.now }
    @ObservationIgnored let images = ImagePipeline(configuration: .memoryOnly)
    @ObservationIgnored var imageBaseURL: URL? { nil }
    @ObservationIgnored private var stores: [String: PageStore] = [:]
    @ObservationIgnored private var eventHandlers: [@MainActor (String, JSONObject) -> Void] = []

    var destinations: [Destination] = [.page("home")]
    /// The words notices are said in, once the app gave them.
    var spoken: Words?
    var cartSummary = CartSummary()
    var searchSummary = SearchSummary()
    /// What the shell asked for, in order.
    var performed: [(type: String, widgetID: String?, event: String)] = []
    var removed: [String] = []
    var cartRefreshes = 0
    var quantities: [(String, Int)] = []
    var restored: [CartRemoval] = []
    var searched: [String] = []
    /// Impressions the tracker counted.
    @ObservationIgnored let impressionLog = ImpressionLog()
    var started = false

    init(pages: [String: String], clock: any Clock<Duration>, now: @escaping @Sendable () -> Date = { Date() }) {
        loader = ScriptedLoader(pages: pages)
        expiry = ExpiryClock(clock: clock, now: now)
        dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: clock), decoder: decoder, transport: nil)
        let log = impressionLog
        impressions = ImpressionTracker(clock: clock) { log.events.append($0) }
    }

    func pageStore(for pageID: PageID) -> PageStore {
        if let store = stores[pageID.rawValue] { return store }
        let store = PageStore(pageID: pageID.rawValue, loader: loader, decoder: decoder)
        stores[pageID.rawValue] = store
        expiry.watch(store)
        store.loadInitial()
        return store
    }

    func perform(_ action: ActionData, widgetID: String?, sectionID: String?, event: String, on store: PageStore?) -> Bool {
        performed.append((action.type, widgetID, event))
        if let page = action["page_id"]?.stringValue { destinations.append(.page(PageID(page))) }
        return true
    }

    func open(_ destination: Destination) -> Bool {
        destinations.append(destination)
        return true
    }

    func back() -> Bool {
        guard destinations.count > 1 else { return false }
        destinations.removeLast()
        return true
    }

    func removeFromCart(productID: String) { removed.append(productID) }
    func refreshCart() { cartRefreshes += 1 }
    func setQuantity(productID: String, quantity: Int) { quantities.append((productID, quantity)) }
    func restore(_ removal: CartRemoval) { restored.append(removal) }
    func updateSearch(query: String) { searched.append(query) }
    func speak(_ words: Words) {
        spoken = words
    }

    func onTrackedEvent(_ handler: @escaping @MainActor (String, JSONObject) -> Void) { eventHandlers.append(handler) }
    func start() { started = true }

    func track(_ name: String, _ fields: JSONObject = JSONObject()) {
        for handler in eventHandlers { handler(name, fields) }
    }
}

extension CartSheetView {
    /// The sheet of `cart` as RetailPresentation presents it in `locale`: its choice on
    /// `selection`, `removal` the line removed last.
    static func of(_ cart: CartSummary, selection: Int = 0, removal: CartRemoval? = nil, locale: AppLocale) -> CartSheetView {
        let words = Words(locale)
        let presentation = CartSheet(cart: cart, selection: selection, lastRemoval: removal).presentation(words: words)
        return CartSheetView(
            sheet: presentation, keys: ScreenHelp.cartKeys(words: words, hasLines: !presentation.lines.isEmpty, canUndo: presentation.removal != nil),
            undoKey: ScreenHelp.cartUndoKey(words: words), words: words)
    }
}

extension SearchScreenView {
    /// The search screen of `query` and `suggestions` as RetailPresentation presents it in `locale`.
    static func of(query: String, suggestions: SearchSummary, selection: Int? = nil, locale: AppLocale, cart: String? = nil) -> SearchScreenView {
        let words = Words(locale)
        return SearchScreenView(
            search: SearchScreen(query: query, suggestions: suggestions, selection: selection).presentation(words: words),
            keys: ScreenHelp.searchKeys(words: words), format: RetailFormat(locale), cart: cart)
    }
}
