import FlowCore
import FlowRuntime
import Foundation
import HTTPServer
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// The HTTP client against the real backend on a loopback port.
@Suite struct HomeAPIClientTests {
    @Test func aPageRequestCarriesTheProfileAndTheUser() async throws {
        let live = try LiveBackend()
        var configuration = HomeAPIClient.Configuration(
            baseURL: live.baseURL,
            profile: ClientProfile(user: UserID("ada.l_1")!, locale: "de-DE", segment: "vip", appVersion: AppVersion(major: 2, minor: 6, patch: 0),
                                   capabilities: ["video", "ar"]))
        configuration.requestTimeout = .seconds(10)
        let client = try HomeAPIClient(configuration: configuration)
        guard case .page(let data, let etag, let maxAge) = try await client.page("home") else {
            Issue.record("expected a page")
            return
        }
        #expect(try JSONParser.parse(data)["page"]?["id"] == "home")
        #expect(etag?.hasPrefix("\"") == true)
        #expect(maxAge == 60)
        let request = try #require(live.requests.last)
        #expect(request.path == "/v1/home")
        // The profile's name stays on this machine; the shopper is the session made first.
        #expect(request.header("x-vitrine-user") == nil)
        let token = try #require(await client.guestSession.current?.token)
        #expect(request.header("authorization") == "Bearer \(token)")
        #expect(live.requests.map(\.path) == ["/v1/sessions", "/v1/home"])
        #expect(request.queryValue("locale") == "de-DE")
        #expect(request.queryValue("userSegment") == "vip")
        #expect(request.queryValue("appVersion") == "2.6.0")
        #expect(request.queryValue("capabilities") == "ar,video")
    }

    @Test func theETagComesBackAsALiteral304() async throws {
        let live = try LiveBackend()
        let client = try live.client()
        guard case .page(_, let etag?, _) = try await client.page("campaign:cmp-flash") else {
            Issue.record("expected a page with an ETag")
            return
        }
        let again = try await client.page("campaign:cmp-flash", ifNoneMatch: etag)
        #expect(again == .notModified(maxAge: 60))
        #expect(live.requests.last?.header("if-none-match") == etag)
        #expect(live.requests.last?.path == "/v1/pages/campaign%3Acmp-flash")
    }

