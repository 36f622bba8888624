import FlowCore
import Foundation
import Testing
@testable import HTTPServer
@testable import RetailBackend

/// Guest sessions over the real HTTP front: who a request is comes from its bearer token alone,
/// and a token that is missing, malformed, unknown, altered or expired is a 401 that changes
/// nothing.
@Suite struct SessionTests {
    let clock = TestClock()

    /// A backend on `clock` behind libmicrohttpd on an ephemeral port.
    struct Live {
        let backend: HomeBackend
        let server: HTTPServer

        init(clock: TestClock, configure: (inout HomeBackend.Configuration) -> Void = { _ in }) throws {
            backend = try makeBackend(clock: clock, configure: configure)
            server = try HTTPServer(handler: backend)
        }

        func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: String? = nil) throws -> RawHTTPReply {
            var request = "\(method) \(target) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            if let body {
                request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            } else {
                request += "\r\n"
            }
            return try #require(try server.exchange(request))
        }

        /// A new session: its token and shopper id.
        func session() throws -> (token: String, shopper: String) {
            let reply = try send("POST", "/v1/sessions")
            try #require(reply.status == 201)
            let body = try JSONParser.parse(reply.body)
            return (try #require(body["token"]?.stringValue), try #require(body["shopper_id"]?.stringValue))
        }

        func cart(_ token: String) throws -> JSONValue {
            try JSONParser.parse(try send("GET", "/v1/cart", headers: [("Authorization", "Bearer \(token)")]).body)
        }

        func add(_ token: String, key: String? = nil) throws -> RawHTTPReply {
            var headers = [("Authorization", "Bearer \(token)")]
            if let key { headers.append(("Idempotency-Key", key)) }
            return try send("POST", "/v1/cart/items", headers: headers, body: #"{"product_id":"p-1001"}"#)
        }
    }

    @Test func aNewSessionIsARandomTokenAndANewShopperNotToBeCached() throws {
        let live = try Live(clock: clock)
        let reply = try live.send("POST", "/v1/sessions")
        #expect(reply.status == 201)
        #expect(reply.headers["cache-control"] == "no-store")
        let first = try live.session()
        let second = try live.session()
        for session in [first, second] {
            let token = Array(session.token.utf8)
            #expect(token.count == 4 + 43, "vt1. and 256 bits in base64url")
            #expect(session.token.hasPrefix("vt1."))
            #expect(token.dropFirst(4).allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0)
                || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
            #expect(session.shopper.utf8.count == 4 + 32 && session.shopper.hasPrefix("shp_"))
        }
        #expect(first.token != second.token)
        #expect(first.shopper != second.shopper)
        #expect(try live.cart(first.token)["cart_id"] != live.cart(second.token)["cart_id"])
    }

    @Test func everyShopperRouteRefusesARequestWithoutAValidSessionAndChangesNothing() throws {
        let live = try Live(clock: clock)
        let ana = try live.session()
        #expect(try live.add(ana.token).status == 200)
        var altered = Array(ana.token.utf8)
        altered[10] = altered[10] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let unknown = "vt1." + String(repeating: "A", count: 43)
        let authorizations: [String?] = [
            nil, "", "Bearer", "Bearer ", "Basic \(ana.token)", "Bearer \(String(decoding: altered, as: UTF8.self))",
            "Bearer \(unknown)", "Bearer \(ana.token) extra", "Bearer \(ana.token)%", "Bearer " + String(repeating: "A", count: 300),
            "Bearer \(ana.shopper)",
        ]
        let routes: [(String, String, String?)] = [
            ("GET", "/v1/cart", nil), ("POST", "/v1/cart/items", #"{"product_id":"p-1001"}"#),
            ("PUT", "/v1/cart/items/p-1001", #"{"quantity":5}"#), ("DELETE", "/v1/cart/items/p-1001", nil),
            ("POST", "/v1/events", #"{"events":[{"event_id":"e1","name":"tap"}]}"#),
        ]
        for (method, path, body) in routes {
            for authorization in authorizations {
                let headers = authorization.map { [("Authorization", $0), ("X-Vitrine-User", "ana")] } ?? [("X-Vitrine-User", "ana")]
                let reply = try live.send(method, path, headers: headers, body: body)
                #expect(reply.status == 401, "\(method) \(path) with \(authorization ?? "none")")
                #expect(reply.errorCode == "invalid_session")
                #expect(reply.headers["www-authenticate"]?.hasPrefix("Bearer realm=") == true)
                #expect(!reply.bodyText.contains(ana.token), "an answer never repeats a token")
            }
        }
        // The header sent twice arrives joined, and is malformed.
        let twice = "GET /v1/cart HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: Bearer \(ana.token)\r\nAuthorization: Bearer \(ana.token)\r\n\r\n"
        #expect(try live.server.exchange(twice)?.status == 401)
        let cart = try live.cart(ana.token)
        #expect(cart["item_count"] == 1)
        #expect(try eventStats(live.backend)["accepted"] == 0)
    }

    @Test func theSchemeIsCaseInsensitiveAndTheTokenExact() throws {
        let live = try Live(clock: clock)
        let ana = try live.session()
        #expect(try live.send("GET", "/v1/cart", headers: [("Authorization", "bEaReR \(ana.token)")]).status == 200)
        // Base64url is case-sensitive: the same letters in another case are another token.
        #expect(try live.send("GET", "/v1/cart", headers: [("Authorization", "Bearer \(ana.token.uppercased())")]).status == 401)
    }

    @Test func trailingSpacesAndTabsAfterTheTokenAreNoPartOfIt() throws {
        // RFC 9110 §5.5: trailing whitespace is not part of a field value; libmicrohttpd keeps it.
        let live = try Live(clock: clock)
        let ana = try live.session()
        for padding in [" ", "\t", " \t  "] {
            let request = "GET /v1/cart HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: Bearer \(ana.token)\(padding)\r\n\r\n"
            #expect(try live.server.exchange(request)?.status == 200, "padding \(Array(padding.utf8))")
        }
        let inside = "GET /v1/cart HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: Bearer \(ana.token) x\r\n\r\n"
        #expect(try live.server.exchange(inside)?.status == 401, "a space inside the value is still malformed")
    }

    @Test func anotherShoppersSessionSeesAndChangesOnlyItsOwnCart() throws {
        let live = try Live(clock: clock)
        let ana = try live.session()
        let bob = try live.session()
        let anas = try JSONParser.parse(try live.add(ana.token, key: "k-1").body)
        #expect(anas["item_count"] == 1)
        // Bob names Ana every way the old API allowed, and still gets his own, empty cart.
        let bobs = try JSONParser.parse(try live.send("GET", "/v1/cart", headers: [
            ("Authorization", "Bearer \(bob.token)"), ("X-Vitrine-User", "ana"), ("X-Vitrine-User", ana.shopper),
        ]).body)
        #expect(bobs["item_count"] == 0)
        #expect(bobs["cart_id"] != anas["cart_id"])
        // His DELETE empties nothing of hers; his retry under her key is his own change.
        #expect(try live.send("DELETE", "/v1/cart/items/p-1001", headers: [("Authorization", "Bearer \(bob.token)")]).status == 200)
        let bobsAdd = try JSONParser.parse(try live.add(bob.token, key: "k-1").body)
        #expect(bobsAdd["cart_id"] == bobs["cart_id"])
        #expect(try live.cart(ana.token)["item_count"] == 1)
        #expect(try live.cart(bob.token)["item_count"] == 1)
    }

    @Test func aSessionExpiresUnusedAndIsRenewedByUse() throws {
        let live = try Live(clock: clock) {
            $0.sessionLifetime = 3_600
            $0.sessionRenewalInterval = 600
        }
        let used = try live.session()
        let idle = try live.session()
        clock.advance(seconds: 3_000)
        #expect(try live.add(used.token).status == 200)  // renewed: 3,000 s past its last renewal
        clock.advance(seconds: 600)  // the idle one's hour is over
        let expired = try live.send("GET", "/v1/cart", headers: [("Authorization", "Bearer \(idle.token)")])
        #expect(expired.status == 401)
        #expect(expired.errorCode == "invalid_session")
        #expect(try live.cart(used.token)["item_count"] == 1)  // renewed again: 600 s since the last
        clock.advance(seconds: 3_600)  // the used one's renewed hour is over too
        #expect(try live.send("GET", "/v1/cart", headers: [("Authorization", "Bearer \(used.token)")]).status == 401)
    }

    @Test func eventStatsAreOffWithoutAnOperatorTokenAndNeedItOtherwise() throws {
        let off = try Live(clock: clock) { $0.operatorToken = nil }
        #expect(try off.send("GET", "/v1/events/stats").status == 404)
        #expect(try off.send("GET", "/v1/events/stats", headers: [("Authorization", "Bearer \(operatorToken)")]).status == 404)
        let on = try Live(clock: clock)
        let ana = try on.session()
        for authorization in [nil, "Bearer \(ana.token)", "Bearer \(operatorToken)x", "Bearer \(operatorToken.dropLast())"] {
            let reply = try on.send("GET", "/v1/events/stats", headers: authorization.map { [("Authorization", $0)] } ?? [])
            #expect(reply.status == 401)
            #expect(reply.errorCode == "invalid_operator_token")
        }
        #expect(try on.send("GET", "/v1/events/stats", headers: [("Authorization", "Bearer \(operatorToken)")]).status == 200)
        #expect(HomeBackend.isValidOperatorToken(operatorToken))
        #expect(!HomeBackend.isValidOperatorToken("short"))
        #expect(!HomeBackend.isValidOperatorToken("sixteen chars ok but spaced"))
        #expect(!HomeBackend.isValidOperatorToken(operatorToken + " "), "a trailing space, which a header would lose")
    }

    @Test func anEventIDCountsOncePerShopper() throws {
        let live = try Live(clock: clock)
        let ana = try live.session()
        let bob = try live.session()
        let batch = #"{"events":[{"event_id":"e-1","name":"tap"},{"event_id":"e-1","name":"tap"}]}"#
        let first = try live.send("POST", "/v1/events", headers: [("Authorization", "Bearer \(ana.token)")], body: batch)
        #expect(try JSONParser.parse(first.body) == ["accepted": 1, "duplicates": 1])
        let again = try live.send("POST", "/v1/events", headers: [("Authorization", "Bearer \(ana.token)")], body: batch)
        #expect(try JSONParser.parse(again.body) == ["accepted": 0, "duplicates": 2])
        let bobs = try live.send("POST", "/v1/events", headers: [("Authorization", "Bearer \(bob.token)")], body: batch)
        #expect(try JSONParser.parse(bobs.body) == ["accepted": 1, "duplicates": 1])
    }
}
