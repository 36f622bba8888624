import HTTPServer
import Synchronization
import Testing

/// The route table: matching on percent-decoded segments as bytes, 404 and 405, and groups
/// whose `prepare` step makes what their handlers receive.
@Suite struct HTTPRouterTests {
    /// A table whose handlers answer what they were given: `name captures…`.
    static let router: HTTPRouter<String, String> = {
        var router = HTTPRouter<String, String>()
        router.group { api in
            api.get(HTTPPathPattern("/v1/home")) { input, _, answer in answer("home \(input)") }
            api.get(HTTPPathPattern("/v1/pages").capturing()) { _, captures, answer in answer("page \(captures.last)") }
            api.get(HTTPPathPattern("/v1/pages/special")) { _, _, answer in answer("special") }
            api.get(HTTPPathPattern("/v1/café")) { _, _, answer in answer("café") }
            api.on(["PUT", "DELETE"], HTTPPathPattern("/v1/items").capturing()) { _, captures, answer in answer("item \(captures[0])") }
            api.get(HTTPPathPattern(segments: [.capture, .literal(Array("of".utf8)), .capture])) { _, captures, answer in
                answer("pair \(captures.values.joined(separator: ","))")
            }
        }
        // Handlers of this group get the input upper-cased; "nobody" is refused by the group.
        router.group(prepare: { (input: String, proceed: @escaping @Sendable (String) -> Void, answer: @escaping @Sendable (String) -> Void) in
            input == "nobody" ? answer("refused") : proceed(input.uppercased())
        }) { shopper in
            shopper.get(HTTPPathPattern("/v1/cart")) { prepared, _, answer in answer("cart \(prepared)") }
            shopper.post(HTTPPathPattern("/v1/items")) { prepared, _, answer in answer("add \(prepared)") }
        }
        return router
    }()

    /// The answer to `method path` for `input`, or how the table refused it.
    static func answer(_ method: String, _ path: String, input: String = "ana") -> String {
        switch router.resolve(method: method, path: path) {
        case .notFound: return "404"
        case .methodNotAllowed(_, let allowed): return "405 \(allowed.joined(separator: ", "))"
        case .found(let route):
            let answer = Mutex<String?>(nil)
            route.run(input) { text in answer.withLock { $0 = text } }
            return answer.withLock { $0 } ?? "no answer"
        }
    }

    @Test func literalPathsAndCapturesMatch() {
        #expect(Self.answer("GET", "/v1/home") == "home ana")
        #expect(Self.answer("HEAD", "/v1/home") == "home ana", "get answers HEAD too")
        #expect(Self.answer("GET", "/v1/pages/campaign%3Acmp-1") == "page campaign:cmp-1", "captures are percent-decoded")
        #expect(Self.answer("PUT", "/v1/items/p-1") == "item p-1")
        #expect(Self.answer("GET", "/a/of/b") == "pair a,b")
        #expect(Self.answer("GET", "/v1/h%6Fme") == "home ana", "a literal matches the decoded segment")
    }

    @Test func aLiteralPatternWinsOverACaptureDeclaredBeforeIt() {
        #expect(Self.answer("GET", "/v1/pages/special") == "special")
        #expect(Self.answer("GET", "/v1/pages/specia%6C") == "special")
        #expect(Self.answer("GET", "/v1/pages/specials") == "page specials")
    }

    @Test(arguments: [
        "", "/", "v1/home", "/v1", "/v1/home/", "//v1/home", "/v1//home", "/v2/home", "/v1/pages", "/v1/pages/a/b",
        "/v1/pages/%ZZ", "/v1/pages/%4", "/v1/pages/a%", "/v1/pages/a%2Fb", "/v1/pages/%2f", "/v1/pages/%C3", "/v1/pages/%FF",
        "/v1/%68ome%2F",
    ])
    func pathsThatMatchNoPatternAreNotFound(path: String) {
        #expect(Self.answer("GET", path) == "404")
    }

    @Test func segmentsCompareAsBytesNotAsCanonicallyEquivalentText() {
        #expect(Self.answer("GET", "/v1/café") == "café")
        #expect(Self.answer("GET", "/v1/caf%C3%A9") == "café")
        #expect(Self.answer("GET", "/v1/cafe\u{301}") == "404")
        #expect(Self.answer("GET", "/v1/cafe%CC%81") == "404")
    }

