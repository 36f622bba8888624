import FlowCore
import Foundation
import Synchronization
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
    configure(&configuration)
    return try HomeBackend(configuration: configuration)
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
