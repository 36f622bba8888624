import FlowCore
import Foundation
import HTTPServer
import RetailBackend
import RetailKit
import RetailPresentation
import RetailTerminal
import Testing

/// The shopper's app in tmux as a shopper in each language meets it: no English word of the
/// app's own on a German or French screen, prices in the locale's form, a product opened by a
/// link and bought from its page, the cart's quantities and removal against a failing backend,
/// search keeping the letters.
@Suite(.serialized) struct ShopperEndToEndTests {
    static let user = "e2e-shopper"

    static func start(
        _ arguments: [String], cache: AppEndToEndTests.CacheDirectory, width: Int = 100, height: Int = 32
    ) throws -> TmuxSession {
        let environment = ["TERM": "xterm-256color", "NO_COLOR": "1"].merging(cache.environment) { $1 }
        return try TmuxSession([TerminalSessionModeTests.executable, "app", "--user", user] + arguments, width: width, height: height, environment: environment)
    }

    /// The app's own English phrases (its string tables), in fragments between placeholders,
    /// that a screen in `locale` must not show: those its own words do not use too ("Code" is
    /// French and German as well). A fragment is a phrase of one word or more of at least four
    /// letters, matched as whole words.
    static func englishPhrases(for locale: AppLocale) -> [String] {
        let english = Array(WordTable.of(.enUS).words.filter { !WordTable.sameInEveryLanguage.contains($0.key) }.values)
            + Array(WordTable.of(.enUS).engine.values)
        let own = " " + (Array(WordTable.of(locale).words.values) + Array(WordTable.of(locale).engine.values)).joined(separator: " \n ") + " "
        // Key names every keyboard prints, and the shop's name.
        return fragments(of: english).subtracting(["Enter", "Vitrine", "hjkl"]).filter { !showsWholeWords($0, in: own) }.sorted()
    }

