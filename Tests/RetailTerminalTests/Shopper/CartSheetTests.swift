import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal

/// The cart sheet as the shopper meets it: the mouse reaches its lines and signs, a short
/// screen says how many lines it cannot show, a wide one keeps the sheet readable, a toast
/// never covers its keys, and an empty cart promises nothing.
@MainActor
@Suite struct CartSheetTests {
    static let sheetJSON = #"{"sheet": {"id": "promo", "config": {"detents": ["large"]}, "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "t", "data": {"title": "SHEETMARK"}}]}]}}"#

    /// The cart over a page stacks over the page's sheets, as SwiftUI's one chain of sheets
    /// (`SheetLayers`) presents it; search, a screen of the app's own, covers them.
    @Test func theCartOverAPageStacksOverThePagesSheets() throws {
        var app = ShopperDriver()
        app.height = 40
        app.send(.pageChanged("home", try ShopperDriver.home()))
        app.send(.sheetsChanged([try ShopperDriver.decoder.decodeSheet(Data(Self.sheetJSON.utf8)).sheet]))
        #expect(app.lines.contains { $0.contains("SHEETMARK") })
        app.send(.navigated([.page("home"), .cart]))
        #expect(NavigatorPresentation(stack: [.page("home"), .cart]).isCartOverAPage)
        #expect(app.lines.contains { $0.contains("SHEETMARK") }, "the page's sheet stays under the cart\n\(app.lines.joined(separator: "\n"))")
        app.send(.navigated([.page("home"), .search(query: nil)]))
        #expect(!app.lines.contains { $0.contains("SHEETMARK") }, "search covers the page and its sheets")
    }

    static func cart(lines count: Int) -> CartSummary {
        let lines = (1...count).map {
            CartSummary.Line(productID: "p\($0)", title: "Product \($0)", quantity: 2, unitPrice: Price(amount: 10, currency: "USD"))
        }
        return CartSummary(lines: lines, badgeCount: count * 2, subtotal: Price(amount: Double(count) * 20, currency: "USD"), isKnown: true)
    }

    static func openCart(_ cart: CartSummary, width: Int = 80, height: Int = 24) -> ShopperDriver {
        var app = ShopperDriver()
        app.width = width
        app.height = height
        app.send(.cartChanged(cart))
        app.send(.navigated([.page("home"), .cart]))
        _ = app.takeEffects()
        return app
    }

    /// The cell of `text` on the row holding `row`, the screen's coordinates.
    static func cell(of text: String, onRowWith row: String, in lines: [String]) throws -> (x: Int, y: Int) {
        let y = try #require(lines.firstIndex { $0.contains(row) })
        let range = try #require(lines[y].range(of: text, options: .backwards))
        return (x: DisplayWidth.of(String(lines[y][..<range.lowerBound])), y: y)
    }

    static func click(_ app: inout ShopperDriver, _ cell: (x: Int, y: Int)) {
        app.key(.mouse(MouseEvent(action: .press, button: 0, x: cell.x, y: cell.y)))
        app.key(.mouse(MouseEvent(action: .release, button: 0, x: cell.x, y: cell.y)))
    }

    @Test func aClickOnALinesSignsChangesItsQuantityAndOnALineChoosesIt() throws {
        var app = Self.openCart(Self.cart(lines: 3))
        let lines = app.lines
        Self.click(&app, try Self.cell(of: "+", onRowWith: "Product 2", in: lines))
        #expect(app.takeEffects() == [.cart(.setQuantity(productID: "p2", quantity: 3))])
        #expect(app.state.cartSheet.selection == 1)
        Self.click(&app, try Self.cell(of: "−", onRowWith: "Product 3", in: lines))
        #expect(app.takeEffects() == [.cart(.setQuantity(productID: "p3", quantity: 1))])
        Self.click(&app, try Self.cell(of: "Product 1", onRowWith: "Product 1", in: lines))
        #expect(app.takeEffects().isEmpty, "a click on a line only chooses it")
        #expect(app.state.cartSheet.selection == 0)
        app.key(.mouse(MouseEvent(action: .wheelDown, button: 0, x: 10, y: 20)))
        #expect(app.state.cartSheet.selection == 1)
        Self.click(&app, (x: 10, y: 0))
        #expect(app.takeEffects() == [.back], "a click on the page above closes the sheet")
    }

