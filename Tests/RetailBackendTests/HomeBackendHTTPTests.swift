import FlowCore
import Foundation
import Testing
import TestSupport
@testable import HTTPServer
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

    /// A session over HTTP: its token, and the headers that carry it.
    func session() throws -> (token: String, headers: [String: String]) {
        let reply = try send("POST", "/v1/sessions")
        #expect(reply.status == 201)
        #expect(reply.headers["cache-control"] == "no-store")
        let token = try #require(try JSONParser.parse(reply.body)["token"]?.stringValue)
        return (token, ["Authorization": "Bearer \(token)"])
    }

    @Test func concurrentCartChangesOverHTTP() async throws {
        let server = self.server
        let (token, headers) = try session()
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<24 {
                group.addTask {
                    let body = #"{"product_id":"p-1001","quantity":1}"#
                    let request = "POST /v1/cart/items HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: Bearer \(token)\r\n"
                        + "Idempotency-Key: key-\(index % 12)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                    // A blocking socket exchange: on a thread of its own, not the pool's.
                    return (try? await offThePool { try server.exchange(request)?.status }) ?? 0
                }
            }
            var all: [Int] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(statuses.allSatisfy { $0 == 200 })
        let cart = try JSONParser.parse(try send("GET", "/v1/cart", headers: headers).body)
        #expect(cart["revision"] == .integer(Cart.clock(clock.now) + 12))  // twelve distinct keys, each applied once
        #expect(cart[path: "items", 0, "quantity"] == 12)
    }

    @Test func badInputGetsJSONErrorsAndTheServerKeepsServing() throws {
        let (_, headers) = try session()
        #expect(try send("POST", "/v1/cart/items", headers: headers, body: "{nope").errorCode == "invalid_json")
        #expect(try send("POST", "/v1/cart/items", headers: headers, body: #"{"product_id":1}"#).errorCode == "invalid_body")
        let wrongMethod = try send("PUT", "/v1/home")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "GET, HEAD")
        #expect(try send("GET", "/v1/nothing").status == 404)
        #expect(try send("GET", "/v1/images/..%2F..%2Fetc%2Fpasswd").status == 404)
        #expect(try send("GET", "/v1/cart", headers: headers).status == 200)
    }

    @Test func imagesAndEventsOverHTTP() throws {
        let image = try send("GET", "/v1/images/cat-bags.png")
        #expect(image.status == 200)
        #expect(image.headers["content-type"] == "image/png")
        let events = #"{"events":[{"event_id":"h1","name":"tap"},{"event_id":"h1","name":"tap"}]}"#
        let answer = try JSONParser.parse(try send("POST", "/v1/events", headers: try session().headers, body: events).body)
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

    /// Naming a shopper identifies no one: `X-Vitrine-User` is ignored, whatever it holds.
    @Test func xVitrineUserIdentifiesNoOneOverHTTP() throws {
        let ana = try session()
        #expect(try send("POST", "/v1/cart/items", headers: ana.headers, body: #"{"product_id":"p-1001"}"#).status == 200)
        for named in ["ana", ana.token, "anonymous", "bad user", String(repeating: "u", count: 65)] {
            let reply = try send("GET", "/v1/cart", headers: ["X-Vitrine-User": named])
            #expect(reply.status == 401)
            #expect(reply.errorCode == "invalid_session")
            #expect(reply.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        }
        let bob = try session()
        let bobs = try JSONParser.parse(try send("GET", "/v1/cart", headers: bob.headers.merging(["X-Vitrine-User": "ana"]) { $1 }).body)
        #expect(bobs["item_count"] == 0)
        #expect(try send("GET", "/v1/home", headers: ["X-Vitrine-User": "bad user"]).status == 200)
    }

    /// A refused catalogue's problems (files and messages that may name campaigns not yet
    /// public) need the operator's token: a loopback peer, a request a proxy on the machine
    /// forwarded from the internet, and an in-process caller without the token are told the
    /// count only.
    @Test func aRefusedCatalogueShowsItsProblemsOnlyToTheOperatorOverHTTPAndInProcess() throws {
        let scratch = try ScratchDirectory("status-operator")
        let directory = scratch.file("catalogue")
        try FileManager.default.copyItem(at: DemoCatalogueTests.repository, to: directory)
        let backend = try makeBackend(clock: clock) { configuration in
            configuration.catalogue = .directory(directory)
            configuration.catalogue.pollInterval = nil
            configuration.trustedProxies = (try? TrustedProxies(addresses: ["127.0.0.1"])) ?? .none
        }
        let server = try HTTPServer(handler: backend)
        defer { server.stop() }
        let campaign = directory.appendingPathComponent("campaigns/cmp-winter.json")
        let text = try String(contentsOf: campaign, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"picks\"]", with: "\"pickz\"]").utf8).write(to: campaign)
        guard case .refused(let problems) = backend.reloadCatalogue() else {
            Issue.record("the broken catalogue was not refused")
            return
        }
        #expect(problems.count == 1)

        func status(_ headers: [String: String]) throws -> JSONValue? {
            var request = "GET /v1/status HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            let reply = try #require(try server.exchange(request + "\r\n"))
            #expect(reply.status == 200)
            return try JSONParser.parse(reply.body)[path: "catalogue", "problems"]
        }
        #expect(try status([:]) == 1, "a loopback peer is no one in particular")
        #expect(try status(["X-Forwarded-For": "203.0.113.9"]) == 1, "nor is the internet behind a proxy on the machine")
        #expect(try status(["Authorization": "Bearer \(operatorToken)x"]) == 1)
        #expect(try status(["Authorization": "Bearer \(operatorToken)"])?[path: 0, "file"] == "campaigns/cmp-winter.json")
        #expect(try status(["Authorization": "Bearer \(operatorToken)", "X-Forwarded-For": "203.0.113.9"])?.arrayValue?.count == 1)

        #expect(try parse(backend.respond(to: get("/v1/status")))[path: "catalogue", "problems"] == 1, "in-process, without the token")
        let told = try parse(backend.respond(to: get("/v1/status", headers: ["authorization": "Bearer \(operatorToken)"])))
        #expect(told[path: "catalogue", "problems", 0, "file"] == "campaigns/cmp-winter.json")
    }
}
