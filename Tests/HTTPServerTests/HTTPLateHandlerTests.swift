import Foundation
import HTTPServer
import Synchronization
import Testing

/// A handler that comes late: requests wait for it and none is lost, answered by it once it
/// is installed, or all with one response when it cannot come.
@Suite struct HTTPLateHandlerTests {
    /// Answers `path` with the path, and counts what it was asked.
    final class Echo: HTTPHandler {
        let asked = Mutex<[String]>([])

        func respond(to request: HTTPRequest) -> HTTPResponse {
            asked.withLock { $0.append(request.path) }
            return HTTPResponse(status: 200, body: Data(request.path.utf8))
        }
    }

    /// The answers received, by the path asked.
    final class Answers: Sendable {
        private let received = Mutex<[(path: String, status: Int, body: String)]>([])

        func answer(for path: String) -> @Sendable (HTTPResponse) -> Void {
            { response in self.received.withLock { $0.append((path, response.status, String(decoding: response.body, as: UTF8.self))) } }
        }

        var all: [(path: String, status: Int, body: String)] { received.withLock { $0 } }
    }

    static func request(_ path: String) -> HTTPRequest {
        HTTPRequest(method: "GET", path: path)
    }

    @Test func requestsBeforeTheHandlerWaitAndAreAnsweredByItInTheOrderTheyCame() {
        let late = HTTPLateHandler()
        let answers = Answers()
        for path in ["/v1/cart", "/v1/home", "/v1/events"] { late.respond(to: Self.request(path), answer: answers.answer(for: path)) }
        #expect(answers.all.isEmpty, "nothing is answered before the handler is there")
        #expect(late.isWaiting && late.waitingCount == 3)
        let echo = Echo()
        late.install(echo)
        #expect(echo.asked.withLock { $0 } == ["/v1/cart", "/v1/home", "/v1/events"])
        #expect(answers.all.map(\.body) == ["/v1/cart", "/v1/home", "/v1/events"])
        #expect(!late.isWaiting && late.waitingCount == 0)
        // Later requests go straight to it.
        late.respond(to: Self.request("/v1/search"), answer: answers.answer(for: "/v1/search"))
        #expect(answers.all.last?.body == "/v1/search")
        #expect(late.respond(to: Self.request("/v1/pages/home")).status == 200)
    }

    @Test func aHandlerThatCannotComeAnswersWhatWaitedAndWhatComesWithItsResponse() {
        let late = HTTPLateHandler()
        let answers = Answers()
        late.respond(to: Self.request("/v1/cart"), answer: answers.answer(for: "/v1/cart"))
        late.fail(with: HTTPResponse(status: 503, body: Data("not built".utf8)))
        #expect(answers.all.map(\.status) == [503])
        late.respond(to: Self.request("/v1/home"), answer: answers.answer(for: "/v1/home"))
        #expect(answers.all.map(\.status) == [503, 503])
        #expect(answers.all.last?.body == "not built")
        // Too late: the failure stands.
        let echo = Echo()
        late.install(echo)
        #expect(late.respond(to: Self.request("/v1/home")).status == 503)
        #expect(echo.asked.withLock { $0 }.isEmpty)
    }

    @Test func onlyTheFirstHandlerCounts() {
        let late = HTTPLateHandler()
        let first = Echo(), second = Echo()
        late.install(first)
        late.install(second)
        late.fail(with: HTTPResponse(status: 503))
        #expect(late.respond(to: Self.request("/a")).status == 200)
        #expect(first.asked.withLock { $0 } == ["/a"])
        #expect(second.asked.withLock { $0 }.isEmpty)
    }
}
