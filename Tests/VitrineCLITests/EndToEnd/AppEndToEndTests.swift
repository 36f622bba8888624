import FlowCore
import Foundation
import HTTPServer
@testable import RetailBackend
import RetailKit
import RetailPresentation
import Testing

/// The app in tmux against the embedded backend, driven as a shopper would.
@Suite(.serialized) struct AppEndToEndTests {
    static let user = "e2e-shopper"

    /// A cache directory of the test's own, and beside it the embedded backend's data
    /// (`data/vitrine/backend`), removed at the end.
    final class CacheDirectory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-e2e-cache-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }

        /// The XDG variables that put everything the app keeps here.
        var environment: [String: String] {
            ["XDG_CACHE_HOME": url.path, "XDG_DATA_HOME": url.appendingPathComponent("data").path]
        }

        /// The embedded backend's store.
        var data: URL { url.appendingPathComponent("data/vitrine/backend") }
    }

    static func start(_ arguments: [String] = [], cache: CacheDirectory, width: Int = 100, height: Int = 40, noColor: Bool = false) throws -> TmuxSession {
        var environment = ["TERM": "xterm-256color"].merging(cache.environment) { $1 }
        if noColor { environment["NO_COLOR"] = "1" }
        return try TmuxSession([TerminalSessionModeTests.executable, "app", "--user", user] + arguments, width: width, height: height, environment: environment)
    }

    static func quit(_ tmux: TmuxSession) async {
        try? tmux.press("q")
        #expect(await tmux.waitFor("exit=0"), "\(tmux.picture)")
        #expect(tmux.paneValue("alternate_on") == "0", "back on the normal screen")
        #expect(tmux.paneValue("cursor_flag") == "1", "the cursor shows again")
    }

    @Test func browseEveryPageAddOpenSearchCartResizeAndQuit() async throws {
        // A returning shopper's page: products end it, so the last card can be added.
        let expected = try HomeExpectations(user: Self.user, segment: "returning")
        let cache = CacheDirectory()
        // Without colour, pictures are labelled frames: nothing redraws by itself when an image
        // arrives, so "the screen changed" means a key took effect.
        let tmux = try Self.start(["--segment", "returning"], cache: cache, noColor: true)
        defer { tmux.close() }

        // Start: the hero of the app's session.
        #expect(try await expected.waitForHero(in: tmux, cache: cache) != nil, "\(tmux.picture)")
        #expect(await tmux.waitFor(" Home"), "the status line\n\(tmux.picture)")

        // The end of the page, every next page merged on the way.
        let titles = try expected.sectionTitles(token: expected.sessionToken(cache: cache))
        let last = try #require(titles.last)
        for _ in 0..<12 where !tmux.screen().contains(where: { $0.contains(last) }) {
            _ = try await Self.press("End", in: tmux)
            // The next page, asked for as the end came near, arrives below.
            await tmux.waitUntil(seconds: 5) { screen in screen.contains { $0.contains(last) } || !screen.contains { $0.contains("Loading more") } }
        }
        #expect(await tmux.waitFor(last), "the last page's last section\n\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("Loading more") || $0.contains("Couldn't load more") })
        // Every section of every page is there: scrolling back up passes each title.
        var seen = Set(tmux.screen().flatMap { row in titles.filter { row.contains($0) } })
        for _ in 0..<80 where seen.count < Set(titles).count {
            guard try await Self.press("PageUp", in: tmux) else { break }
            seen.formUnion(tmux.screen().flatMap { row in titles.filter { row.contains($0) } })
        }
        #expect(seen == Set(titles), "missing: \(Set(titles).subtracting(seen))")

        // Add an available product: the badge.
        try tmux.press("End")
        #expect(await tmux.waitFor(last))
        // The focused card may be sold out (no add_to_cart): then the one before it.
        var added = false
        for _ in 0..<8 where !added {
            try tmux.press("a")
            await tmux.waitUntil(seconds: 3) { screen in
                screen.first?.contains("Cart 1") == true || screen.contains { $0.contains("can't be added") }
            }
            added = tmux.screen().first?.contains("Cart 1") == true
            if !added { _ = try await Self.press("h", in: tmux) }
        }
        #expect(added, "the badge counts at once\n\(tmux.picture)")
        #expect(await tmux.waitFor("✓ 1 in cart"), "the card says so once the server confirms\n\(tmux.picture)")

        // Open a campaign and come back to the same scroll position.
        try tmux.press("Home")
        _ = try await Self.press("PageDown", in: tmux)
        _ = try await Self.press("PageDown", in: tmux)
        var opened = false
        var before: [String] = []
        for _ in 0..<10 where !opened {
            before = await tmux.settledScreen()
            try tmux.press("Enter")
            opened = await tmux.waitFor("Esc back", seconds: 3)
            if !opened { _ = try await Self.press("j", in: tmux) }
        }
        #expect(opened, "\(tmux.picture)")
        try tmux.press("Escape")
        #expect(await tmux.waitUntil { !$0.contains { $0.contains("Esc back") } })
        #expect(await tmux.waitUntil(seconds: 5) { Self.sameText($0, before) }, "the page below as it was\n\(tmux.picture)\nbefore:\n\(before.joined(separator: "\n"))")

        // Search and open a suggestion.
        try tmux.press("/")
        #expect(await tmux.waitFor("Esc back · ↑↓ choose"), "\(tmux.picture)")
        try tmux.type("coat")
        #expect(await tmux.waitUntil { screen in screen.contains { $0.contains("Coats") && $0.contains("category") } }, "\(tmux.picture)")
        let rows = tmux.screen()
        let position = try #require(rows.firstIndex { $0.contains("Coats") && $0.contains("category") })
        let kinds = ["product", "category", "campaign", "query"]
        let first = try #require(rows.firstIndex { row in kinds.contains { row.hasSuffix($0) } })
        for _ in 0...(position - first) { try tmux.press("Down") }
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { $0.last?.contains(" Coats") == true }, "the category page\n\(tmux.picture)")

        // The cart sheet: the item, then removed.
        try tmux.press("c")
        #expect(await tmux.waitFor("Your cart · 1 item"), "\(tmux.picture)")
        #expect(tmux.screen().contains { $0.contains("− 1 +") }, "\(tmux.picture)")
        try tmux.press("Enter")
        #expect(await tmux.waitFor("Esc back"), "Enter opens the product, never removes\n\(tmux.picture)")
        try tmux.press("Escape")
        #expect(await tmux.waitFor("Your cart · 1 item"), "\(tmux.picture)")
        try tmux.press("x")
        #expect(await tmux.waitFor("Your cart is empty."), "\(tmux.picture)")
        try tmux.press("Escape")

        // Resize: the page is laid out again at the new width.
        try tmux.resize(width: 80, height: 24)
        #expect(await tmux.waitUntil { $0.count >= 24 && $0.last?.hasSuffix("? keys · q quit") == true && $0.last.map { $0.count <= 80 } == true }, "\(tmux.picture)")
        #expect(tmux.paneValue("pane_width") == "80")
        try tmux.resize(width: 160, height: 50)
        #expect(await tmux.waitUntil { $0.count >= 50 && ($0.last?.count ?? 0) > 100 }, "\(tmux.picture)")

        await Self.quit(tmux)
    }

    /// Presses `key` and waits (at most 3 s) for the screen to change and the frame to be
    /// drawn whole; `false` when it did not change.
    static func press(_ key: String, in tmux: TmuxSession) async throws -> Bool {
        let before = await tmux.settledScreen()
        try tmux.press(key)
        guard await tmux.waitUntil(seconds: 3, { $0 != before }) else { return false }
        _ = await tmux.settledScreen()
        return true
    }

    /// The same rows of text where neither screen shows an image (images may arrive between
    /// two looks), the status line aside: the page is at the same scroll position.
    static func sameText(_ screen: [String], _ before: [String]) -> Bool {
        guard screen.count == before.count else { return false }
        let rows = zip(screen.dropLast(), before.dropLast()).filter { !$0.0.contains("▀") && !$0.1.contains("▀") }
        return rows.filter { !$0.0.isEmpty }.count >= 3 && rows.allSatisfy { $0.0 == $0.1 }
    }

    @Test func addingWhatHasSoldOutRollsBackWithAToast() async throws {
        let expected = try HomeExpectations(user: Self.user)
        let lowStock = try #require(try expected.products().first { $0.availability == "low_stock" })
        let cache = CacheDirectory()
        let tmux = try Self.start(["--faults", "sold_out"], cache: cache)
        defer { tmux.close() }
        #expect(try await expected.waitForHero(in: tmux, cache: cache) != nil, "\(tmux.picture)")
        try tmux.press("/")
        try tmux.type(lowStock.title)
        #expect(await tmux.waitUntil { screen in screen.contains { $0.contains(lowStock.title) && $0.contains("product") } }, "\(tmux.picture)")
        try tmux.press("Down", "Enter")
        #expect(await tmux.waitFor("Esc back"), "the product page\n\(tmux.picture)")
        #expect(await tmux.waitFor("Low stock"), "\(tmux.picture)")
        try tmux.press("a")
        #expect(await tmux.waitFor("\(lowStock.title) just sold out"), "the rollback toast, in a shopper's words\n\(tmux.picture)")
        #expect(await tmux.waitUntil { !$0.contains { $0.contains("in cart") || $0.contains("adding") } }, "the add rolled back\n\(tmux.picture)")
        #expect(!(tmux.screen().first?.contains("Cart 1") ?? true))
        #expect(tmux.screen().contains { $0.contains("Sold out") }, "the product is marked sold out\n\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains(lowStock.id) || $0.contains("409") || $0.contains("unavailable") }, "\(tmux.picture)")
        await Self.quit(tmux)
    }

    @Test func aRefreshThatFailsKeepsThePageAndSaysSo() async throws {
        let expected = try HomeExpectations(user: Self.user)
        let cache = CacheDirectory()
        var shown: String?
        do {
            let warm = try Self.start(cache: cache)
            defer { warm.close() }
            shown = try await expected.waitForHero(in: warm, cache: cache)
            #expect(shown != nil, "\(warm.picture)")
            await Self.quit(warm)
        }
        let hero = try #require(shown)
        let tmux = try Self.start(["--faults", "error=503"], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor(hero), "the saved copy, at once\n\(tmux.picture)")
        try tmux.press("r")
        #expect(await tmux.waitFor("Couldn't refresh"), "the refresh failure toast\n\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("503") || $0.contains("fault") }, "\(tmux.picture)")
        #expect(tmux.screen().contains { $0.contains(hero) }, "the page stays\n\(tmux.picture)")
        await Self.quit(tmux)
    }

    /// `vitrine` and `vitrine preview` without a terminal: exit 2 and a message that points
    /// at `vitrine render`.
    @Test(arguments: [[], ["preview", "Examples/home.json"]])
    func withoutATerminalItSaysSoAndPointsAtRender(arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TerminalSessionModeTests.executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("needs a terminal"))
        #expect(message.contains("vitrine render"))
    }
}

