import FlowCore
import FlowRuntime
import Foundation
import RetailContract
import Testing
@testable import RetailKit

@MainActor
@Suite struct NavigatorTests {
    @Test(arguments: [
        ("vitrine://cart", Destination.cart), ("VITRINE://cart", .cart), ("vitrine:cart", .cart),
        ("vitrine://home", .page("home")), ("vitrine://campaign/cmp-flash", .page("campaign:cmp-flash")),
        ("vitrine://category/shoes", .page("category:shoes")), ("vitrine://product/p-1001", .page("product:p-1001")),
        ("vitrine://page/campaign%3Acmp-vip", .page("campaign:cmp-vip")), ("vitrine://search?q=red+shoes", .search(query: "red shoes")),
        ("vitrine://search", .search(query: nil)), ("vitrine://story/st-1", .page("story:st-1")),
        ("vitrine://wishlist/st-1", .link("vitrine://wishlist/st-1")),
        ("vitrine://product/p-1/extra", .link("vitrine://product/p-1/extra")),
        ("vitrine://product/p-1002#reviews", .page("product:p-1002")), ("vitrine://search?q=wool#top", .search(query: "wool")),
        ("vitrine://cart#", .cart), ("vitrine://#product/p-1", .link("vitrine://#product/p-1")),
    ])
    func deeplinksLeadToTheirScreens(url: String, destination: Destination) {
        #expect(Destination.forDeeplink(url) == destination)
    }

    /// An id longer than any page's names no screen (it would only fail as a page that cannot
    /// load, with a Retry that cannot help); the bound counts bytes after percent-decoding.
    @Test func aPageIDPastItsBoundNamesNoScreen() {
        let longest = String(repeating: "a", count: RetailLimits.pageIDBytes - "product:".utf8.count)
        #expect(Destination.forDeeplink("vitrine://product/" + longest) == .page(PageID("product:" + longest)))
        let tooLong = "vitrine://product/" + longest + "a"
        #expect(Destination.forDeeplink(tooLong) == .link(tooLong))
        let accented = "vitrine://page/" + String(repeating: "%C3%A9", count: RetailLimits.pageIDBytes / 2 + 1)
        #expect(Destination.forDeeplink(accented) == .link(accented))
    }

    /// Submitting a search opens the query's results page, as the terminal's Enter does,
    /// never the first suggestion, which may still be the previous query's.
    @Test func aSubmittedQueryOpensItsResultsOnceItHasTheLettersSuggestionsNeed() {
        #expect(Destination.results(forQuery: "  wool coat ") == .page(.search("wool coat")))
        #expect(Destination.results(forQuery: " w ") == nil)
        #expect(Destination.results(forQuery: "") == nil)
        #expect(Destination.results(forQuery: "ab/cd") == .page(PageID("search:ab cd")), "a slash travels as a space")
    }

    @Test func theStackGoesBackToHomeAndReportsWhatItLeaves() {
        let navigator = Navigator()
        var left: [Destination] = []
        navigator.onLeave = { left.append($0) }
        #expect(navigator.current == .page("home"))
        #expect(!navigator.back())
        navigator.open(.page("campaign:x"))
        navigator.open(.page("campaign:x"))  // already shown
        navigator.open(.page("product:p-1"))
        #expect(navigator.stack == [.page("home"), .page("campaign:x"), .page("product:p-1")])
        #expect(navigator.back())
        #expect(navigator.current == .page("campaign:x"))
        navigator.popToRoot()
        #expect(navigator.stack == [.page("home")])
        #expect(left == [.page("product:p-1"), .page("campaign:x")])
    }

