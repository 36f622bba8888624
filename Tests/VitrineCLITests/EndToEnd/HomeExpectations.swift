import FlowCore
import Foundation
import HTTPServer
import RetailBackend
import RetailKit
import RetailPresentation

/// What the app should show, asked of a backend of the test's own in the same way the app
/// asks (same locale, segment and version): hero titles, section titles, products. The hero
/// depends on the shopper's session (the experiment's unit), which the app makes when it
/// starts: `waitForHero` waits for either variant's hero, then checks it is the one of the
/// session the app keeps in its profile.
struct HomeExpectations {
    let backend: HomeBackend
    let user: String
    let locale: String
    /// The app's segment: `new` on a first visit (no `--segment`).
    let segment: String

    init(user: String, backend: HomeBackend? = nil, locale: String = "en-US", segment: String = "new") throws {
        self.backend = try backend ?? HomeBackend()
        self.user = user
        self.locale = locale
        self.segment = segment
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A page as a client with `token` (none: the segment's variant) gets it.
    func page(_ path: String, cursor: String? = nil, query extra: [(String, String)] = [], token: String? = nil) throws -> JSONValue {
        var query = [("locale", locale), ("appVersion", "2.6.0"), ("userSegment", segment)] + extra
        if let cursor { query.append(("cursor", cursor)) }
        let response = backend.respond(to: HTTPRequest(
            method: "GET", path: path, query: query.map { (name: $0.0, value: $0.1) },
            headers: token.map { ["authorization": "Bearer \($0)"] } ?? [:]))
        guard response.status == 200 else { throw Failure(description: "\(path) answered \(response.status)") }
        return try JSONParser.parse(response.body)
    }

    /// Every page of the home page, following its cursors.
    func homePages(token: String? = nil) throws -> [JSONValue] {
        var pages = [try page("/v1/home", token: token)]
        while let cursor = pages.last?["page"]?["pagination"]?["postback"]?["cursor"]?.stringValue, pages.count < 20 {
            pages.append(try page("/v1/home", cursor: cursor, token: token))
        }
        return pages
    }

    static func text(_ value: JSONValue?) -> String? {
        value?.stringValue ?? value?["text"]?.stringValue
    }

    /// The first section's first widget's title (the hero) for a session's token.
    func heroTitle(token: String?) throws -> String {
        let hero = try page("/v1/home", token: token)["page"]?["sections"]?[0]?["widgets"]?[0]?["data"]?["title"]
        guard let title = Self.text(hero) else { throw Failure(description: "no hero title") }
        return title
    }

    /// The hero of each variant of the experiment (tokens are tried until both came up).
    func heroTitles() throws -> Set<String> {
        var titles: Set<String> = []
        var variants: Set<String> = []
        for probe in 0..<64 where variants.count < 2 {
            let home = try page("/v1/home", token: "probe-\(probe)")
            if let variant = home["page"]?["experiments"]?[0]?["variant"]?.stringValue, variants.insert(variant).inserted,
                let title = Self.text(home["page"]?["sections"]?[0]?["widgets"]?[0]?["data"]?["title"])
            {
                titles.insert(title)
            }
        }
        return titles
    }

    /// The token of the session the app keeps for `backend` in its profile (in the data
    /// directory beside `cache`), once it made one.
    func sessionToken(cache: AppEndToEndTests.CacheDirectory, backend identity: BackendIdentity = .embedded) -> String? {
        let file = cache.url.appendingPathComponent("data/vitrine/users/u-\(user)/\(identity.directoryName)/session.json")
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return (try? JSONParser.parse(data))?["token"]?.stringValue
    }

    /// Waits for the home page's hero: either variant's, then the one of the app's session
    /// (the app makes its session before its first page). Returns the title shown, or nil.
    func waitForHero(in tmux: TmuxSession, cache: AppEndToEndTests.CacheDirectory, backend identity: BackendIdentity = .embedded,
                     seconds: Double = 15) async throws -> String? {
        let titles = try heroTitles()
        guard await tmux.waitUntil(seconds: seconds, { screen in titles.contains { title in screen.contains { $0.contains(title) } } }) else {
            return nil
        }
        let mine = try heroTitle(token: sessionToken(cache: cache, backend: identity))
        return await tmux.waitFor(mine, seconds: 3) ? mine : nil
    }

    /// Section header titles in order, over every page.
    func sectionTitles(token: String? = nil) throws -> [String] {
        try homePages(token: token).flatMap { page in
            (page["page"]?["sections"]?.arrayValue ?? []).compactMap { Self.text($0["header"]?["data"]?["title"]) }
        }
    }

    /// Product cards of the home page's carousels: title, product id, availability, section.
    func products() throws -> [(title: String, id: String, availability: String, section: String)] {
        try homePages().flatMap { page in
            (page["page"]?["sections"]?.arrayValue ?? []).flatMap { section in
                (section["widgets"]?.arrayValue ?? []).compactMap { widget in
                    guard widget["type"]?.stringValue == "product_card", let data = widget["data"],
                        let title = Self.text(data["title"]), let id = data["product_id"]?.stringValue,
                        let availability = data["availability"]?.stringValue
                    else { return nil }
                    return (title, id, availability, section["id"]?.stringValue ?? "")
                }
            }
        }
    }
}

extension JSONValue {
    subscript(index: Int) -> JSONValue? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }
}
