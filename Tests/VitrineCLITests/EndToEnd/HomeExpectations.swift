import FlowCore
import Foundation
import RetailBackend

/// What the app should show, asked of a backend of the test's own in the same way the app
/// asks (same user, locale, segment, version): hero titles, section titles, products.
struct HomeExpectations {
    let backend: HomeBackend
    let user: String
    let locale: String

    init(user: String, backend: HomeBackend? = nil, locale: String = "en-US") throws {
        self.backend = try backend ?? HomeBackend()
        self.user = user
        self.locale = locale
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func page(_ path: String, cursor: String? = nil, query extra: [(String, String)] = []) throws -> JSONValue {
        var query = [("locale", locale), ("appVersion", "2.6.0"), ("userSegment", "returning")] + extra
        if let cursor { query.append(("cursor", cursor)) }
        let response = backend.respond(to: HTTPRequest(
            method: "GET", path: path, query: query.map { (name: $0.0, value: $0.1) }, headers: ["x-vitrine-user": user]))
        guard response.status == 200 else { throw Failure(description: "\(path) answered \(response.status)") }
        return try JSONParser.parse(response.body)
    }

    /// Every page of the home page, following its cursors.
    func homePages() throws -> [JSONValue] {
        var pages = [try page("/v1/home")]
        while let cursor = pages.last?["page"]?["pagination"]?["postback"]?["cursor"]?.stringValue, pages.count < 20 {
            pages.append(try page("/v1/home", cursor: cursor))
        }
        return pages
    }

    static func text(_ value: JSONValue?) -> String? {
        value?.stringValue ?? value?["text"]?.stringValue
    }

    /// The first section's first widget's title (the hero).
    func heroTitle() throws -> String {
        let hero = try page("/v1/home")["page"]?["sections"]?[0]?["widgets"]?[0]?["data"]?["title"]
        guard let title = Self.text(hero) else { throw Failure(description: "no hero title") }
        return title
    }

    /// Section header titles in order, over every page.
    func sectionTitles() throws -> [String] {
        try homePages().flatMap { page in
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
