import FlowCore
import FlowRuntime
import Foundation
import ImagePipeline
import RetailKit

/// What the shopper's own screens (the cart sheet, search) read and ask of the app: the
/// navigator's stack, the cart and the suggestions as summaries, and the intents' operations.
/// Every app's services are these (`ShopperServices`); a view of one screen, and a test of its
/// intents, needs no more.
///
/// The summaries (`destinations`, `cartSummary`, `searchSummary`) read `@Observable` state,
/// so an app follows them with observation (the terminal's loop, a SwiftUI body) and never polls.
@MainActor
public protocol ShopperScreenServices: AnyObject {
    /// The navigator's stack, home first.
    var destinations: [Destination] { get }
    /// Opens `destination` over the current screen; `false` when the stack is full.
    @discardableResult
    func open(_ destination: Destination) -> Bool
    /// Leaves the current screen; `false` on the home page.
    @discardableResult
    func back() -> Bool

    /// The cart as shown (pending operations laid over the server's cart).
    var cartSummary: CartSummary { get }
    /// Sets a line's quantity (1–99), optimistically, rolled back if the server refuses.
    func setQuantity(productID: String, quantity: Int)
    /// Removes a line; it shows as being removed until the server answers.
    func removeFromCart(productID: String)
    /// Asks the server for the cart again (after a failed or unreadable answer).
    func refreshCart()
    /// Puts a removed line back as it was.
    func restore(_ removal: CartRemoval)

    /// The suggestions for what was typed last.
    var searchSummary: SearchSummary { get }
    func updateSearch(query: String)
}

/// What a shopper's app runs on, in either renderer: its screens' services, and the pages, the
/// dispatcher, impressions and images the page screens draw with. The app's composition root
/// (`AppComposition`) is the one implementation that talks to a backend; tests give an app a
/// small one of their own.
@MainActor
public protocol ShopperServices: ShopperScreenServices {
    /// The store of `pageID`, made (and loading) on first use.
    func pageStore(for pageID: PageID) -> PageStore
    /// Fires a widget's action from the page of `store`.
    @discardableResult
    func perform(_ action: ActionData, widgetID: String?, sectionID: String?, event: String, on store: PageStore?) -> Bool
    /// Its toasts and sheets are drawn; its log feeds `--debug`.
    var dispatcher: ActionDispatcher { get }
    /// Each presented frame's visible widgets go here.
    var impressions: ImpressionTracker { get }
    /// The instant pages are resolved at: it moves at the next `expires_at` of any open page
    /// (the runtime's `ExpiryClock`), so an expired section leaves the screen on time.
    var pageInstant: Date { get }
    /// Where images come from, and the origin their relative URLs resolve against.
    var images: ImagePipeline { get }
    var imageBaseURL: URL? { get }

    /// Calls `handler` with every analytics event tracked from now on (for `--debug`).
    func onTrackedEvent(_ handler: @escaping @MainActor (_ name: String, _ fields: JSONObject) -> Void)

    /// Says what happens (a cart change refused, a refresh that failed) as toasts in `words`
    /// from now on (`Notice`).
    func speak(_ words: Words)

    /// Loads home (cache first), the cart, and starts analytics. (Shutting down is the
    /// caller's, once the terminal is given back: `AppComposition.shutdown()`.)
    func start()

    /// Returns once the page shown shows its saved copy, or at once when it has none to show
    /// (`AppComposition.savedPageShown()`): the terminal's first frame waits for it, so a warm
    /// start opens on its saved page. By default at once.
    func savedPageShown() async
}

extension ShopperServices {
    public func savedPageShown() async {}
}

extension ShopperScreenServices {
    /// Does what a cart screen's control asks. A product opened from the cart whose page is
    /// right below the cart is shown by leaving the cart: a second copy of it on the stack
    /// would take a second back to leave.
    public func perform(_ intent: CartIntent) {
        switch intent {
        case .setQuantity(let productID, let quantity): setQuantity(productID: productID, quantity: quantity)
        case .remove(let productID): removeFromCart(productID: productID)
        case .restore(let removal): restore(removal)
        case .refresh: refreshCart()
        case .openProduct(let pageID):
            let stack = destinations
            if stack.last == .cart, stack.count > 1, stack[stack.count - 2] == .page(pageID) {
                back()
            } else {
                open(.page(pageID))
            }
        }
    }

    /// Does what a search screen asks.
    public func perform(_ intent: SearchIntent) {
        switch intent {
        case .suggest(let query): updateSearch(query: query)
        case .open(let destination): open(destination)
        }
    }
}
