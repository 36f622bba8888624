import Foundation
import Testing
import TestSupport

/// The app against backends written by the test (`CraftedServer`): numbers at the edge of
/// their type, a page cached from another server, a `has_more` that never brings anything.
@Suite(.serialized) struct HostileBackendEndToEndTests {
    /// A backend on `address` that serves one home page (`title` in its nav bar and body, and
    /// a banner of `image`, a path on its origin, when given), grants a session, answers the
    /// cart with `cart`, accepts events, answers a next page (`cursor=`) with `nextPage`, and
    /// answers an image with bytes that are no image and a cookie.
    static func backend(title: String, ttl: Int = 60, hasMore: Bool = false, cart: String = #"{"cart_id": "c", "revision": 1, "items": []}"#,
                        nextPage: String? = nil, image: String? = nil, address: CraftedServer.Address = .ipv4Loopback) throws -> CraftedServer {
        let pagination = hasMore ? #", "pagination": {"has_more": true, "postback": {"cursor": "2"}}"# : ""
        let banner = image.map { #", {"type": "banner", "id": "b", "data": {"image": {"url": "\#($0)", "alt": "A banner"}, "title": "Banner"}}"# } ?? ""
        let home = #"""
            {"page": {"id": "home", "request_id": "req-\#(title)", "ttl": \#(ttl), "nav": {"title": "\#(title)"},
             "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "t", "data": {"title": "From \#(title)"}}\#(banner)]}]\#(pagination)}}
            """#
        return try CraftedServer(address: address) { request in
            switch request.path {
            case "/v1/home" where request.target.contains("cursor="):
                return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data((nextPage ?? home).utf8))
            case "/v1/home":
                return .respond(status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "max-age=\(ttl)", "ETag": "\"\(title)\""],
                                body: Data(home.utf8))
            case "/v1/sessions":
                return .respond(status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"token": "vt1.crafted", "shopper_id": "shp_crafted"}"#.utf8))
            case "/v1/cart":
                return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(cart.utf8))
            case let path where path.hasPrefix("/images/"):
                return .respond(status: 200, headers: ["Content-Type": "image/png", "Set-Cookie": "tracker=e2e; Path=/; Max-Age=86400"],
                                body: Data("no image".utf8))
            case "/v1/events":
                return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"accepted": 0, "duplicates": 0}"#.utf8))
            default:
                return .respond(status: 404, body: Data(#"{"error": {"code": "not_found", "message": "no such thing"}}"#.utf8))
            }
        }
    }

    static func start(_ server: CraftedServer, cache: AppEndToEndTests.CacheDirectory) throws -> TmuxSession {
        try TmuxSession([TerminalSessionModeTests.executable, "app", "--server", server.baseURL, "--user", "e2e-hostile"], width: 80, height: 24,
                        environment: ["TERM": "xterm-256color", "NO_COLOR": "1"].merging(cache.environment) { $1 })
    }

    /// `--server http://[::1]:PORT` showed "no connection to the server" (Linux's URLSession
    /// refused IPv6 literal URLs), and an image host's cookie was kept in a shared cookie jar
    /// under the home directory (0644). Over IPv6 now, the home page shows, its image is asked
    /// without any credential, and nothing is written outside the cache directory and the data
    /// directory (which holds the guest session, and nothing else).
    @Test func anIPv6BackendServesTheHomeAndItsImagesAndNoCookieIsKept() async throws {
        let server = try Self.backend(title: "Over IPv6", image: "/images/b-1.png", address: .ipv6Loopback)
        defer { server.stop() }
        #expect(server.baseURL.hasPrefix("http://[::1]:"))
        let cache = AppEndToEndTests.CacheDirectory()
        let home = cache.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let tmux = try TmuxSession(
            [TerminalSessionModeTests.executable, "app", "--server", server.baseURL, "--user", "e2e-hostile"], width: 80, height: 24,
            environment: ["TERM": "xterm-256color", "XDG_CACHE_HOME": cache.url.appendingPathComponent("cache").path,
                          "XDG_DATA_HOME": cache.url.appendingPathComponent("data").path, "HOME": home.path])
        defer { tmux.close() }
        #expect(await tmux.waitFor("From Over IPv6"), "\(tmux.picture)")
        #expect(await server.waitFor(.requested(method: "GET", target: "/images/b-1.png")), "\(server.requests.map(\.target))")
        let image = try #require(server.requests.first { $0.path == "/images/b-1.png" })
        #expect(image.headers["x-vitrine-user"] == nil && image.headers["authorization"] == nil, "images carry nothing of the shopper")
        await AppEndToEndTests.quit(tmux)
        let written = FileManager.default.enumerator(atPath: home.path).map { $0.compactMap { $0 as? String } } ?? []
        #expect(written.isEmpty, "written under HOME: \(written)")
        let data = cache.url.appendingPathComponent("data")
        let files = (FileManager.default.enumerator(atPath: data.path).map { $0.compactMap { $0 as? String } } ?? [])
            .filter { !((try? data.appendingPathComponent($0).resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false) }
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["session.json"], "the data directory holds the session only: \(files)")
    }

    /// Quantities near `Int.max` overflowed the badge's sum: an overflow trap, exit 132.
    @Test func aCartOfQuantitiesNearIntMaxCrashesNothing() async throws {
        let huge = 4_611_686_018_427_387_904  // 2^62: two such lines summed to 2^63
        let cart = #"{"cart_id": "c", "revision": 1, "item_count": 1, "items": [{"product_id": "p-1", "title": "Huge", "quantity": \#(huge)}, {"product_id": "p-2", "title": "Huge too", "quantity": \#(huge)}]}"#
        let server = try Self.backend(title: "Edge", cart: cart)
        defer { server.stop() }
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(server, cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("From Edge"), "\(tmux.picture)")
        #expect(await server.waitFor(.requested(method: "GET", target: "/v1/cart?locale=en-US")), "\(server.requests.map { "\($0.method) \($0.target)" })")
        let asked = server.requests.filter { $0.path == "/v1/cart" }.count
        _ = try await AppEndToEndTests.press("c", in: tmux)
        #expect(await tmux.waitFor("Your cart couldn't be loaded just now."), "the app is still there and says so\n\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("4611686018427387904") }, "\(tmux.picture)")
        #expect(await server.waitFor(.requested(method: "GET", target: "/v1/cart?locale=en-US")))
        #expect(server.requests.filter { $0.path == "/v1/cart" }.count > asked, "opening the sheet asks again")
        _ = try await AppEndToEndTests.press("Escape", in: tmux)
        await AppEndToEndTests.quit(tmux)
    }

    /// A page cached from one server (a week's `ttl`) was shown as another server's home, and
    /// that server was never asked.
    @Test func aPageCachedFromOneBackendIsNeverShownAsAnothers() async throws {
        let first = try Self.backend(title: "Backend A", ttl: 604_800)
        defer { first.stop() }
        let second = try Self.backend(title: "Backend B", ttl: 604_800)
        defer { second.stop() }
        let cache = AppEndToEndTests.CacheDirectory()
        do {
            let tmux = try Self.start(first, cache: cache)
            defer { tmux.close() }
            #expect(await tmux.waitFor("From Backend A"), "\(tmux.picture)")
            await AppEndToEndTests.quit(tmux)
        }
        let tmux = try Self.start(second, cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("From Backend B"), "\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("Backend A") }, "\(tmux.picture)")
        #expect(second.requests.contains { $0.path == "/v1/home" }, "the second server is asked for its home page")
        await AppEndToEndTests.quit(tmux)
    }

    /// A backend that answers `has_more: true` with nothing new was asked about 23 times a
    /// second with no key pressed; with sections of widgets the app does not show (unknown,
    /// expired, too new for it), about 50 times a second.
    @Test(arguments: [
        "[]",
        #"[{"id": "u", "widgets": [{"type": "hologram", "id": "h"}]}]"#,
        #"[{"id": "e", "widgets": [{"type": "title_block", "id": "t", "data": {"title": "Gone"}, "expires_at": "2000-01-01T00:00:00Z"}]}]"#,
        #"[{"id": "i", "widgets": [{"type": "title_block", "id": "t", "data": {"title": "Later"}, "requires": {"min_app_version": "99"}}]}]"#,
    ])
    func aNextPageThatShowsNothingIsAskedAFewTimesThenTheEndSaysSo(sections: String) async throws {
        let empty = #"{"page": {"id": "home", "request_id": "req-next", "sections": \#(sections), "pagination": {"has_more": true, "postback": {"cursor": "2"}}}}"#
        let server = try Self.backend(title: "Endless", hasMore: true, nextPage: empty)
        defer { server.stop() }
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(server, cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("From Endless"), "\(tmux.picture)")
        #expect(await tmux.waitFor("Nothing more to show right now."), "\(tmux.picture)")
        let asked = server.requests.filter { $0.target.contains("cursor=") }.count
        #expect(asked == 3, "three next pages showing nothing, then no more: \(asked)")
        await AppEndToEndTests.quit(tmux)
        #expect(server.requests.filter { $0.target.contains("cursor=") }.count == 3)
    }

    /// A section stayed 7 s past its `expires_at` while no countdown showed. It now leaves the
    /// screen when it expires, with no key pressed.
    @Test func aSectionExpiresOnScreenWithNoKeyPressed() async throws {
        let server = try CraftedServer { request in
            guard request.path == "/v1/home" else { return .respond(status: 404) }
            // Composed as asked: the flash section ends two seconds after this answer.
            let ends = RFC3339Text.string(from: Date().addingTimeInterval(2))
            let page = #"{"page": {"id": "home", "request_id": "req-expiry", "sections": [{"id": "flash", "expires_at": "\#(ends)", "widgets": [{"type": "title_block", "id": "deal", "data": {"title": "Flash deal"}}]}, {"id": "rest", "widgets": [{"type": "title_block", "id": "stays", "data": {"title": "Always here"}}]}]}}"#
            return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(page.utf8))
        }
        defer { server.stop() }
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(server, cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("Flash deal"), "\(tmux.picture)")
        #expect(await tmux.waitUntil(seconds: 10) { !$0.contains { $0.contains("Flash deal") } }, "gone once expired\n\(tmux.picture)")
        #expect(tmux.screen().contains { $0.contains("Always here") }, "\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }
}

/// RFC 3339 instants for pages the tests compose.
enum RFC3339Text {
    static func string(from date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