    /// Whether `text` holds `phrase` as whole words.
    static func showsWholeWords(_ phrase: String, in text: String) -> Bool {
        var search = text[...]
        while let range = search.range(of: phrase) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
            if !before.isLetter, !after.isLetter { return true }
            search = text[range.upperBound...]
        }
        return false
    }

    static func fragments(of texts: [String]) -> Set<String> {
        let english = texts
        var fragments: Set<String> = []
        for text in english {
            var rest = Substring(text)
            var pieces: [Substring] = []
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                pieces.append(rest[..<open])
                rest = rest[rest.index(after: close)...]
            }
            pieces.append(rest)
            for piece in pieces {
                let trimmed = piece.trimmingCharacters(in: CharacterSet.letters.inverted)
                guard trimmed.filter(\.isLetter).count >= 4 else { continue }
                fragments.insert(trimmed)
            }
        }
        return fragments
    }

    /// The English phrases `screen` in `locale` shows, as whole words.
    static func english(on screen: [String], locale: String) -> [String] {
        let text = " " + screen.joined(separator: " \n ") + " "
        return englishPhrases(for: AppLocale(identifier: locale)).filter { showsWholeWords($0, in: text) }
    }

    @Test(arguments: ["de-DE", "fr-FR"])
    func noEnglishWordOfTheAppsOwnOnAnyScreenAndPricesInTheLocalesForm(locale: String) async throws {
        let expected = try HomeExpectations(user: Self.user, locale: locale)
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(["--locale", locale], cache: cache)
        defer { tmux.close() }
        #expect(try await expected.waitForHero(in: tmux, cache: cache) != nil, "\(tmux.picture)")
        #expect(Self.english(on: ["Your cart · 2 items", "Warenkorb"], locale: locale).contains("Your cart"), "the check finds English")
        #expect(Self.english(on: ["Warenkorbs Itemset"], locale: locale).isEmpty, "as whole words")
        var screens: [(String, [String])] = [("home", await tmux.settledScreen())]
        // Scrolled: product cards with their prices (a first visit's page has its offers and
        // categories above them).
        let price = locale == "de-DE" || locale == "fr-FR" ? #"\d+,\d\d\x{00A0}€"# : ""
        let prices = try Regex(price)
        for _ in 0..<3 where !screens.contains(where: { $0.1.contains { $0.contains(prices) } }) {
            _ = try await AppEndToEndTests.press("PageDown", in: tmux)
            screens.append(("home, scrolled", await tmux.settledScreen()))
        }
        #expect(screens.contains { $0.1.contains { $0.contains(prices) } }, "a price in the locale's form\n\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("€") && $0.contains(".99") }, "no English decimal point\n\(tmux.picture)")
        try tmux.press("?")
        screens.append(("help", await tmux.settledScreen()))
        // Esc closes the help; a key right after it would read as Alt and that key.
        _ = try await AppEndToEndTests.press("Escape", in: tmux)
        try tmux.press("c")
        #expect(await tmux.waitUntil { $0.contains { $0.contains(locale == "de-DE" ? "Dein Warenkorb" : "Votre panier") } }, "\(tmux.picture)")
        screens.append(("cart", await tmux.settledScreen()))
        _ = try await AppEndToEndTests.press("Escape", in: tmux)
        try tmux.press("/")
        let query = locale == "de-DE" ? "woll" : "mant"
        try tmux.type(query)
        #expect(await tmux.waitUntil(seconds: 5) { $0.contains { $0.contains("€") } }, "product suggestions with their price\n\(tmux.picture)")
        screens.append(("search", await tmux.settledScreen()))
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { $0.last?.contains(locale == "de-DE" ? "Suchergebnisse" : "Résultats") == true || $0.contains { $0.contains("« \(query) »") || $0.contains("„\(query)“") } }, "\(tmux.picture)")
        screens.append(("results", await tmux.settledScreen()))
        for (name, screen) in screens {
            let found = Self.english(on: screen, locale: locale)
            #expect(found.isEmpty, "\(name) in \(locale) shows \(found)\n\(screen.joined(separator: "\n"))")
        }
        await AppEndToEndTests.quit(tmux)

        // The full-screen error, in the shopper's words, with somewhere to go.
        // Held for the whole test: a directory made inline is removed (its deinit) while the
        // app is still making its storage in it.
        let failingCache = AppEndToEndTests.CacheDirectory()
        let failing = try Self.start(["--locale", locale, "--faults", "error=503"], cache: failingCache)
        defer { failing.close() }
        let title = locale == "de-DE" ? "Diese Seite konnte nicht geladen werden" : "Impossible de charger cette page"
        #expect(await failing.waitFor(title), "\(failing.picture)")
        let error = await failing.settledScreen()
        #expect(Self.english(on: error, locale: locale).isEmpty, "\(Self.english(on: error, locale: locale))\n\(failing.picture)")
        #expect(!error.contains { $0.contains("503") || $0.contains("fault") || $0.contains("HTTP") }, "\(failing.picture)")
        #expect(error.first?.contains(locale == "de-DE" ? "Warenkorb" : "Panier") == true, "the nav bar and the cart stay\n\(failing.picture)")
        await AppEndToEndTests.quit(failing)
    }

    /// An unknown product says it is not available, with no Retry: not that the page could
    /// not be loaded, "check your connection", with a Retry that could only fail again.
    @Test(arguments: [("en-US", "This product isn't available"), ("de-DE", "Dieses Produkt ist nicht verfügbar")])
    func anUnknownProductSaysItIsNotAvailableWithNoRetry(locale: String, title: String) async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(["--locale", locale, "--open", "vitrine://product/p-999999"], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor(title), "\(tmux.picture)")
        let screen = await tmux.settledScreen()
        let retry = locale == "de-DE" ? "Erneut" : "Retry"
        #expect(!screen.contains { $0.contains(retry) || $0.contains("404") || $0.contains("p-999999") }, "\(tmux.picture)")
        #expect(!screen.contains { $0.contains(locale == "de-DE" ? "Verbindung" : "connection") }, "no talk of the connection\n\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }

    @Test func openLandsOnTheProductAndTwoAddsShowTheLineTotal() async throws {
        let expected = try HomeExpectations(user: Self.user)
        let product = try #require(try expected.products().first { $0.availability == "available" })
        let page = try expected.page("/v1/pages/product:\(product.id)")
        let amount = try #require(page["page"]?["sections"]?[0]?["widgets"]?[0]?["data"]?["price"]?["amount"]?.doubleValue)
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(["--open", "vitrine://product/\(product.id)"], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("Add to cart"), "the product page\n\(tmux.picture)")
        #expect(tmux.screen().contains { $0.contains(product.title) })
        #expect(tmux.screen().last?.contains("Esc back") == true, "home is below it\n\(tmux.picture)")
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { $0.first?.contains("Cart 1") == true }, "\(tmux.picture)")
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { $0.first?.contains("Cart 2") == true && $0.first?.contains("◌") == false }, "\(tmux.picture)")
        try tmux.press("c")
        let total = RetailFormat(.enUS).price(Price(amount: amount * 2, currency: "USD"))
        #expect(await tmux.waitUntil { $0.contains { $0.contains("− 2 +") && $0.contains(total) } }, "the line total \(total)\n\(tmux.picture)")
        _ = try await AppEndToEndTests.press("Escape", in: tmux)
        _ = try await AppEndToEndTests.press("Escape", in: tmux)
        #expect(try await expected.waitForHero(in: tmux, cache: cache) != nil, "back lands on home\n\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }

    /// The embedded backend keeps its store under `XDG_DATA_HOME`, and the app its session there
    /// too: a cart survives quitting and a cache cleaner. The app's whole cache (its cart journal
    /// with it) is deleted between the two runs, so the cart seen after the restart can only be
    /// the backend's, reached with the session kept as data.
    @Test func aCartSurvivesQuittingTheAppAndStartingAgain() async throws {
        let expected = try HomeExpectations(user: Self.user)
        let product = try #require(try expected.products().first { $0.availability == "available" })
        let cache = AppEndToEndTests.CacheDirectory()
        do {
            let first = try Self.start(["--open", "vitrine://product/\(product.id)"], cache: cache)
            defer { first.close() }
            #expect(await first.waitFor("Add to cart"), "the product page\n\(first.picture)")
            try first.press("Enter")
            #expect(await first.waitUntil { $0.first?.contains("Cart 1") == true && $0.first?.contains("…") == false }, "\(first.picture)")
            await AppEndToEndTests.quit(first)
        }
        let files = FileManager.default.enumerator(at: cache.url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let journals = files.filter { $0.lastPathComponent == "cart.json" }
        #expect(journals.count == 1)
        #expect(expected.sessionToken(cache: cache) != nil, "the session is kept in the data directory")
        // What a cache cleaner does.
        try FileManager.default.removeItem(at: cache.url.appendingPathComponent("vitrine"))
        #expect(FileManager.default.fileExists(atPath: cache.data.appendingPathComponent("vitrine.sqlite").path))
        let second = try Self.start([], cache: cache)
        defer { second.close() }
        #expect(await second.waitUntil { $0.first?.contains("Cart 1") == true }, "the backend's cart, after the restart\n\(second.picture)")
        try second.press("c")
        #expect(await second.waitUntil { $0.contains { $0.contains(product.title) } }, "\(second.picture)")
        await AppEndToEndTests.quit(second)
    }

    @Test func quantityChangesAndRemovalAgainstAFailingBackendShowPendingThenRollBack() async throws {
        let backend = try HomeBackend()
        let server = try HTTPServer(handler: backend, configuration: .ephemeral)
        defer { server.stop() }
        let expected = try HomeExpectations(user: Self.user, backend: backend)
        let product = try #require(try expected.products().first { $0.availability == "available" })
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(
            ["--server", server.baseURL, "--open", "vitrine://product/\(product.id)", "--cart-attempts", "2"], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("Add to cart"), "\(tmux.picture)")
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { $0.first?.contains("Cart 1") == true && $0.first?.contains("◌") == false }, "\(tmux.picture)")
        try tmux.press("c")
        #expect(await tmux.waitFor("− 1 +"), "\(tmux.picture)")
        // Each failing answer takes two seconds: "updating…" is there for seconds, not for
        // however long two quick refusals take, whichever moment the test looks.
        try backend.changeFaults(to: "latency=2s,error=503")

        try tmux.press("+")
        #expect(await tmux.waitFor("− 2 +", seconds: 3), "the new quantity at once\n\(tmux.picture)")
        #expect(await tmux.waitFor("updating…"), "pending\n\(tmux.picture)")
        #expect(await tmux.waitFor("Couldn't update your cart"), "told why, in a shopper's words\n\(tmux.picture)")
        #expect(await tmux.waitFor("− 1 +"), "rolled back\n\(tmux.picture)")

        try tmux.press("x")
        #expect(await tmux.waitFor("removing…", seconds: 3), "the line stays, marked, until the server answers\n\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("u undo") }, "not removed yet: nothing to undo\n\(tmux.picture)")
        #expect(await tmux.waitFor("Couldn't remove \(product.title)"), "\(tmux.picture)")
        #expect(await tmux.waitUntil { !$0.contains { $0.contains("removing…") } && $0.contains { $0.contains("− 1 +") } }, "rolled back\n\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("503") || $0.contains(product.id) }, "\(tmux.picture)")

        // With the backend back, a removal is confirmed and can be undone.
        try backend.changeFaults(to: "none")
        try tmux.press("x")
        #expect(await tmux.waitFor("Your cart is empty."), "\(tmux.picture)")
        #expect(await tmux.waitFor("u undo"), "removed: it can be put back\n\(tmux.picture)")
        try tmux.press("u")
        #expect(await tmux.waitUntil { $0.contains { $0.contains("− 1 +") } && $0.first?.contains("Cart 1") == true }, "put back\n\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }

    @Test func searchKeepsTheShoppersLettersAndBackspaceOnAnEmptyFieldStays() async throws {
        let expected = try HomeExpectations(user: Self.user)
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start([], cache: cache)
        defer { tmux.close() }
        let hero = try #require(try await expected.waitForHero(in: tmux, cache: cache), "\(tmux.picture)")
        try tmux.press("/")
        #expect(await tmux.waitFor("Esc back · ↑↓ choose"), "\(tmux.picture)")
        try tmux.type("co")
        try tmux.press("BSpace", "BSpace", "BSpace", "BSpace")
        #expect(await tmux.waitFor("Type two letters or more"), "\(tmux.picture)")
        #expect(tmux.screen().last?.contains("Search") == true, "still in search\n\(tmux.picture)")
        try tmux.type("coat")
        #expect(await tmux.waitFor("All results for “coat”"), "\(tmux.picture)")
        try tmux.press("Enter")
        #expect(await tmux.waitFor("Results for “coat”"), "the results page\n\(tmux.picture)")
        #expect(await tmux.waitUntil { $0.contains { $0.contains("$") } }, "products with their price\n\(tmux.picture)")
        _ = try await AppEndToEndTests.press("Escape", in: tmux)
        #expect(await tmux.waitUntil { $0.contains { $0.contains("[ ⌕ coat") } }, "the query is still there\n\(tmux.picture)")
        _ = try await AppEndToEndTests.press("Escape", in: tmux)
        #expect(await tmux.waitFor(hero), "\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }

    @Test func aRefusedAddShowsNoIDNoCodeWhenTheBackendIsDown() async throws {
        let expected = try HomeExpectations(user: Self.user)
        let product = try #require(try expected.products().first { $0.availability == "available" })
        let backend = try HomeBackend()
        let server = try HTTPServer(handler: backend, configuration: .ephemeral)
        defer { server.stop() }
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(["--server", server.baseURL, "--open", "vitrine://product/\(product.id)", "--cart-attempts", "2"], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("Add to cart"), "\(tmux.picture)")
        // Each failing answer takes two seconds: "updating…" is there for seconds, not for
        // however long two quick refusals take, whichever moment the test looks.
        try backend.changeFaults(to: "latency=2s,error=503")
        try tmux.press("a")
        #expect(await tmux.waitFor("Couldn't add \(product.title) to your cart: check your connection"), "\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains(product.id) || $0.contains("503") || $0.contains("fault") }, "\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }
}
