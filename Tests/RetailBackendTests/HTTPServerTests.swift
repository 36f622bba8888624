import Foundation
import HTTPServer
import RetailBackend
import Testing

/// Round trips through the real server on an ephemeral loopback port.
@Suite("HTTP server: requests and responses")
final class HTTPServerTests {
    let handler = RecordingHandler()
    let log = LogCollector()
    let server: HTTPServer

    init() throws {
        var configuration = HTTPServer.Configuration.ephemeral
        configuration.staticRoutes = ["/static/home.json": RecordingHandler.json(200, #"{"static":true}"#)]
        server = try HTTPServer(handler: handler, configuration: configuration, log: log.sink)
    }

    deinit { server.stop() }

    @Test func bindsAnEphemeralLoopbackPort() {
        #expect(server.port > 0)
        #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
    }

    @Test func getPassesMethodPathDecodedQueryAndHeadersToTheHandler() throws {
        let reply = try server.exchange(
            "GET /echo?a=1&b=hello%20world&c=x+y&a=2&flag&bad=%zz HTTP/1.1\r\nHost: test\r\nX-Custom: One\r\nConnection: close\r\n\r\n")
        #expect(reply?.status == 200)
        #expect(reply?.headers["x-test"] == "yes")
        #expect(reply?.headers["content-type"] == "application/json")
        let request = try #require(handler.last)
        #expect(request.method == "GET")
        #expect(request.path == "/echo")
        #expect(request.query.map { "\($0.name)=\($0.value)" } == ["a=1", "b=hello world", "c=x y", "a=2", "flag=", "bad=%zz"])
        #expect(request.queryValue("a") == "1")
        #expect(request.header("X-Custom") == "One")
        #expect(request.body.isEmpty)
    }

    @Test func pathKeepsItsPercentEscapes() throws {
        _ = try server.exchange("GET /v1/pages/campaign%3Asummer HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        #expect(handler.last?.path == "/v1/pages/campaign%3Asummer")
    }

    @Test func postDeliversTheWholeJSONBody() throws {
        let body = #"{"product_id":"p-1","quantity":2}"#
        let reply = try server.exchange(
            "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        #expect(reply?.status == 200)
        #expect(reply?.bodyText.contains(#""body_bytes":\#(body.utf8.count)"#) == true)
        #expect(handler.last?.body == Data(body.utf8))
    }

    @Test func chunkedBodyIsReassembled() throws {
        let reply = try server.exchange(
            "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n4\r\n{\"a\"\r\n4\r\n:1}\n\r\n0\r\n\r\n")
        #expect(reply?.status == 200)
        #expect(handler.last?.body == Data("{\"a\":1}\n".utf8))
    }

    @Test func nonJSONBodyGets415WithoutReachingTheHandler() throws {
        let reply = try server.exchange(
            "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        #expect(reply?.status == 415)
        #expect(reply?.errorCode == "unsupported_media_type")
        #expect(reply?.bodyText.contains("application/json") == true)
        #expect(reply?.headers["content-type"] == "application/json")
        #expect(handler.count == 0)
    }

    @Test func unknownMethodReachesTheHandlerWhichAnswers405() throws {
        let reply = try server.exchange("BREW /echo HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        #expect(reply?.status == 405)
        #expect(reply?.errorCode == "method_not_allowed")
        #expect(handler.last?.method == "BREW")
        #expect(try server.stillServes())
    }

    @Test func staticRouteIsServedByTheFrontAlone() throws {
        let reply = try server.exchange("GET /static/home.json HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        #expect(reply?.status == 200)
        #expect(reply?.bodyText == #"{"static":true}"#)
        #expect(reply?.headers["content-type"] == "application/json")
        #expect(handler.count == 0)
    }

    @Test func keepAliveConnectionAnswersRequestsInTurn() throws {
        let client = try RawSocketClient(port: server.port)
        client.send("GET /echo?id=1 HTTP/1.1\r\nHost: test\r\n\r\n")
        let first = client.readReply()
        client.send("GET /echo?id=2 HTTP/1.1\r\nHost: test\r\n\r\n")
        let second = client.readReply()
        #expect(first?.bodyText.contains(#""id":"1""#) == true)
        #expect(second?.bodyText.contains(#""id":"2""#) == true)
    }

    @Test func headGetsHeadersWithoutABody() throws {
        let client = try RawSocketClient(port: server.port)
        client.send("HEAD /echo HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        let raw = String(decoding: client.readUntilClosed(), as: UTF8.self)
        #expect(raw.hasPrefix("HTTP/1.1 200"))
        #expect(raw.hasSuffix("\r\n\r\n"))
    }

    @Test func logsOneLinePerRequestWithoutTheQuery() throws {
        _ = try server.exchange("GET /echo?secret=1 HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        _ = try server.exchange("GET /missing HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        server.stop()  // completions (and their log lines) all happen before stop returns
        let lines = log.all
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("GET /echo 200 ") && $0.hasSuffix("ms") })
        #expect(lines.contains { $0.hasPrefix("GET /missing 404 ") })
        #expect(!lines.joined().contains("secret"))
    }

    @Test func stopFreesEveryRequestAndIsIdempotent() throws {
        #expect(try server.stillServes())
        server.stop()
        server.stop()
        #expect(server.requestsInFlight == 0)
        #expect(throws: RawSocketError.cannotConnect) { try RawSocketClient(port: self.server.port) }
    }

    @Test func refusesAnInvalidHostAndATakenPort() throws {
        var configuration = HTTPServer.Configuration.ephemeral
        configuration.host = "example.com"
        #expect(throws: HTTPServerError.invalidHost("example.com")) {
            try HTTPServer(handler: self.handler, configuration: configuration)
        }
        configuration.host = "127.0.0.1"
        configuration.port = server.port
        #expect(throws: HTTPServerError.cannotStart(host: "127.0.0.1", port: server.port)) {
            try HTTPServer(handler: self.handler, configuration: configuration)
        }
    }
}
