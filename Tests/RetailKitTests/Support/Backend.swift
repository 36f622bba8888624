import FlowCore
import Foundation
import HTTPServer
import RetailBackend
import Testing
import TestSupport
@testable import RetailKit

/// The real home backend on a loopback port, behind a handler that counts what it is asked,
/// can hold requests back until a test releases them, and can answer some paths itself.
final class LiveBackend: Sendable {
    let backend: HomeBackend
    let server: HTTPServer
    let recorder: RecordingFront

    /// The operator's token of the test backends (`GET /v1/events/stats`).
    static let operatorToken = "operator-token-of-the-tests"

    init(configuration: HomeBackend.Configuration = HomeBackend.Configuration()) throws {
        var configuration = configuration
        configuration.operatorToken = configuration.operatorToken ?? Self.operatorToken
        backend = try HomeBackend(configuration: configuration)
        recorder = RecordingFront(backend: backend)
        server = try HTTPServer(handler: recorder, configuration: .ephemeral)
    }

    deinit {
        server.stop()
    }

    var baseURL: URL { URL(string: server.baseURL)! }

    /// Requests whose path starts with `prefix` (`/v1/home`).
    func count(_ prefix: String) -> Int {
        recorder.requests.withLock { $0.filter { $0.path.hasPrefix(prefix) }.count }
    }

    var requests: [HTTPRequest] { recorder.requests.withLock { $0 } }

    /// The statuses answered to requests whose path starts with `prefix`, in order.
    func statuses(_ prefix: String) -> [Int] {
        recorder.answers.withLock { $0.filter { $0.path.hasPrefix(prefix) }.map(\.status) }
    }

    /// Answers requests under `prefix` with `status` (and an error body) until `heal()`.
    func fail(_ prefix: String, status: Int, retryAfter: Int? = nil) {
        recorder.override.withLock {
            $0 = { request in
                guard request.path.hasPrefix(prefix) else { return nil }
                var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
                if let retryAfter { headers.append(("Retry-After", "\(retryAfter)")) }
                return HTTPResponse(status: status, headers: headers, body: Data(#"{"error":{"code":"test","message":"failing on purpose"}}"#.utf8))
            }
        }
    }

    func heal() {
        recorder.override.withLock { $0 = nil }
    }

    /// A client for `user` on this backend. The timeout is long: tests run in parallel (under
    /// Thread Sanitizer too), and a held request that timed out would end a flight early.
    func client(user: String = "shopper-1", locale: String = "en-US", segment: String = "returning",
                timeout: Duration = .seconds(60), sessionFile: URL? = nil) throws -> HomeAPIClient {
        var configuration = HomeAPIClient.Configuration(
            baseURL: baseURL,
            profile: ClientProfile(user: UserID(user)!, locale: locale, segment: segment, appVersion: VitrineApp.version))
        configuration.requestTimeout = timeout
        configuration.sessionFile = sessionFile
        return try HomeAPIClient(configuration: configuration)
    }

    /// Waits until `condition` holds at the server, at most 30 s (the server's own bounded
    /// wait), on a thread of its own: blocking a thread of the cooperative pool (two here)
    /// would starve the very work the test waits for.
    func eventually(within timeout: Duration = .seconds(30), _ condition: @escaping @Sendable (HTTPServer) -> Bool) async -> Bool {
        let server = self.server
        return await offThePool { server.wait(timeout: timeout, until: condition) }
    }

    /// `GET /v1/events/stats` straight from the backend, with the operator's token.
    func eventStats() throws -> JSONValue {
        let response = backend.respond(to: HTTPRequest(method: "GET", path: "/v1/events/stats",
                                                       headers: ["authorization": "Bearer \(Self.operatorToken)"]))
        return try JSONParser.parse(response.body)
    }

    /// `GET /v1/cart` of the session `client` holds, straight from the backend.
    func cart(of client: HomeAPIClient) async throws -> CartSnapshot {
        let token = try #require(await client.guestSession.current?.token, "the client has no session yet")
        let response = backend.respond(to: HTTPRequest(method: "GET", path: "/v1/cart", headers: ["authorization": "Bearer \(token)"]))
        return try CartSnapshot(data: response.body)
    }
}

/// Records every request, then hands it to the backend, unless a gate holds it or an
/// override answers it.
final class RecordingFront: HTTPHandler {
    let backend: HomeBackend
    let requests = Locked<[HTTPRequest]>([])
    /// While closed, requests whose path starts with the gate's prefix wait (on the server's
    /// worker thread) until `openGate()`.
    private let gate = Locked<(prefix: String, semaphore: DispatchSemaphore)?>(nil)
    /// Answers requests it returns a response for, before the backend.
    let override = Locked<(@Sendable (HTTPRequest) -> HTTPResponse?)?>(nil)
    /// Statuses answered, in order, with the request's path.
    let answers = Locked<[(path: String, status: Int)]>([])

    init(backend: HomeBackend) {
        self.backend = backend
    }

    func closeGate(for prefix: String) {
        gate.withLock { $0 = (prefix, DispatchSemaphore(value: 0)) }
    }

    /// Lets every held request (and any later one) through.
    func openGate() {
        guard let closed = gate.withLock({ state -> (prefix: String, semaphore: DispatchSemaphore)? in
            defer { state = nil }
            return state
        }) else { return }
        for _ in 0..<256 { closed.semaphore.signal() }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        requests.withLock { $0.append(request) }
        if let closed = gate.withLock({ $0 }), request.path.hasPrefix(closed.prefix) {
            closed.semaphore.wait()
        }
        let response = override.withLock({ $0 })?(request) ?? backend.respond(to: request)
        answers.withLock { $0.append((request.path, response.status)) }
        return response
    }
}

/// A new guest session's token, made in process.
func sessionToken(of backend: HomeBackend) throws -> String {
    let response = backend.respond(to: HTTPRequest(method: "POST", path: "/v1/sessions"))
    guard response.status == 201, let token = try JSONParser.parse(response.body)["token"]?.stringValue else {
        throw HomeAPIError.status(response.status, code: nil, message: "no session", retryAfter: nil)
    }
    return token
}

/// A fresh directory under the temporary directory, deleted by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