    /// A `/` is a separator and a decoded `/` refuses its segment whatever follows it: a
    /// combining mark or a joiner after it (one grapheme with it, for `String`) changes nothing.
    @Test func aSlashFollowedByACombiningMarkIsStillASlash() {
        #expect(Self.answer("GET", "/v1/pages/a%2F%CC%81") == "404")
        #expect(Self.answer("GET", "/v1/pages/a/\u{301}") == "404")
        #expect(Self.answer("GET", "/v1/pages/\u{301}") == "page \u{301}")
        #expect(Self.answer("GET", "/v1/pages/%E2%80%8D") == "page \u{200D}")
        #expect(Self.answer("PUT", "/v1/items/\u{301}") == "item \u{301}")
    }

    @Test func anotherMethodOfAKnownPathIs405NamingItsMethodsInOrder() {
        #expect(Self.answer("POST", "/v1/home") == "405 GET, HEAD")
        #expect(Self.answer("GET", "/v1/items/p-1") == "405 PUT, DELETE")
        #expect(Self.answer("get", "/v1/home") == "405 GET, HEAD", "methods compare as bytes")
        #expect(Self.answer("GET", "/v1/items") == "405 POST")
        #expect(Self.answer("DELETE", "/v1/cart") == "405 GET, HEAD")
    }

    @Test func aPatternDeclaredInTwoGroupsAnswersEachGroupsMethods() {
        var router = HTTPRouter<String, String>()
        router.group { api in api.get(HTTPPathPattern("/x")) { _, _, answer in answer("get") } }
        router.group(prepare: { (input: String, proceed: @escaping @Sendable (Int) -> Void, _: @escaping @Sendable (String) -> Void) in
            proceed(input.utf8.count)
        }) { counted in
            counted.post(HTTPPathPattern("/x")) { count, _, answer in answer("post \(count)") }
        }
        guard case .methodNotAllowed(_, let allowed) = router.resolve(method: "PUT", path: "/x") else {
            Issue.record("PUT /x is not a 405")
            return
        }
        #expect(allowed == ["GET", "HEAD", "POST"])
        guard case .found(let route) = router.resolve(method: "POST", path: "/x") else {
            Issue.record("POST /x is not found")
            return
        }
        let answer = Mutex<String?>(nil)
        route.run("four") { text in answer.withLock { $0 = text } }
        #expect(answer.withLock { $0 } == "post 4")
        #expect(router.patterns.map(\.methods) == [["GET", "HEAD", "POST"]])
    }

    @Test func aGroupsPrepareStepGivesItsHandlersTheirValueOrAnswersItself() {
        #expect(Self.answer("GET", "/v1/cart", input: "ana") == "cart ANA")
        #expect(Self.answer("POST", "/v1/items", input: "bo") == "add BO")
        #expect(Self.answer("GET", "/v1/cart", input: "nobody") == "refused", "the handler does not run")
        #expect(Self.answer("GET", "/v1/home", input: "nobody") == "home nobody", "other groups do not prepare")
    }

    @Test func prepareRunsOnlyOnceARouteHasMatched() {
        let prepared = Mutex(0)
        var router = HTTPRouter<String, String>()
        router.group(prepare: { (input: String, proceed: @escaping @Sendable (String) -> Void, _: @escaping @Sendable (String) -> Void) in
            prepared.withLock { $0 += 1 }
            proceed(input)
        }) { group in
            group.get(HTTPPathPattern("/cart")) { _, _, answer in answer("cart") }
        }
        _ = router.resolve(method: "GET", path: "/nothing")
        _ = router.resolve(method: "POST", path: "/cart")
        guard case .found(let route) = router.resolve(method: "GET", path: "/cart") else {
            Issue.record("GET /cart is not found")
            return
        }
        #expect(prepared.withLock { $0 } == 0)
        route.run("ana") { _ in }
        #expect(prepared.withLock { $0 } == 1)
    }

    @Test func patternsSayWhatTheyMatch() {
        let pattern = HTTPPathPattern("/v1/cart/items").capturing()
        #expect(pattern.description == "/v1/cart/items/{}")
        #expect(pattern.captureCount == 1)
        #expect(HTTPPathPattern("/v1/cart/items") != HTTPPathPattern("/v1/cart"))
        #expect(Self.router.patterns.first?.pattern == HTTPPathPattern("/v1/home"), "plain patterns first")
    }
}