    @Test func anErrorCarriesTheServersMessage() async throws {
        let live = try LiveBackend()
        let client = try live.client()
        await #expect {
            _ = try await client.page("campaign:nope")
        } throws: { error in
            guard case .status(404, let code, let message?, _) = error as? HomeAPIError else { return false }
            return code == "not_found" && message.contains("no live campaign 'nope'")
        }
    }

    @Test func aPageIDWithAControlCharacterIsRefusedBeforeAnythingIsSent() async throws {
        let live = try LiveBackend()
        let client = try live.client()
        await #expect(throws: HomeAPIError.self) { _ = try await client.page("campaign:\u{1B}[2J") }
        await #expect(throws: HomeAPIError.self) { _ = try await client.page(String(repeating: "x", count: 257)) }
        #expect(live.requests.isEmpty)
    }

    @Test func aPageIDCannotReachAnotherPath() async throws {
        let live = try LiveBackend()
        let client = try live.client()
        await #expect(throws: HomeAPIError.self) { _ = try await client.page("../../v1/cart") }
        #expect(live.requests.map(\.path).filter { $0 != "/v1/sessions" } == ["/v1/pages/..%2F..%2Fv1%2Fcart"])
    }

    @Test func onlyHTTPBackendsAreAccepted() throws {
        let profile = ClientProfile(user: UserID("u")!, appVersion: VitrineApp.version)
        #expect(throws: HomeAPIError.self) { try HomeAPIClient(configuration: .init(baseURL: URL(string: "file:///etc")!, profile: profile)) }
        #expect(throws: HomeAPIError.self) { try HomeAPIClient(configuration: .init(baseURL: URL(string: "ftp://host")!, profile: profile)) }
    }

    @Test func anAPIActionGoesToItsPathOnTheBackendsOrigin() async throws {
        let live = try LiveBackend()
        let client = try live.client()
        let action = ActionData(type: "api", ["endpoint": "/v1/actions/notify-me", "product_id": "p-1004"])
        let call = ActionCall(
            action: action, endpoint: APIEndpoint("/v1/actions/notify-me")!, method: .post,
            context: ActionCallContext(pageID: "home", requestID: "req-1", widgetID: "deals.p-1004", value: .null))
        let body = try await client.send(call)
        #expect(try JSONParser.parse(body)["mutations"]?.arrayValue?.count == 1)
        let request = try #require(live.requests.last)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/actions/notify-me")
        #expect(request.header("x-vitrine-user") == nil)
        #expect(request.header("authorization") == nil, "an action carries no session")
    }

    @Test func cancellingARequestCancelsTheConnection() async throws {
        var configuration = HomeBackend.Configuration(faults: "latency=60s")
        configuration.acceptsFaultHeader = true
        let live = try LiveBackend(configuration: configuration)
        let client = try live.client(timeout: .seconds(60))
        let request = Task { try await client.suggestions(for: "shoe") }
        // The server holds the answer back without a thread (for 60 s, twice as long as a wait
        // below may take even on a loaded machine): one suspended connection.
        // However long a loaded test run takes to send it (the wait ends once it holds); the
        // release below must come sooner than the 60 s the server would hold it.
        #expect(await live.eventually(within: .seconds(300)) { $0.suspendedConnections == 1 }, "\(live.server.suspendedConnections) suspended after \(live.requests.count) requests")
        request.cancel()
        await #expect(throws: CancellationError.self) { _ = try await request.value }
        // The held answer is released at once only because the client closed its socket.
        #expect(await live.eventually { $0.suspendedConnections == 0 })
    }

    @Test func requestsCancelledBeforeTheyStartAllEnd() async throws {
        // A cancellation that came before the transfer was registered with its driver
        // could lose the transfer's completion, and the request waited for ever.
        let live = try LiveBackend()
        let client = try live.client(timeout: .seconds(60))
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let request = Task {
                        withUnsafeCurrentTask { $0?.cancel() }
                        return try await client.suggestions(for: "shoe")
                    }
                    do {
                        _ = try await request.value
                        return false
                    } catch {
                        return error is CancellationError
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 200 && outcomes.allSatisfy { $0 })
    }

    @Test func aSilentServerIsATimeout() async throws {
        let live = try LiveBackend(configuration: HomeBackend.Configuration(faults: "latency=20s"))
        let client = try live.client(timeout: .seconds(1))
        await #expect {
            _ = try await client.fetchCart()
        } throws: { error in
            guard case .transport(_, let isTimeout) = error as? HomeAPIError else { return false }
            return isTimeout
        }
    }

    /// An idle timeout counts the time between bytes: a body dripped a byte at a time was
    /// waited out for as long as it lasted. The client's deadline covers the whole answer.
    @Test func aDrippedAnswerIsATimeoutAtTheDeadline() async throws {
        let body = Data(#"{"cart_id": "c", "revision": 1, "items": []}"#.utf8)
        let server = try CraftedServer { _ in .drip(body: body, interval: .seconds(1)) }
        defer { server.stop() }
        var configuration = HomeAPIClient.Configuration(
            baseURL: server.url("/"), profile: ClientProfile(user: UserID("ada")!, appVersion: VitrineApp.version))
        configuration.requestTimeout = .seconds(5)
        configuration.responseDeadline = .seconds(1)
        let client = try HomeAPIClient(configuration: configuration)
        // The whole body, a valid cart, would come in 45 s: only the deadline makes it fail.
        await #expect {
            _ = try await client.fetchCart()
        } throws: { error in
            guard case .transport(_, let isTimeout) = error as? HomeAPIError else { return false }
            return isTimeout
        }
    }

    @Test func retryableErrorsAreTransportTimeouts429And5xx() {
        #expect(HomeAPIError.transport(message: "reset", isTimeout: false).isRetryable)
        for status in [408, 429, 500, 503] {
            #expect(HomeAPIError.status(status, code: nil, message: nil, retryAfter: nil).isRetryable, "\(status)")
        }
        for status in [400, 404, 409, 413, 422] {
            #expect(!HomeAPIError.status(status, code: nil, message: nil, retryAfter: nil).isRetryable, "\(status)")
        }
    }

    @Test func whatAShopperIsToldHasNoStatusOrErrorCodes() {
        // The page store shows `errorDescription` on its error screen and in its toasts.
        let errors: [(HomeAPIError, String)] = [
            (.status(503, code: "injected_fault", message: nil, retryAfter: nil), "the server answered 503"),
            (.status(404, code: "unknown_page", message: "no such page", retryAfter: nil), "no such page"),
            (.transport(message: "NSURLErrorDomain -1004", isTimeout: false), "no connection to the server"),
            (.transport(message: "NSURLErrorDomain -1001", isTimeout: true), "the server did not answer in time"),
        ]
        for (error, told) in errors {
            #expect((error as any LocalizedError).errorDescription == told)
            #expect(!told.contains("HTTP") && !told.contains("_"), "\(error)")
        }
    }

    @Test func retryAfterIsReadInSeconds() {
        #expect(HTTPReply(status: 429, headers: ["retry-after": "7"], body: Data()).statusError.retryAfter == .seconds(7))
        #expect(HTTPReply(status: 429, headers: ["retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"], body: Data()).statusError.retryAfter == nil)
        #expect(HTTPReply(status: 503, headers: ["retry-after": "-1"], body: Data()).statusError.retryAfter == nil)
    }

    @Test func serverMessagesAreClippedInBytesAtAScalarBoundary() {
        let long = String(repeating: "é", count: 200)  // 2 bytes each
        let reply = HTTPReply(status: 409, headers: [:], body: Data(#"{"error":{"code":"c","message":"\#(long)"}}"#.utf8))
        guard case .status(409, "c", let message?, nil) = reply.statusError else {
            Issue.record("expected a 409 with a message")
            return
        }
        #expect(message.utf8.count == 300)
        #expect(message.unicodeScalars.allSatisfy { $0 == "é" })
        #expect("e\u{301}x".clipped(toUTF8Bytes: 3) == "e\u{301}")
    }

    @Test func userIDsFollowTheBackendsRule() {
        for valid in ["a", "shopper-1", "A.b_c-9", "..", String(repeating: "x", count: 64)] {
            #expect(UserID(valid) != nil, "\(valid)")
        }
        for invalid in ["", "a b", "ü", "a/b", "a\u{0}", String(repeating: "x", count: 65), "e\u{301}"] {
            #expect(UserID(invalid) == nil, "\(invalid)")
        }
    }
}
