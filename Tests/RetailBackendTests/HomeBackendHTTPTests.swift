import FlowCore
import Foundation
import Testing
@testable import RetailBackend

/// The backend behind the real libmicrohttpd front on an ephemeral loopback port.
@Suite struct HomeBackendHTTPTests {
    let clock = TestClock()
    let backend: HomeBackend
    let server: HTTPServer

    init() throws {
        backend = try makeBackend(clock: clock)
        server = try HTTPServer(handler: backend)
    }

    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil) throws -> RawHTTPReply {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if let body {
            request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        } else {
            request += "\r\n"
        }
        return try #require(try server.exchange(request))
    }

    @Test func composesPerContextAndPaginatesToTheEnd() throws {
        var cursor: String?
        var sections: [JSONValue] = []
        repeat {
            let reply = try send("GET", "/v1/home?locale=fr-FR&userSegment=vip&appVersion=1.0" + (cursor.map { "&cursor=\($0)" } ?? ""))
            #expect(reply.status == 200)
            let page = try JSONParser.parse(reply.body)
            sections += page[path: "page", "sections"]?.arrayValue ?? []
            cursor = page[path: "page", "pagination", "postback", "cursor"]?.stringValue
        } while cursor != nil
        #expect(sections.first?["id"] == "hero")
        #expect(sections.flatMap(\.allObjects).allSatisfy { $0["requires"] == nil })  // nothing a 1.0 app fails
        #expect(sections.flatMap(\.allObjects).compactMap { $0[path: "price", "currency"] }.allSatisfy { $0 == "EUR" })
    }

    @Test func etagAndIfNoneMatchGive304() throws {
        let first = try send("GET", "/v1/pages/category%3Ashoes")
        #expect(first.status == 200)
        let etag = try #require(first.headers["etag"])
        #expect(first.headers["cache-control"] == "max-age=60")
        let second = try send("GET", "/v1/pages/category%3Ashoes", headers: ["If-None-Match": etag])
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
    }

    @Test func concurrentCartChangesOverHTTP() async throws {
        let server = self.server
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<24 {
                group.addTask {
                    let body = #"{"product_id":"p-1001","quantity":1}"#
                    let request = "POST /v1/cart/items HTTP/1.1\r\nHost: t\r\nConnection: close\r\nX-Vitrine-User: http\r\n"
                        + "Idempotency-Key: key-\(index % 12)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                    return (try? server.exchange(request))?.status ?? 0
                }
            }
            var all: [Int] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(statuses.allSatisfy { $0 == 200 })
        let cart = try JSONParser.parse(try send("GET", "/v1/cart", headers: ["X-Vitrine-User": "http"]).body)
        #expect(cart["revision"] == .integer(Cart.clock(clock.now) + 12))  // twelve distinct keys, each applied once
        #expect(cart[path: "items", 0, "quantity"] == 12)
    }

    @Test func badInputGetsJSONErrorsAndTheServerKeepsServing() throws {
        #expect(try send("POST", "/v1/cart/items", body: "{nope").errorCode == "invalid_json")
        #expect(try send("POST", "/v1/cart/items", body: #"{"product_id":1}"#).errorCode == "invalid_body")
        let wrongMethod = try send("PUT", "/v1/home")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "GET, HEAD")
        #expect(try send("GET", "/v1/nothing").status == 404)
        #expect(try send("GET", "/v1/images/..%2F..%2Fetc%2Fpasswd").status == 404)
        #expect(try send("GET", "/v1/cart").status == 200)
    }

    @Test func imagesAndEventsOverHTTP() throws {
        let image = try send("GET", "/v1/images/cat-bags.png")
        #expect(image.status == 200)
        #expect(image.headers["content-type"] == "image/png")
        let events = #"{"events":[{"event_id":"h1","name":"tap"},{"event_id":"h1","name":"tap"}]}"#
        let answer = try JSONParser.parse(try send("POST", "/v1/events", body: events).body)
        #expect(answer == ["accepted": 1, "duplicates": 1])
    }

    @Test func campaignWindowsFollowTheInjectedClockOverHTTP() throws {
        #expect(try send("GET", "/v1/pages/campaign:cmp-flash").status == 200)
        #expect(try send("GET", "/v1/pages/campaign:cmp-spring").status == 404)
        clock.set(hoursAfterAnchor: 721)  // flash over, spring started
        #expect(try send("GET", "/v1/pages/campaign:cmp-flash").status == 404)
        #expect(try send("GET", "/v1/pages/campaign:cmp-spring").status == 200)
    }

    @Test func searchRankingOverHTTP() throws {
        let reply = try send("GET", "/v1/search/suggestions?q=M%C3%A4ntel&locale=de-DE")
        let answer = try JSONParser.parse(reply.body)
        #expect(answer["query"] == "Mäntel")
        #expect(answer[path: "suggestions", 0, "target"] == "category:coats")
        #expect(try JSONParser.parse(try send("GET", "/v1/search/suggestions?q=m").body)["suggestions"] == [])
    }

    @Test func xVitrineUserMustMatchItsPatternOverHTTP() throws {
        #expect(try send("GET", "/v1/cart", headers: ["X-Vitrine-User": "ana.b_c-1"]).status == 200)
        #expect(try send("GET", "/v1/cart", headers: ["X-Vitrine-User": String(repeating: "u", count: 64)]).status == 200)
        for bad in [String(repeating: "u", count: 65), String(repeating: "u", count: 31_000), "ana b", "caf\u{E9}", "a/b", "a,b"] {
            let reply = try send("GET", "/v1/cart", headers: ["X-Vitrine-User": bad])
            #expect(reply.status == 400)
            #expect(reply.errorCode == "invalid_user")
        }
        let twice = "GET /v1/cart HTTP/1.1\r\nHost: t\r\nConnection: close\r\nX-Vitrine-User: a\r\nX-Vitrine-User: b\r\n\r\n"
        #expect(try server.exchange(twice)?.status == 400)
        #expect(try server.exchange("GET /v1/home HTTP/1.1\r\nHost: t\r\nConnection: close\r\nX-Vitrine-User:\r\n\r\n")?.status == 400)
        #expect(try send("POST", "/v1/cart/items", headers: ["X-Vitrine-User": "bad user"], body: #"{"product_id":"p-1001"}"#).status == 400)
    }
}