    /// A product's variants are one stop: each one tried takes the current screen's place, so back
    /// leaves the product however many were tried, rather than walk through every variant.
    @Test func anOpenPageThatReplacesTakesTheCurrentScreensPlace() {
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(), decoder: decoder, transport: nil, policy: VitrineApp.actionPolicy)
        let navigator = Navigator()
        var left: [Destination] = []
        navigator.onLeave = { left.append($0) }
        HostActions.register(on: dispatcher, cart: CartStore(client: CartClient(transport: ScriptedCartTransport())), navigator: navigator, analytics: nil)
        func variant(_ id: String) -> ActionData { ActionData(type: "open_page", ["page_id": .string("product:\(id)"), "replace": true]) }
        dispatcher.dispatch(ActionData(type: "open_page", ["page_id": "category:shoes"]), from: ActionOrigin(store: nil))
        dispatcher.dispatch(ActionData(type: "open_page", ["page_id": "product:p-1"]), from: ActionOrigin(store: nil))
        for id in ["p-2", "p-3", "p-2"] { dispatcher.dispatch(variant(id), from: ActionOrigin(store: nil)) }
        #expect(navigator.stack == [.page("home"), .page("category:shoes"), .page("product:p-2")])
        #expect(left == [.page("product:p-1"), .page("product:p-2"), .page("product:p-3")], "each replaced screen is released")
        #expect(navigator.back())
        #expect(navigator.current == .page("category:shoes"))
        // Over the home page, which always stays, it opens.
        navigator.popToRoot()
        dispatcher.dispatch(variant("p-4"), from: ActionOrigin(store: nil))
        #expect(navigator.stack == [.page("home"), .page("product:p-4")])
    }

    @Test func thePlatformStackShowsWhatIsAboveHomeWithTheCartOnTopAsASheet() {
        #expect(NavigatorPresentation(stack: [.page("home")]) == NavigatorPresentation(stack: []))
        let campaign = NavigatorPresentation(stack: [.page("home"), .page("campaign:x"), .page("product:p-1")])
        #expect(campaign.path == [.page("campaign:x"), .page("product:p-1")] && !campaign.showsCart)
        let cart = NavigatorPresentation(stack: [.page("home"), .page("campaign:x"), .cart])
        #expect(cart.path == [.page("campaign:x")] && cart.showsCart)
        let below = NavigatorPresentation(stack: [.page("home"), .cart, .page("product:p-1")])
        #expect(below.path == [.cart, .page("product:p-1")] && !below.showsCart, "a cart under another screen is a screen")
    }

    /// Exactly one view presents the cart sheet: the page under it (above the page's own sheets),
    /// or the root over a screen of the app's own.
    @Test(arguments: [
        ([Destination.page("home"), .cart], true),
        ([.page("home"), .page("product:p-1"), .cart], true),
        ([.page("home"), .search(query: "boots"), .cart], false),
        ([.page("home"), .cart, .page("product:p-1"), .cart], true),
        ([.page("home"), .search(query: nil), .page("search:boots"), .cart], true),
    ])
    func theCartSheetHasOnePresenter(stack: [Destination], overAPage: Bool) {
        let presentation = NavigatorPresentation(stack: stack)
        #expect(presentation.isCartOverAPage == overAPage)
        #expect(presentation.isCartOverAnAppScreen == !overAPage)
        let closed = NavigatorPresentation(stack: Array(stack.dropLast()))
        #expect(!closed.isCartOverAPage && !closed.isCartOverAnAppScreen, "no cart, no presenter")
    }

    /// Only the top screen presents the page's sheets and counts impressions; the same product
    /// twice in the stack is two screens, one of them on top.
    @Test func theTopScreenIsTheLastOfThePathEvenWhenADestinationComesTwice() {
        let stack: [Destination] = [.page("home"), .page("product:p-1"), .page("product:p-2"), .page("product:p-1")]
        let presentation = NavigatorPresentation(stack: stack)
        #expect(presentation.screens.map(\.depth) == [1, 2, 3])
        #expect(presentation.screens.map(\.destination) == presentation.path)
        #expect(Set(presentation.screens).count == 3, "the two p-1 screens are told apart")
        #expect((0...4).filter(presentation.isOnTop(depth:)) == [3])
        #expect(NavigatorPresentation(stack: [.page("home")]).isOnTop(depth: 0), "home alone is on top")
        let cart = NavigatorPresentation(stack: [.page("home"), .page("product:p-1"), .cart])
        #expect(cart.isOnTop(depth: 1), "the cart is a sheet over the product, which stays the top screen")
    }

    /// A deeplink with no screen is never pushed as a page that says nothing: the navigator
    /// goes back to where it was, and a cart it came from stays a sheet.
    @Test func aLinkWithNoScreenIsNotPushedAndTheNavigatorGoesBack() {
        let link = NavigatorPresentation(stack: [.page("home"), .page("campaign:x"), .link("vitrine://wishlist/layering")])
        #expect(link.path == [.page("campaign:x")] && link.opensNoScreen && !link.showsCart)
        let overCart = NavigatorPresentation(stack: [.page("home"), .cart, .link("vitrine://wishlist/layering")])
        #expect(overCart.showsCart && overCart.path.isEmpty, "the cart it came from stays a sheet")
        #expect(!NavigatorPresentation(stack: [.page("home"), .page("campaign:x")]).opensNoScreen)
        let navigator = Navigator()
        navigator.open(.page("campaign:x"))
        navigator.open(.link("vitrine://wishlist/layering"))
        if NavigatorPresentation(stack: navigator.stack).opensNoScreen { navigator.back() }
        #expect(navigator.stack == [.page("home"), .page("campaign:x")])
        #expect(NavigatorPresentation(stack: navigator.stack).backs(toShow: link.path) == 0, "the platform showed no more than it")
    }

    /// A `vitrine:` URL the system hands the app goes where a `deeplink` action would, through the
    /// same allow-list.
    @Test func aDeeplinkFromOutsideOpensThroughTheAllowList() {
        let navigator = Navigator()
        #expect(navigator.open(deeplink: "vitrine://product/p-1"))
        #expect(navigator.current == .page("product:p-1"))
        #expect(!navigator.open(deeplink: "https://evil.example/product/p-2"), "not the app's scheme")
        #expect(!navigator.open(deeplink: "vitrine://product/p-2\u{1B}[2J"), "a control character")
        #expect(navigator.stack == [.page("home"), .page("product:p-1")])
    }

    /// The reader going back pops the navigator by as many screens; the platform following the
    /// navigator (a `back` action, a deeplink home) pops nothing more.
    @Test func goingBackInThePlatformStackPopsTheNavigatorOnceAndFollowingItPopsNothing() {
        let navigator = Navigator()
        navigator.open(.page("campaign:x"))
        navigator.open(.page("product:p-1"))
        navigator.open(.page("product:p-2"))
        var shown = NavigatorPresentation(stack: navigator.stack).path
        // The reader swipes back twice at once (a long press on the back button).
        shown.removeLast(2)
        for _ in 0..<NavigatorPresentation(stack: navigator.stack).backs(toShow: shown) { navigator.back() }
        #expect(navigator.stack == [.page("home"), .page("campaign:x")])
        // The navigator goes back on its own; the platform follows and reports the new path.
        navigator.back()
        shown = NavigatorPresentation(stack: navigator.stack).path
        #expect(NavigatorPresentation(stack: navigator.stack).backs(toShow: shown) == 0)
        #expect(navigator.stack == [.page("home")])
        let deeper = NavigatorPresentation(stack: [.page("home"), .page("a"), .page("b")])
        #expect(deeper.backs(toShow: [.page("b")]) == 0, "not a start of the path")
        #expect(deeper.backs(toShow: [.page("a"), .page("b"), .page("c")]) == 0, "longer: a push, not a way back")
    }

    @Test func theStackIsBounded() {
        let navigator = Navigator()
        for index in 1..<Navigator.maximumDepth { #expect(navigator.open(.page(PageID("product:p-\(index)")))) }
        #expect(!navigator.open(.cart))
        #expect(navigator.stack.count == Navigator.maximumDepth)
    }

    @Test func hostActionsRefuseExactlyWhatThePolicyRefuses() throws {
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(), decoder: decoder, transport: nil, policy: VitrineApp.actionPolicy)
        let navigator = Navigator()
        let cart = CartStore(client: CartClient(transport: ScriptedCartTransport()))
        HostActions.register(on: dispatcher, cart: cart, navigator: navigator, analytics: nil)
        let actions: [ActionData] = [
            ActionData(type: "deeplink", ["url": "vitrine://campaign/cmp-flash"]), ActionData(type: "deeplink", ["url": "https://evil.example"]),
            ActionData(type: "open_page", ["page_id": "category:shoes"]), ActionData(type: "open_page", ["page_id": "x\u{1B}"]),
            ActionData(type: "open_page", [:]), ActionData(type: "open_search", ["query": "red"]),
            ActionData(type: "add_to_cart", ["product_id": "p-1001", "quantity": 2]), ActionData(type: "add_to_cart", ["product_id": "p-1001", "quantity": 100]),
            ActionData(type: "deeplink", ["url": "vitrine://wishlist/st-1"]),
        ]
        for action in actions {
            dispatcher.dispatch(action, from: ActionOrigin(store: nil))
            let refusedByPolicy = VitrineApp.actionPolicy.refusal(for: action, decoder: decoder) != nil
            let refused: Bool = if case .refused? = dispatcher.log.last?.outcome { true } else { false }
            #expect(refused == refusedByPolicy, "\(action.type) \(action.object)")
        }
        #expect(navigator.stack == [.page("home"), .page("campaign:cmp-flash"), .page("category:shoes"), .search(query: "red"), .link("vitrine://wishlist/st-1")])
        #expect(cart.badgeCount == 2)
    }
}

@Suite struct SuggestionDestinationTests {
    @Test func aQueryFillsSearchAndEverythingElseOpensItsPage() {
        #expect(Destination(suggestion: SearchSuggestion(text: "Wool coats", kind: .query, target: "wool coat")) == .search(query: "wool coat"))
        #expect(Destination(suggestion: SearchSuggestion(text: "Cora", kind: .product, target: "product:p-1")) == .page("product:p-1"))
        #expect(Destination(suggestion: SearchSuggestion(text: "Coats", kind: .category, target: "category:coats")) == .page("category:coats"))
        #expect(Destination(suggestion: SearchSuggestion(text: "New", kind: .other("story"), target: "story:1")) == .page("story:1"))
    }
}