    @Test func aShortScreenSaysHowManyLinesItCannotShowAndShowsMoreOfThem() throws {
        let app = Self.openCart(Self.cart(lines: 7), width: 40, height: 15)
        let lines = app.lines
        let shown = (1...7).filter { index in lines.contains { $0.contains("Product \(index) ") || $0.hasSuffix("Product \(index)") } }
        #expect(shown.count >= 3, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("↓ \(7 - shown.count) more") }, "\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("Checkout") }, "the note gives way to the lines")
        #expect(lines.contains { $0.contains("Esc close") }, "the keys stay")
    }

    /// The counts of lines not shown sit in the sheet's frame, never over a line's prices, and
    /// however short the screen the chosen line is shown.
    @Test(arguments: [(40, 10), (60, 9), (40, 11), (40, 12), (80, 12)])
    func theCountsOfHiddenLinesAreInTheFrameAndTheChosenLineIsShown(width: Int, height: Int) throws {
        var app = Self.openCart(Self.cart(lines: 4), width: width, height: height)
        for _ in 0..<2 { app.key(.key(.down)) }
        let lines = app.lines
        let picture = lines.joined(separator: "\n")
        #expect(lines.contains { $0.contains("Product 3") }, "the chosen line\n\(picture)")
        let top = try #require(lines.firstIndex { $0.contains("╭") })
        let bottom = try #require(lines.firstIndex { $0.contains("╰") }, "closed at the bottom\n\(picture)")
        #expect(lines[top].contains("↑ "), "lines above, said in the top edge\n\(picture)")
        #expect(lines[bottom].contains("↓ ") || lines.contains { $0.contains("Product 4") }, "lines below, said in the bottom edge\n\(picture)")
        for row in lines[(top + 1)..<bottom] { #expect(!row.contains("more"), "no count over the lines\n\(picture)") }
    }

    /// On the shortest screens, and with a removal to undo, the sheet still shows the chosen
    /// line: its keys' hint gives up rows first.
    @Test(arguments: [(30, 7), (30, 8), (30, 9), (40, 7)])
    func theShortestSheetShowsTheChosenLine(width: Int, height: Int) throws {
        var app = Self.openCart(Self.cart(lines: 5), width: width, height: height)
        app.key(.key(.down))
        var lines = app.lines
        #expect(lines.contains { $0.contains("Product 2") }, "\(lines.joined(separator: "\n"))")
        let removal = CartRemoval(productID: "p9", title: "Product 9", quantity: 1, unitPrice: nil)
        lines = Self.sheetRows(Self.cart(lines: 5), removal: removal, locale: .enUS, width: width, height: height - 1)
        #expect(lines.contains { $0.contains("removed") }, "the removal and its undo\n\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("▌") && $0.contains("Product 1") }, "a chosen line\n\(lines.joined(separator: "\n"))")
    }

    /// A cart that could not be loaded says so whole above its keys on a short screen.
    @Test func aFailedCartsMessageIsNotCoveredByTheKeys() throws {
        var app = ShopperDriver()
        app.width = 40
        app.height = 8
        app.send(.cartChanged(CartSummary(isUnavailable: true)))
        app.send(.navigated([.page("home"), .cart]))
        let lines = app.lines
        let picture = lines.joined(separator: "\n")
        let keys = try #require(lines.firstIndex { $0.contains("Esc close") }, "\(picture)")
        let message = try #require(lines.firstIndex { $0.contains("loaded") }, "\(picture)")
        #expect(message < keys, "\(picture)")
        #expect(lines.contains { $0.contains("again") }, "the message's end, what to do, is shown\n\(picture)")
    }

    @Test func onAWideScreenTheSheetKeepsItsTitleAndTotalNearEachOther() throws {
        let app = Self.openCart(Self.cart(lines: 2), width: 200, height: 50)
        let lines = app.lines
        let title = try Self.cell(of: "Product 1", onRowWith: "Product 1", in: lines)
        let total = try Self.cell(of: "$20.00", onRowWith: "Product 1", in: lines)
        #expect(total.x - title.x < CartSheetView.maximumWidth, "\(lines[title.y])")
        let top = try #require(lines.firstIndex { $0.contains("Your cart") })
        let corner = try #require(lines[top].firstIndex(of: "╭"))
        #expect(lines[top].distance(from: lines[top].startIndex, to: corner) > 0, "centred, not from the screen's edge")
    }

    /// Every line's `+` stands in one column, however wide its total: the signs do not move
    /// from line to line with the width of the amounts.
    @Test func theStepperStaysInOneColumnWhateverTheTotalsWidth() throws {
        let cart = CartSummary(lines: [
            CartSummary.Line(productID: "p1", title: "Socks", quantity: 1, unitPrice: Price(amount: 9.5, currency: "USD")),
            CartSummary.Line(productID: "p2", title: "Sofa", quantity: 2, unitPrice: Price(amount: 1234.5, currency: "USD")),
            CartSummary.Line(productID: "p3", title: "Scarf", quantity: 12, unitPrice: Price(amount: 20, currency: "USD")),
        ], badgeCount: 15, subtotal: Price(amount: 2718.5, currency: "USD"), isKnown: true)
        let lines = Self.openCart(cart).lines
        let columns = try ["Socks", "Sofa", "Scarf"].map { try Self.cell(of: "+", onRowWith: $0, in: lines).x }
        #expect(Set(columns).count == 1, "\(lines.joined(separator: "\n"))")
        let ends = try [("Socks", "$9.50"), ("Sofa", "$2,469.00"), ("Scarf", "$240.00")].map { try Self.cell(of: $0.1, onRowWith: $0.0, in: lines).x + DisplayWidth.of($0.1) }
        #expect(Set(ends).count == 1, "the totals end in one column")
    }

    @Test func aToastStaysClearOfTheSheetsKeys() throws {
        var app = Self.openCart(Self.cart(lines: 2))
        app.send(.toastChanged("Couldn't update your cart"))
        let lines = app.lines
        let toast = try #require(lines.firstIndex { $0.contains("Couldn't update your cart") })
        let top = try #require(lines.firstIndex { $0.contains("Your cart") })
        #expect(toast < top, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("Esc close") })
    }

    /// Seen in tmux at 40 columns: "x" ended a line and "retirer" began the next.
    @Test func aKeyStaysWithItsWordWhenTheHintWraps() throws {
        var app = Self.openCart(Self.cart(lines: 1), width: 40, height: 20)
        app.state = ShopperState(now: app.state.now, locale: .frFR)
        app.send(.cartChanged(Self.cart(lines: 1)))
        app.send(.navigated([.page("home"), .cart]))
        let lines = app.lines
        let hint = try #require(lines.firstIndex { $0.contains("choisir") })
        let rows = lines[hint...hint + 1].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
        #expect(!rows.contains { $0.hasSuffix(" x") || $0.hasPrefix("retirer") }, "\(rows)")
    }

    @Test func anEmptyCartPromisesNothingAboutASavedCart() {
        let app = Self.openCart(CartSummary(isKnown: true))
        #expect(app.lines.contains { $0.contains("Your cart is empty") })
        #expect(!app.lines.contains { $0.contains("saved") })
    }

    /// The sheet drawn alone on a `width` × `height` screen, its rows without the borders.
    static func sheetRows(
        _ cart: CartSummary, removal: CartRemoval? = nil, locale: AppLocale, width: Int = 40, height: Int = 15
    ) -> [String] {
        let view = CartSheetView.of(cart, selection: 0, removal: removal, locale: locale)
        let surface = DrawSurface(width: width, height: height)
        let environment = RenderEnvironment(
            isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
        view.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        return surface.buffer.plainLines.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
    }

    /// A line on sale says what it saves, after its unit price, in each language.
    @Test(arguments: [AppLocale.enUS, .deDE, .frFR])
    func aLineOnSaleSaysWhatItSaves(locale: AppLocale) {
        let line = CartSummary.Line(productID: "p-1", title: "Wool scarf Brio", quantity: 2, unitPrice: Price(amount: 72.99, currency: "USD"),
                                    compareAtPrice: Price(amount: 91.99, currency: "USD"))
        let rows = Self.sheetRows(CartSummary(lines: [line], badgeCount: 2, isKnown: true), locale: locale, width: 80)
        let words = Words(locale)
        let format = RetailFormat(locale)
        let expected = words(.eachPrice, ["price": format.price(Price(amount: 72.99, currency: "USD"))]) + " · "
            + words(.lineSavings, ["amount": format.price(Price(amount: 38, currency: "USD"))])
        #expect(rows.contains { $0.hasSuffix(expected) || $0.contains(expected) }, "\(rows.joined(separator: "\n"))")
    }

    /// A removal keeps its undo key at 40 columns: the keys list `u` first, and the removal
    /// row is never cut to "Article retiré du panier : Chaussur…" with "u annuler" dropped.
    @Test(arguments: [AppLocale.enUS, .deDE, .frFR])
    func aRemovalAtFortyColumnsKeepsItsUndoKey(locale: AppLocale) {
        let removal = CartRemoval(productID: "p-1002", title: "Chaussure de trail Brio", quantity: 1, unitPrice: nil)
        let rows = Self.sheetRows(CartSummary(isKnown: true), removal: removal, locale: locale)
        let undo = ScreenHelp.cartUndoKey(words: Words(locale))
        let close = locale == .enUS ? "Esc close" : locale == .deDE ? "Esc schließen" : "Échap fermer"
        let keys = rows.filter { $0.contains(close) || $0.contains(undo) }
        #expect(keys.contains { $0.hasPrefix(undo) }, "the keys list u first\n\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains(close) }, "and still the way out")
        #expect(rows.contains { $0.contains("Brio") }, "the removed title keeps its last word\n\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.hasSuffix("· u…") || $0.hasSuffix(String(undo.prefix(3)) + "…") }, "the key is never the part cut")
    }

    /// The keys give way from just before the last when they do not fit: the way out stays.
    @Test(arguments: [AppLocale.enUS, .deDE, .frFR])
    func atFortyColumnsTheWayOutOfTheSheetIsAlwaysSaid(locale: AppLocale) {
        let cart = CartSummary(lines: [CartSummary.Line(productID: "p-1", title: "Chaussure de trail Brio", quantity: 1)], badgeCount: 1, isKnown: true)
        let rows = Self.sheetRows(cart, locale: locale)
        let close = locale == .enUS ? "Esc close" : locale == .deDE ? "Esc schließen" : "Échap fermer"
        #expect(rows.contains { $0.contains(close) }, "\(rows.joined(separator: "\n"))")
        #expect(CartSheetView.hintRows("a · b · c · d", width: 4, maxRows: 2) == ["a", "d"])
        #expect(CartSheetView.hintRows("a · b · c · d", width: 9, maxRows: 2) == ["a · b · c", "d"])
    }

    /// A cart that cannot be loaded says the whole sentence, never cut mid-sentence: its end
    /// says what to do.
    @Test(arguments: [AppLocale.enUS, .deDE, .frFR], [40, 80])
    func anUnloadableCartSaysTheWholeSentence(locale: AppLocale, width: Int) {
        let rows = Self.sheetRows(CartSummary(isUnavailable: true), locale: locale, width: width, height: width == 40 ? 15 : 24)
        let text = rows.joined(separator: " ").split(separator: " ").joined(separator: " ")
        let sentence = Words(locale)[.cartUnavailable]
        #expect(text.contains(sentence), "\(rows.joined(separator: "\n"))")
    }

    /// A change waiting to be sent again (answered 503) says so on its line, whole, even at 40
    /// columns, rather than "updating…" for half a minute of retries.
    @Test(arguments: [AppLocale.enUS, .deDE, .frFR], [40, 80])
    func aChangeWaitingToBeSentAgainSaysSo(locale: AppLocale, width: Int) {
        let price = Price(amount: 80.99, currency: "EUR")
        var cart = CartSummary(
            lines: [CartSummary.Line(productID: "p-1", title: "Chaussure de trail Brio", quantity: 2, unitPrice: price, pending: .updating),
                    CartSummary.Line(productID: "p-2", title: "Chaussure de trail Alto", quantity: 1, unitPrice: price)],
            badgeCount: 3, subtotal: Price(amount: 242.97, currency: "EUR"), isKnown: true)
        let retrying = Words(locale)[.retryingLine]
        let updating = Words(locale)[.updatingLine]
        let sending = Self.sheetRows(cart, locale: locale, width: width, height: 24)
        #expect(sending.contains { $0.contains(updating) } && !sending.contains { $0.contains(retrying) })
        cart.isRetrying = true
        let rows = Self.sheetRows(cart, locale: locale, width: width, height: 24)
        #expect(rows.filter { $0.contains(retrying) }.count == 1, "the pending line only, its words whole\n\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains(updating) })
    }

    /// Lines of one family read apart at 40 columns: each keeps the word that tells it from
    /// the other, not both "Chaussure de trail…".
    @Test func linesOfOneFamilyReadApartAtFortyColumns() {
        let price = Price(amount: 80.99, currency: "EUR")
        let cart = CartSummary(
            lines: [CartSummary.Line(productID: "p-1", title: "Chaussure de trail Brio", quantity: 1, unitPrice: price),
                    CartSummary.Line(productID: "p-2", title: "Chaussure de trail Alto", quantity: 1, unitPrice: price)],
            badgeCount: 2, subtotal: Price(amount: 161.98, currency: "EUR"), isKnown: true)
        let rows = Self.sheetRows(cart, locale: .frFR)
        #expect(rows.contains { $0.contains("Brio") } && rows.contains { $0.contains("Alto") }, "\(rows.joined(separator: "\n"))")
    }

    /// An extreme unit price (1e308) is shortened, never cut mid-number ("je 100.000.…00…"),
    /// and the line keeps a total even past the largest double.
    @Test(arguments: [AppLocale.enUS, .deDE, .frFR], [40, 80])
    func anExtremeUnitPriceIsShortenedAndTheLineKeepsATotal(locale: AppLocale, width: Int) throws {
        let price = Price(amount: 1e308, currency: "EUR")
        let cart = CartSummary(
            lines: [CartSummary.Line(productID: "p-1", title: "Trailschuh Alto", quantity: 2, unitPrice: price)],
            badgeCount: 2, subtotal: price, isKnown: true)
        let rows = Self.sheetRows(cart, locale: locale, width: width, height: 24)
        #expect(!rows.contains { $0.contains("…") && $0.contains("000") }, "never cut mid-number\n\(rows.joined(separator: "\n"))")
        let each = Words(locale)(.eachPrice, ["price": ""]).trimmingCharacters(in: .whitespaces)
        #expect(rows.contains { $0.contains(each) }, "the unit price is said, shortened")
        let line = try #require(rows.first { $0.contains("Alto") })
        #expect(line.contains("> "), "the total says it is past the largest amount: \(line)")
    }
}
