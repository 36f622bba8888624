import FlowCore
import FlowRuntime
import FlowTerminal
import FlowPresentation
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal

/// The shopper app driven through its update function and its view, as the loop drives it:
/// messages in, effects out, and each frame presented back.
@MainActor
struct ShopperDriver {
    var state = ShopperState(now: Date(timeIntervalSince1970: 1_798_000_000))
    var effects: [ShopperEffect] = []
    let view = ShopperView(environment: RenderEnvironment(
        isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date(timeIntervalSince1970: 1_798_000_000)),
        registry: RetailViews.makeRegistry()))
    var width = 80
    var height = 24

    /// Sends `message`, then presents frames until one changes nothing.
    mutating func send(_ message: ShopperMessage) {
        take(ShopperUpdate.update(&state, message))
        for _ in 0..<20 {
            let frame = view.draw(&state, width: width, height: height)
            take(ShopperUpdate.update(&state, .presented(needsAnotherFrame: frame.needsAnotherFrame)))
            if !state.needsFrame { return }
        }
    }

    /// Keeps `new` effects, answering as the app's runtime does where the answer is at once:
    /// a next page asked for is loading.
    private mutating func take(_ new: [ShopperEffect]) {
        effects += new
        for case .loadNextPage(let id, _) in new {
            guard var snapshot = state.pages[id] else { continue }
            snapshot.nextPage = .loading
            take(ShopperUpdate.update(&state, .pageChanged(id, snapshot)))
        }
    }

    mutating func key(_ event: InputEvent, times: Int = 1) {
        for _ in 0..<times { send(.input(event)) }
    }

    mutating func takeEffects() -> [ShopperEffect] {
        defer { effects = [] }
        return effects
    }

    var lines: [String] {
        var state = state
        return view.draw(&state, width: width, height: height).view.frame.buffer.plainLines
    }

    var focused: String? {
        guard let index = state.shownPageIndex, case .widget(let id) = state.stack[index].page.viewport.focus else { return nil }
        return id.string
    }

    static let decoder = PageDecoder(catalog: RetailViews.makeRegistry().catalog, makeRequestID: { "req-1" })

    static func product(_ id: String, available: Bool = true) -> String {
        let actions = available
            ? #"{"tap": {"type": "open_page", "page_id": "product:\#(id)"}, "add_to_cart": {"type": "add_to_cart", "product_id": "\#(id)"}}"#
            : #"{"tap": {"type": "open_page", "page_id": "product:\#(id)"}}"#
        return #"{"type": "product_card", "id": "card.\#(id)", "layout": {"width": 0.45}, "data": {"product_id": "\#(id)", "title": "Product \#(id)", "price": {"amount": 10, "currency": "USD"}, "availability": "\#(available ? "available" : "unavailable")"}, "actions": \#(actions)}"#
    }

    /// A home page: a nav bar, forty tappable rows, then a carousel of products; more pages follow.
    static func home(more: Bool = true) throws -> PageSnapshot {
        let rows = (0..<40).map { #"{"type": "title_block", "id": "row\#($0)", "data": {"title": "Row \#($0)"}, "actions": {"tap": {"type": "open_page", "page_id": "campaign:c\#($0)"}}}"# }
        let products = ["p1", "p2", "p3"].map { product($0) } + [product("p4", available: false)]
        let pagination = more ? #", "pagination": {"has_more": true, "postback": {"cursor": "2"}}"# : ""
        let json = #"{"page": {"id": "home", "nav": {"title": "Vitrine"}, "sections": [{"id": "rows", "widgets": [\#(rows.joined(separator: ","))]}, {"id": "deals", "layout": {"arrangement": "carousel"}, "widgets": [\#(products.joined(separator: ","))]}]\#(pagination)}}"#
        let page = try decoder.decodePage(Data(json.utf8)).page
        return PageSnapshot(loadState: .loaded, page: page, hasMorePages: more, contentGeneration: 1)
    }
}