/// Impressions through the app, to a backend of the test's own (its stats are read after the
/// app has quit and sent what it tracked).
@Suite(.serialized) struct AppImpressionEndToEndTests {
    @Test func aCardSeenShorterThanItsDurationIsNoImpressionAndOneHeldIsExactlyOne() async throws {
        var configuration = HomeBackend.Configuration()
        configuration.operatorToken = "operator-token-of-the-tests"
        let backend = try HomeBackend(configuration: configuration)
        let server = try HTTPServer(handler: backend, configuration: .ephemeral)
        defer { server.stop() }
        let user = "e2e-impressions"
        // A returning shopper's home: the recommendations right below the hero.
        let expected = try HomeExpectations(user: user, backend: backend, segment: "returning")
        let home = try expected.page("/v1/home")
        let carousel = try #require(home["page"]?["sections"]?.arrayValue?.first { $0["id"]?.stringValue == "recommended" })
        let cards = try #require(carousel["widgets"]?.arrayValue)
        #expect(cards.count > 5)
        let card = cards[5]
        let title = try #require(HomeExpectations.text(card["data"]?["title"]))
        let item = try #require(card["tracking"]?["item_id"]?.stringValue)
        let first = try #require(cards[0]["tracking"]?["item_id"]?.stringValue)

        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try TmuxSession(
            [TerminalSessionModeTests.executable, "app", "--server", server.baseURL, "--user", user, "--segment", "returning", "--debug"], width: 160, height: 50,
            environment: ["TERM": "xterm-256color"].merging(cache.environment) { $1 })
        defer { tmux.close() }
        let origin = try #require(URL(string: server.baseURL).flatMap { BackendIdentity(origin: $0) })
        #expect(try await expected.waitForHero(in: tmux, cache: cache, backend: origin) != nil, "\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains(title) }, "the card starts off screen\n\(tmux.picture)")
        _ = try await AppEndToEndTests.press("j", in: tmux)

        // A flash: the card scrolls in, and out again as soon as it shows. The app runs on the
        // wall clock, so what a flash proves depends on how long it really lasted: on a loaded
        // machine the app may take longer than the duration to draw the keys back. Only a flash
        // the test saw end inside the duration may be asserted on (the rule itself is tested
        // with an injected clock in ImpressionTrackerTests).
        let flashBegan = Date()
        try tmux.press("l", "l", "l", "l", "l")
        #expect(await tmux.waitFor(title), "\(tmux.picture)")
        try tmux.press("h", "h", "h", "h", "h")
        #expect(await tmux.waitUntil { !$0.contains { $0.contains(title) } }, "\(tmux.picture)")
        let flashWasShort = Date().timeIntervalSince(flashBegan) < 0.45
        // The first card, back on screen after the flash, counts half a second later: by
        // then the flashed card would have counted had it qualified.
        #expect(await tmux.waitFor("item_id=\(first)"), "\(tmux.picture)")
        if flashWasShort {
            #expect(!tmux.screen().contains { $0.contains("item_id=\(item)") }, "no impression for a flash\n\(tmux.picture)")
        }

        // Held: exactly one.
        let held = Date()
        try tmux.press("l", "l", "l", "l", "l")
        #expect(await tmux.waitFor(title), "\(tmux.picture)")
        #expect(await tmux.waitFor("item_id=\(item)"), "\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)

        let stats = try JSONParser.parse(backend.respond(to: HTTPRequest(
            method: "GET", path: "/v1/events/stats", headers: ["authorization": "Bearer operator-token-of-the-tests"])).body)
        let impressions = (stats["recent"]?.arrayValue ?? []).filter { $0["name"]?.stringValue == "impression" && $0["item_id"]?.stringValue == item }
        #expect(impressions.count == 1, "\(impressions)")
        let event = try #require(impressions.first)
        for key in ["event_id", "name", "timestamp", "app_version", "request_id", "page_id", "section_id", "item_id", "position", "campaign_id", "experiment_id"] {
            #expect(event[key] != nil, "\(key) is missing from \(JSONWriter.string(for: event))")
        }
        #expect(event["page_id"]?.stringValue == "home")
        #expect(event["section_id"]?.stringValue == "recommended")
        #expect(event["position"]?.intValue == 5)
        // The backend's request id, which names the composition the card was drawn from.
        #expect(event["request_id"]?.stringValue.flatMap { CompositionRecord.id(inRequestID: $0) } != nil)
        let instant = try #require(event["timestamp"]?.stringValue.flatMap { RFC3339.date(from: $0) })
        if flashWasShort {
            #expect(instant.timeIntervalSince(held) > 0.4, "counted after it was held for its duration, not at the flash")
        }
    }
}
