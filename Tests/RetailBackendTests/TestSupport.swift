import FlowCore
import Foundation
import Synchronization
@testable import HTTPServer
@testable import RetailBackend

/// A clock tests move by hand; the backend reads it through `Configuration.now`.
final class TestClock: Sendable {
    static let anchor = Date(timeIntervalSince1970: 1_800_000_000)
    private let current = Mutex(TestClock.anchor)

    var now: Date { current.withLock { $0 } }

    func set(hoursAfterAnchor hours: Double) {
        current.withLock { $0 = TestClock.anchor.addingTimeInterval(hours * 3600) }
    }

    func advance(seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// A backend on a test clock, its anchor fixed at `TestClock.anchor`.
func makeBackend(clock: TestClock = TestClock(), faults: String? = nil,
                 configure: (inout HomeBackend.Configuration) -> Void = { _ in }) throws -> HomeBackend {
    var configuration = HomeBackend.Configuration(faults: faults)
    configuration.now = { clock.now }
    configuration.anchor = TestClock.anchor
    // Tests drive faults per request; `vitrine serve` only allows that when asked to.
    configuration.acceptsFaultHeader = true
    configuration.operatorToken = operatorToken
    configure(&configuration)
    return try HomeBackend(configuration: configuration)
}

/// The operator's token of test backends (`GET /v1/events/stats`).
let operatorToken = "operator-token-of-the-tests"

/// `GET /v1/events/stats` with the operator's token.
func eventStats(_ backend: HomeBackend) throws -> JSONValue {
    try parse(backend.respond(to: get("/v1/events/stats", headers: ["authorization": "Bearer \(operatorToken)"])))
}

func get(_ path: String, _ query: [(String, String)] = [], headers: [String: String] = [:]) -> HTTPRequest {
    HTTPRequest(method: "GET", path: path, query: query.map { (name: $0.0, value: $0.1) }, headers: headers)
}

func post(_ path: String, json: String, query: [(String, String)] = [], headers: [String: String] = [:]) -> HTTPRequest {
    var all = ["content-type": "application/json"]
    all.merge(headers) { $1 }
    return HTTPRequest(method: "POST", path: path, query: query.map { (name: $0.0, value: $0.1) }, headers: all, body: Data(json.utf8))
}

func parse(_ response: HTTPResponse) throws -> JSONValue {
    try JSONParser.parse(response.body)
}

extension HTTPResponse {
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

extension JSONValue {
    /// A path of keys and indexes: `value[path: "page", "sections", 0, "id"]`.
    subscript(path path: Any...) -> JSONValue? {
        var current: JSONValue? = self
        for step in path {
            if let key = step as? String {
                current = current?[key]
            } else if let index = step as? Int, let array = current?.arrayValue, array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// Every object in the document (depth first), with itself.
    var allObjects: [JSONValue] {
        switch self {
        case .object(let object): return [self] + object.flatMap(\.value.allObjects)
        case .array(let elements): return elements.flatMap(\.allObjects)
        default: return []
        }
    }
}

/// The home page's sections followed through every cursor.
func allHomeSections(_ backend: HomeBackend, _ query: [(String, String)], headers: [String: String] = [:]) throws -> [JSONValue] {
    var sections: [JSONValue] = []
    var cursor: String?
    for _ in 0..<20 {
        let response = backend.respond(to: get("/v1/home", query + (cursor.map { [("cursor", $0)] } ?? []), headers: headers))
        let page = try parse(response)
        sections += page[path: "page", "sections"]?.arrayValue ?? []
        guard page[path: "page", "pagination", "has_more"] == .bool(true) else { return sections }
        cursor = page[path: "page", "pagination", "postback", "cursor"]?.stringValue
    }
    return sections
}

/// A new guest session of `backend`, made in process: its token and shopper id.
func startSession(_ backend: HomeBackend) throws -> (token: String, shopper: String) {
    let response = backend.respond(to: HTTPRequest(method: "POST", path: "/v1/sessions"))
    let body = try JSONParser.parse(response.body)
    guard response.status == 201, let token = body["token"]?.stringValue, let shopper = body["shopper_id"]?.stringValue else {
        throw SessionFailure(status: response.status)
    }
    return (token, shopper)
}

struct SessionFailure: Error {
    var status: Int
}

/// The guest sessions of a test's backend, one per shopper name, made on first use: tests name
/// shoppers ("ana", "bob") and send their tokens.
final class Shoppers: Sendable {
    let backend: HomeBackend
    private let tokens = Mutex<[String: String]>([:])

    init(_ backend: HomeBackend) {
        self.backend = backend
    }

    func token(_ name: String) -> String {
        if let token = tokens.withLock({ $0[name] }) { return token }
        let token = (try? startSession(backend).token) ?? "no-session"
        return tokens.withLock { tokens in
            if let made = tokens[name] { return made }
            tokens[name] = token
            return token
        }
    }

    /// `Authorization: Bearer` the shopper's token, with `extra` headers.
    func headers(_ name: String, _ extra: [String: String] = [:]) -> [String: String] {
        ["authorization": "Bearer \(token(name))"].merging(extra) { $1 }
    }
}