@MainActor
@Suite struct ShopperUpdateTests {
    @Test func backReturnsToThePageBelowAtItsScrollAndFocus() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.key(.text("j"), times: 25)
        #expect(app.focused == "row25")
        let scroll = app.state.stack[0].page.viewport.scroll
        #expect(scroll > 0)
        app.key(.key(.enter))
        #expect(app.takeEffects().contains(.perform(FiredAction(action: ActionData(type: "open_page", ["page_id": .string("campaign:c25")]), event: .tap, widgetID: "row25", sectionID: "rows"), pageID: "home")))
        app.send(.navigated([.page("home"), .page("campaign:c25")]))
        #expect(app.state.shownPageID == "campaign:c25")
        app.key(.key(.escape))
        #expect(app.takeEffects() == [.back])
        app.send(.navigated([.page("home")]))
        #expect(app.state.stack[0].page.viewport.scroll == scroll, "the page below kept its scroll")
        #expect(app.focused == "row25")
    }

    @Test func nearingTheEndAsksForTheNextPageOnce() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        #expect(!app.takeEffects().contains { if case .loadNextPage = $0 { true } else { false } })
        app.key(.key(.end))
        app.key(.text("k"))
        let effects = app.takeEffects()
        #expect(effects.filter { $0 == .loadNextPage("home", askedByShopper: true) }.count == 1, "\(effects)")
        var loading = try ShopperDriver.home()
        loading.nextPage = .loading
        app.send(.pageChanged("home", loading))
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.key(.text("j"))
        #expect(app.takeEffects().contains(.loadNextPage("home", askedByShopper: true)), "asked again once it was idle again")
    }

    /// The end still in view after a next page, with no key since: the store is told nobody
    /// asked, so content that draws nothing cannot keep the app asking (next pages of empty
    /// titles would be asked hundreds of times in half a minute).
    @Test func aNextPageAskedWithNoInputSinceTheLastIsNotTheShoppers() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.key(.key(.end))
        #expect(app.takeEffects().contains(.loadNextPage("home", askedByShopper: true)))
        app.send(.pageChanged("home", try ShopperDriver.home()))
        #expect(app.takeEffects() == [.loadNextPage("home", askedByShopper: false)])
        app.send(.pageChanged("home", try ShopperDriver.home()))
        #expect(app.takeEffects() == [.loadNextPage("home", askedByShopper: false)])
        // A key while that one loads: the next ask is the shopper's again.
        app.key(.text("k"))
        app.key(.text("j"))
        app.send(.pageChanged("home", try ShopperDriver.home()))
        #expect(app.takeEffects().contains(.loadNextPage("home", askedByShopper: true)), "a key is the shopper again")
    }

    /// A refresh the shopper asked for is confirmed once the page is up to date; a failed one
    /// says so itself; an ask the store never began (nothing to refresh) confirms nothing,
    /// then or at a later refresh nobody asked for; a second `r` while one runs is one ask.
    @Test func aRefreshAskedForIsConfirmedWhenItSucceeds() throws {
        var app = ShopperDriver()
        var home = try ShopperDriver.home(more: false)
        app.send(.pageChanged("home", home))
        app.key(.text("r"))
        #expect(app.takeEffects() == [.refresh("home")])
        app.send(.pageChanged("home", home))
        #expect(app.takeEffects().isEmpty, "never begun: nothing to confirm")
        home.isRefreshing = true
        app.send(.pageChanged("home", home))
        home.isRefreshing = false
        app.send(.pageChanged("home", home))
        #expect(app.takeEffects().isEmpty, "a refresh nobody asked for says nothing")
        app.key(.text("r"))
        _ = app.takeEffects()
        home.isRefreshing = true
        app.send(.pageChanged("home", home))
        app.key(.text("r"))
        _ = app.takeEffects()
        home.isRefreshing = false
        app.send(.pageChanged("home", home))
        #expect(app.takeEffects() == [.showToast("Updated")], "asked twice while it ran: confirmed once it worked")
        app.send(.pageChanged("home", home))
        #expect(app.takeEffects().isEmpty, "confirmed once")
        app.key(.text("r"))
        _ = app.takeEffects()
        home.isRefreshing = true
        app.send(.pageChanged("home", home))
        home.isRefreshing = false
        home.refreshError = "offline"
        app.send(.pageChanged("home", home))
        #expect(app.takeEffects().isEmpty, "a failure is said by its own notice")
    }

    /// What the backend serves changed (a preview's catalogue was reloaded): every page on the
    /// stack is read again, each once, and nothing else (a screen without a page is not one);
    /// no "Updated" follows, since nobody asked.
    @Test func aContentChangeReadsEveryPageOnTheStackAgainUnasked() throws {
        var app = ShopperDriver()
        var home = try ShopperDriver.home(more: false)
        app.send(.pageChanged("home", home))
        app.send(.navigated([.page("home"), .page("campaign:c1"), .page("home"), .search(query: nil)]))
        _ = app.takeEffects()
        app.send(.contentChanged)
        #expect(app.takeEffects() == [.refresh("home"), .refresh("campaign:c1")])
        home.isRefreshing = true
        app.send(.pageChanged("home", home))
        home.isRefreshing = false
        app.send(.pageChanged("home", home))
        #expect(app.takeEffects().isEmpty, "unasked: no Updated")
        #expect(app.state.askedRefreshes.isEmpty)
    }

    /// A click on the status line's "? keys" opens the help, as `?` does.
    @Test func aClickOnTheKeysHintOpensTheHelp() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home(more: false)))
        let place = try #require(app.state.hintPlace)
        #expect(place.y == app.height - 1)
        app.send(.input(.mouse(MouseEvent(action: .press, button: 0, x: place.x + 1, y: place.y))))
        #expect(app.state.showsHelp)
        #expect(app.lines.contains { $0.contains("Tab ⇧Tab") }, "the help names Tab")
        app.send(.input(.mouse(MouseEvent(action: .press, button: 0, x: place.x + 1, y: place.y))))
        #expect(!app.state.showsHelp, "a click closes it as any key does")
        app.send(.input(.mouse(MouseEvent(action: .press, button: 0, x: max(0, place.x - 3), y: place.y))))
        #expect(!app.state.showsHelp, "beside the hint is no hint")
    }

    @Test func aAddsTheFocusedProductAndSaysSoWhenItCannot() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home(more: false)))
        app.key(.key(.end))
        #expect(app.focused?.hasPrefix("card.") == true)
        while app.focused != "card.p1" { app.key(.text("h")) }
        app.key(.text("a"))
        #expect(app.takeEffects() == [.perform(FiredAction(action: ActionData(type: "add_to_cart", ["product_id": .string("p1")]), event: .addToCart, widgetID: "card.p1", sectionID: "deals"), pageID: "home")])
        app.key(.text("l"), times: 3)
        #expect(app.focused == "card.p4")
        app.key(.text("a"))
        #expect(app.takeEffects() == [.showToast("Product p4 is sold out: it can't be added.")], "a sold-out product says so by its name")
    }

    @Test func theCardBeingAddedIsMarkedAndTheBadgeCounts() throws {
        var app = ShopperDriver()
        app.width = 120
        app.send(.pageChanged("home", try ShopperDriver.home(more: false)))
        app.key(.key(.end))
        app.send(.cartChanged(CartSummary(
            lines: [.init(productID: "p1", title: "Product p1", quantity: 1, pending: .adding)], badgeCount: 1,
            pendingProducts: [ExactString("p1")], isKnown: true)))
        #expect(app.lines.contains { $0.contains("◌ adding…") })
        #expect(app.lines.first?.hasSuffix(" 1 ◌") == true, "the badge, pending, marked as the card is: \(app.lines.first ?? "")")
        app.send(.cartChanged(CartSummary(lines: [.init(productID: "p1", title: "Product p1", quantity: 1)], badgeCount: 1, isKnown: true)))
        #expect(app.lines.contains { $0.contains("✓ 1 in cart") })
        #expect(app.lines.first?.hasSuffix(" 1") == true)
        // On a card too narrow for the words: the short form, never a cut word.
        var narrow = ShopperDriver()
        narrow.width = 40
        narrow.state = ShopperState(now: narrow.state.now, locale: .deDE)
        narrow.send(.pageChanged("home", try ShopperDriver.home(more: false)))
        narrow.key(.key(.end))
        narrow.send(.cartChanged(CartSummary(lines: [.init(productID: "p1", title: "Product p1", quantity: 1)], badgeCount: 1, isKnown: true)))
        #expect(!narrow.lines.contains { $0.contains("im Warenkor") && !$0.contains("im Warenkorb") }, "\(narrow.lines.joined(separator: "\n"))")
        #expect(narrow.lines.contains { $0.contains("✓ 1 im Warenkorb") || $0.contains(" ✓ 1 ") }, "\(narrow.lines.joined(separator: "\n"))")
    }

    @Test func searchTypesAsksAndOpensTheChosenSuggestion() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.key(.text("/"))
        #expect(app.takeEffects() == [.open(.search(query: nil))])
        app.send(.navigated([.page("home"), .search(query: nil)]))
        #expect(app.takeEffects() == [.search(.suggest(""))])
        app.key(.text("c"))
        app.key(.text("o"))
        #expect(app.takeEffects() == [.search(.suggest("c")), .search(.suggest("co"))])
        #expect(app.state.search.query == "co", "letters that are keys elsewhere are typed here")
        app.send(.suggestionsChanged(SearchSummary(suggestions: [
            .init(text: "Coats", kind: .category, target: "category:coats"),
            .init(text: "cotton", kind: .query, target: "cotton"),
        ], answeredQuery: "co", status: .loaded)))
        #expect(app.lines.contains { $0.contains("Coats") && $0.contains("category") })
        app.key(.key(.down), times: 2)
        app.key(.key(.enter))
        #expect(app.takeEffects() == [.search(.open(.page(.search("cotton"))))], "a query suggestion opens its results")
        #expect(app.state.search.query == "cotton")
        app.key(.key(.down))
        app.key(.key(.enter))
        #expect(app.takeEffects() == [.search(.open(.page("category:coats")))])
        app.key(.key(.up))
        app.key(.key(.enter))
        #expect(app.takeEffects() == [.search(.open(.page(.search("cotton"))))], "Enter on the query opens its results page, not a suggestion")
        app.key(.key(.backspace))
        #expect(app.takeEffects() == [.search(.suggest("cotto"))])
        app.key(.key(.escape))
        #expect(app.takeEffects() == [.back])
    }

    @Test func ctrlWDeletesTheLastWordAndCtrlUTheWholeQuery() {
        var app = ShopperDriver()
        app.send(.navigated([.page("home"), .search(query: nil)]))
        app.key(.text("wool  coat cora  "))
        _ = app.takeEffects()
        app.key(.key(.ctrl("w")))
        #expect(app.state.search.query == "wool  coat ", "the word and the spaces after it go, the space before stays")
        #expect(app.takeEffects() == [.search(.suggest("wool  coat "))])
        app.key(.key(.ctrl("w")))
        #expect(app.state.search.query == "wool  ")
        app.key(.key(.ctrl("u")))
        #expect(app.state.search.query == "")
        #expect(app.takeEffects() == [.search(.suggest("wool  ")), .search(.suggest(""))])
        app.key(.key(.ctrl("u")))
        app.key(.key(.ctrl("w")))
        #expect(app.takeEffects().isEmpty, "nothing to delete asks nothing")
        #expect(app.state.top.destination == .search(query: nil), "an empty field stays in search")
        app.key(.text("Wolle Mantel"))
        _ = app.takeEffects()
        app.key(.key(.ctrl("u"), modifiers: .alt))
        #expect(app.state.search.query == "Wolle Mantel", "Alt-Ctrl-U is not Ctrl-U")
    }

    @Test func backspaceOnAnEmptyFieldStaysAndTheQueryIsThereOnReturn() {
        var app = ShopperDriver()
        app.send(.navigated([.page("home"), .search(query: nil)]))
        app.key(.text("w"))
        app.key(.key(.backspace))
        app.key(.key(.backspace), times: 3)
        #expect(app.state.top.destination == .search(query: nil))
        #expect(!app.takeEffects().contains(.back), "Backspace on an empty field stays in search")
        app.key(.text("wool"))
        app.key(.key(.enter))
        #expect(app.takeEffects().last == .search(.open(.page(.search("wool")))))
        app.send(.navigated([.page("home"), .search(query: nil), .page(.search("wool"))]))
        app.send(.navigated([.page("home"), .search(query: nil)]))
        #expect(app.state.search.query == "wool", "the shopper's letters are still there")
        #expect(app.lines.contains { $0.contains("wool") })
        app.key(.text("x"))
        app.key(.key(.enter))
        #expect(app.takeEffects().last == .search(.open(.page(.search("woolx")))))
        app.send(.navigated([.page("home"), .search(query: nil)]))
        app.send(.navigated([.page("home")]))
        app.send(.navigated([.page("home"), .search(query: nil)]))
        #expect(app.state.search.query == "", "search opened anew starts empty")
        app.key(.text("leder"))
        #expect(app.state.search.query == "leder", "typing starts a new query, never appends to the last")
        var german = ShopperDriver()
        german.state = ShopperState(now: german.state.now, locale: .deDE)
        german.send(.navigated([.page("home"), .search(query: nil)]))
        german.key(.text("x"))
        #expect(german.lines.contains { $0.contains("Tippe mindestens zwei Buchstaben") })
    }

    /// Enter asks to open the line's product; for the product whose page is right below the sheet,
    /// the services show that page by leaving the sheet, not by pushing a second copy that would
    /// take a second Esc to leave (`ShopperScreenServices.perform`, tested with the other intents
    /// in RetailPresentationTests).
    @Test func enterOnALineOpensItsProductAndTheKeysSayEnter() throws {
        var app = ShopperDriver()
        app.send(.cartChanged(CartSummary(lines: [
            .init(productID: "p1", title: "Wool coat", quantity: 1), .init(productID: "p2", title: "Scarf", quantity: 1),
        ], badgeCount: 2, isKnown: true)))
        app.send(.navigated([.page("home"), .page("product:p1"), .cart]))
        #expect(app.lines.contains { $0.contains("Enter open") }, "\(app.lines.joined(separator: "\n"))")
        app.key(.key(.enter))
        #expect(app.takeEffects() == [.cart(.openProduct("product:p1"))])
        app.key(.text("j"))
        app.key(.key(.enter))
        #expect(app.takeEffects() == [.cart(.openProduct("product:p2"))], "another product's page opens over the sheet")
    }

    @Test func theCartSheetRemovesTheChosenLine() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.send(.cartChanged(CartSummary(lines: [
            .init(productID: "p1", title: "Wool coat", quantity: 2, unitPrice: Price(amount: 20, currency: "USD")),
            .init(productID: "p2", title: "Scarf", quantity: 1, unitPrice: Price(amount: 9, currency: "USD")),
        ], badgeCount: 3, subtotal: Price(amount: 49, currency: "USD"), isKnown: true)))
        app.key(.text("c"))
        #expect(app.takeEffects() == [.open(.cart)])
        app.send(.navigated([.page("home"), .cart]))
        let lines = app.lines
        #expect(lines.contains { $0.contains("Your cart · 3 items") })
        #expect(lines.contains { $0.contains("Wool coat") && $0.contains("− 2 +") && $0.contains("$40.00") })
        #expect(lines.contains { $0.contains("$20.00 each") })
        #expect(lines.contains { $0.contains("Subtotal") && $0.contains("$49.00") })
        #expect(lines.contains { $0.contains("Checkout isn't part of this app yet") }, "no pretend checkout")
        app.key(.text("+"))
        #expect(app.takeEffects() == [.cart(.setQuantity(productID: "p1", quantity: 3))])
        app.key(.text("-"))
        #expect(app.takeEffects() == [.cart(.setQuantity(productID: "p1", quantity: 1))])
        app.key(.text("j"))
        app.key(.text("-"))
        #expect(app.takeEffects().isEmpty, "a line of one goes no lower: x removes it")
        app.key(.key(.enter))
        #expect(app.takeEffects() == [.cart(.openProduct("product:p2"))], "Enter never removes anything")
        app.key(.text("x"))
        #expect(app.takeEffects() == [.cart(.remove(productID: "p2"))])
        app.send(.cartChanged(CartSummary(lines: [
            .init(productID: "p1", title: "Wool coat", quantity: 2, unitPrice: Price(amount: 20, currency: "USD")),
            .init(productID: "p2", title: "Scarf", quantity: 1, unitPrice: Price(amount: 9, currency: "USD"), pending: .removing),
        ], badgeCount: 2, pendingProducts: [ExactString("p2")], subtotal: Price(amount: 40, currency: "USD"), isKnown: true)))
        #expect(app.lines.contains { $0.contains("removing…") })
        let pending = app.lines
        #expect(!pending.contains { $0.contains("u undo") }, "not removed yet: the line says it is being removed\n\(pending.joined(separator: "\n"))")
        app.send(.cartChanged(CartSummary(lines: [
            .init(productID: "p1", title: "Wool coat", quantity: 2, unitPrice: Price(amount: 20, currency: "USD")),
        ], badgeCount: 2, subtotal: Price(amount: 40, currency: "USD"), isKnown: true)))
        #expect(app.lines.contains { $0.contains("Scarf removed · u undo") }, "once the server took it out")
        app.key(.text("u"))
        #expect(app.takeEffects() == [.cart(.restore(CartRemoval(
            productID: "p2", title: "Scarf", quantity: 1, unitPrice: Price(amount: 9, currency: "USD"), position: 1)))],
            "put back as it was, where it was: the second line")
        app.key(.text("u"))
        #expect(app.takeEffects().isEmpty, "undone once")
        app.key(.key(.escape))
        #expect(app.takeEffects() == [.back])
    }

    @Test func aLineAboveTheLimitComesDownToItAndGoesNoHigher() {
        var app = ShopperDriver()
        app.send(.cartChanged(CartSummary(lines: [.init(productID: "p1", title: "Big", quantity: 1_000_000)], badgeCount: 1_000_000, isKnown: true)))
        app.send(.navigated([.page("home"), .cart]))
        app.key(.text("+"))
        #expect(app.takeEffects().isEmpty)
        app.key(.text("-"))
        #expect(app.takeEffects() == [.cart(.setQuantity(productID: "p1", quantity: 99))])
        #expect(app.lines.contains { $0.contains("1,000,000") }, "the count in the locale's form, never trapping")
    }

    @Test func aHostileTitleInTheCartSheetIsDrawnAsTextAndCut() {
        var app = ShopperDriver()
        let hostile = "\u{1B}[2J\u{202E}evil\u{202C}" + String(repeating: "e\u{301}", count: 200) + String(repeating: "\u{301}", count: 10_000)
        app.send(.cartChanged(CartSummary(lines: [.init(productID: "p1", title: hostile, quantity: 1, unitPrice: Price(amount: 1, currency: "USD"))],
                                          badgeCount: 1, isKnown: true)))
        app.send(.navigated([.page("home"), .cart]))
        let lines = app.lines
        #expect(lines.allSatisfy { !$0.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E } })
        #expect(lines.contains { $0.contains("evil") && $0.contains("− 1 +") && $0.contains("$1.00") }, "the quantity and total stay in view")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= app.width })
    }

    @Test func theCartSheetSpeaksTheShoppersLanguage() throws {
        var app = ShopperDriver()
        app.state = ShopperState(now: app.state.now, locale: .deDE)
        app.send(.cartChanged(CartSummary(lines: [
            .init(productID: "p1", title: "Wollmantel", quantity: 2, unitPrice: Price(amount: 83.99, currency: "EUR"), pending: .updating),
        ], badgeCount: 2, pendingProducts: [ExactString("p1")], subtotal: Price(amount: 167.98, currency: "EUR"), isKnown: true)))
        app.send(.navigated([.page("home"), .cart]))
        let lines = app.lines.joined(separator: "\n")
        for expected in ["Dein Warenkorb · 2 Artikel", "167,98\u{A0}€", "je 83,99\u{A0}€ · wird aktualisiert…", "Zwischensumme", "Esc schließen"] {
            #expect(lines.contains(expected), "\(expected)\n\(lines)")
        }
    }

    @Test func aLinkThatIsNoScreenGoesBackWithAToast() {
        var app = ShopperDriver()
        app.send(.navigated([.page("home"), .link("vitrine://wishlist/care")]))
        let effects = app.takeEffects()
        #expect(effects.first == .back)
        #expect(effects.count == 2)
    }

    @Test func escClosesASheetBeforeGoingBackAndCtrlCQuitsFromAnywhere() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.send(.sheetsChanged([try ShopperDriver.decoder.decodeSheet(Data(#"{"sheet": {"id": "s", "sections": []}}"#.utf8)).sheet]))
        app.key(.key(.escape))
        #expect(app.takeEffects() == [.dismissSheet])
        app.send(.navigated([.page("home"), .search(query: "boots")]))
        #expect(app.state.search.query == "boots")
        _ = app.takeEffects()
        app.key(.key(.ctrl("c")))
        #expect(app.takeEffects() == [.quit])
        #expect(app.state.isQuitting)
    }

    @Test func theHelpShowsEveryKeyAndAnyKeyClosesIt() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.key(.text("?"))
        #expect(app.lines.contains { $0.contains("add to cart, quantity") })
        app.key(.text("j"))
        #expect(!app.state.showsHelp)
        #expect(app.focused == "row0", "the key that closed the help did nothing else")
    }

    /// `?` over the cart sheet says the cart's keys, as its hint line names them (the undo key
    /// while a removal can be undone), not the page's under it.
    @Test func theHelpOverTheCartSaysTheCartsKeys() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.send(.cartChanged(CartSummary(lines: [
            .init(productID: "p1", title: "Wool coat", quantity: 2, unitPrice: Price(amount: 20, currency: "USD")),
            .init(productID: "p2", title: "Scarf", quantity: 1, unitPrice: Price(amount: 9, currency: "USD")),
        ], badgeCount: 3, isKnown: true)))
        app.send(.navigated([.page("home"), .cart]))
        app.key(.text("?"))
        let help = app.lines
        let text = help.joined(separator: "\n")
        #expect(help.contains { $0.contains("Cart keys") }, "\(text)")
        for (keys, meaning) in [("↑↓", "choose"), ("+ −", "quantity"), ("x", "remove"), ("Enter", "open"), ("Esc", "close"), ("q", "quit")] {
            let entry = "│ " + NSRegularExpression.escapedPattern(for: keys) + " +" + meaning + " "
            #expect(help.contains { $0.range(of: entry, options: .regularExpression) != nil }, "\(keys) \(meaning)\n\(text)")
        }
        #expect(!help.contains { $0.contains("Tab ⇧Tab") || $0.contains("refresh") }, "not the page's keys")
        #expect(!help.contains { $0.contains("undo") }, "nothing to undo yet")
        app.key(.text("j"))
        #expect(!app.state.showsHelp)
        #expect(app.takeEffects().isEmpty, "the key that closed the help did nothing else")

        app.key(.text("j"))
        app.key(.text("x"))
        #expect(app.takeEffects() == [.cart(.remove(productID: "p2"))])
        app.send(.cartChanged(CartSummary(lines: [
            .init(productID: "p1", title: "Wool coat", quantity: 2, unitPrice: Price(amount: 20, currency: "USD")),
        ], badgeCount: 2, isKnown: true)))
        app.key(.text("?"))
        #expect(app.lines.contains { $0.range(of: "│ u +undo ", options: .regularExpression) != nil }, "\(app.lines.joined(separator: "\n"))")
    }

    @Test func debugLinesGoToThePanelOnlyWithDebug() {
        var app = ShopperDriver()
        app.send(.debug(DebugLine(.event, "impression card.p1", at: app.state.now)))
        #expect(!app.lines.contains { $0.contains("impression card.p1") })
        app.state = ShopperState(now: app.state.now, isDebug: true)
        app.send(.debug(DebugLine(.event, "impression card.p1", at: app.state.now)))
        #expect(app.lines.contains { $0.contains("event impression card.p1") })
        app.key(.text("d"))
        #expect(!app.lines.contains { $0.contains("impression card.p1") }, "d hides the panel")
    }

    @Test func aClickFocusesAndTapsAndTheWheelScrolls() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        let y = try #require(app.lines.firstIndex { $0.hasPrefix("Row 3") })
        app.send(.input(.mouse(MouseEvent(action: .press, button: 0, x: 2, y: y))))
        #expect(app.focused == "row3")
        #expect(app.takeEffects() == [.perform(FiredAction(action: ActionData(type: "open_page", ["page_id": .string("campaign:c3")]), event: .tap, widgetID: "row3", sectionID: "rows"), pageID: "home")])
        app.send(.input(.mouse(MouseEvent(action: .wheelDown, button: 0, x: 2, y: y))))
        #expect(app.state.stack[0].page.viewport.scroll == ShellInput.wheelRows)
        app.send(.input(.mouse(MouseEvent(action: .wheelUp, button: 0, x: 2, y: y))))
        #expect(app.state.stack[0].page.viewport.scroll == 0)
    }

    @Test func aResizeLaysThePageOutAgainAndKeepsTheFocus() throws {
        var app = ShopperDriver()
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.key(.text("j"), times: 30)
        #expect(app.focused == "row30")
        app.width = 40
        app.height = 12
        app.send(.resized)
        #expect(app.focused == "row30")
        let rect = try #require(app.state.stack[0].page.viewport.focusedTarget?.rect)
        #expect(rect.maxY <= 11 && rect.maxX <= 40, "still in view at the new size: \(rect)")
        #expect(app.lines.allSatisfy { $0.count <= 40 })
    }

    @Test func aFailedFirstLoadFocusesRetryAndEnterRetries() {
        var app = ShopperDriver()
        app.send(.pageChanged("home", PageSnapshot(loadState: .failed(message: "offline"), page: nil)))
        #expect(app.lines.contains { $0.contains(Words(.enUS)[EngineWord.loadFailedTitle]) })
        #expect(app.state.stack[0].page.viewport.focus == .retry)
        app.key(.key(.enter))
        #expect(app.takeEffects() == [.retry("home")])
    }
}
