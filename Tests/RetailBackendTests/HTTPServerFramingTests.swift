import Foundation
@testable import HTTPServer
@testable import RetailBackend
import Testing

/// Heads the front refuses before the handler: framing a proxy could read differently, too
/// many query arguments, control characters for the log.
@Suite("HTTP server: framing and heads")
final class HTTPServerFramingTests {
    let handler = RecordingHandler()
    let log = LogCollector()
    let server: HTTPServer

    init() throws {
        server = try HTTPServer(handler: handler, configuration: .ephemeral, log: log.sink)
    }

    deinit { server.stop() }

    /// Sends a raw request; the answer, and whether the server then closed the connection.
    func refusal(_ request: String) throws -> (reply: RawHTTPReply?, closed: Bool) {
        let client = try RawSocketClient(port: server.port)
        client.send(request)
        let reply = client.readReply()
        // A closed connection reads as the end of the stream, without waiting for a timeout.
        let closed = client.readUntilClosed().isEmpty
        return (reply, closed)
    }

    @Test(arguments: [
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 5\r\nContent-Length: 40\r\n\r\n{\"a\":GET /echo?id=smuggled HTTP/1.1\r\nHost: t\r\n\r\n", 400, "conflicting_length"),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 13\r\nContent-Length: 2000000\r\n\r\n{\"events\":[]}", 400, "conflicting_length"),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}", 400, "conflicting_length"),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\nabc", 501, "unsupported_transfer_encoding"),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501, "unsupported_transfer_encoding"),
        ("GET /echo HTTP/1.1\r\n\r\n", 400, "invalid_host"),
        ("GET /echo HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "invalid_host"),
        ("GET /echo HTTP/1.1\r\nHost: t\r\nX Bad: 1\r\n\r\n", 400, "invalid_header"),
        ("GET /echo HTTP/1.1\r\nHost: t\r\nX(Bad): 1\r\n\r\n", 400, "invalid_header"),
        ("GET /echo HTTP/1.1\r\nHost: t\r\nX-Bell: ring\u{07}\r\n\r\n", 400, "invalid_header"),
    ])
    func headsThatCouldBeFramedTwoWaysAreRefusedAndClosed(request: String, status: Int, code: String) throws {
        let (reply, closed) = try refusal(request)
        #expect(reply?.status == status)
        #expect(reply?.errorCode == code)
        #expect(closed)
        #expect(handler.count == 0)  // neither the request nor anything hidden in its body
        #expect(try server.stillServes())
    }

    @Test func http10WithoutHostAndOneChunkedBodyAreServed() throws {
        #expect(try server.exchange("GET /echo HTTP/1.0\r\n\r\n")?.status == 200)
        let chunked = "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
        #expect(try server.exchange(chunked)?.bodyText.contains(#""body_bytes":2"#) == true)
    }

    @Test func fiveHundredQueryArgumentsGet414AtOnceAndLeaveNothingBehind() throws {
        let target = "/echo?" + Array(repeating: "a", count: 500).joined(separator: "&")
        let started = ContinuousClock.now
        let (reply, closed) = try refusal("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(reply?.status == 414)
        #expect(reply?.errorCode == "too_many_query_arguments")
        #expect(closed)
        // libmicrohttpd's own path left this hanging until its 10 s idle timeout.
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(try server.stillServes())
        server.stop()
        #expect(server.requestsInFlight == 0)
        #expect(log.all.contains { $0.hasPrefix("GET /echo 414") })
    }

    @Test func argumentsUnderTheLimitAllReachTheHandler() throws {
        let target = "/echo?" + (0..<99).map { "k\($0)=v\($0)" }.joined(separator: "&") + "&id=last"
        #expect(try server.exchange("GET \(target) HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")?.status == 200)
        #expect(handler.last?.query.count == 100)
        #expect(handler.last?.queryValue("id") == "last")
    }

    @Test func aHeadOfManyTinyHeadersIsRefusedAtOnceAndFreed() throws {
        let headers = (0..<6_000).map { "a\($0):\r\n" }.joined()
        let (reply, _) = try refusal("GET /echo HTTP/1.1\r\nHost: t\r\n\(headers)\r\n")
        if let reply { #expect([400, 431].contains(reply.status)) }
        #expect(handler.count == 0)
        #expect(try server.stillServes())
        server.stop()
        #expect(server.requestsInFlight == 0)
    }

    @Test func controlCharactersAreEscapedInTheLog() throws {
        let reply = try server.exchange("GET /v1/\u{1B}[31mred\u{7F}\\ HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(reply?.errorCode == "invalid_target")
        server.stop()
        let line = try #require(log.all.first { $0.contains("red") })
        #expect(line.hasPrefix(#"GET /v1/\x1b[31mred\x7f\\ 400"#))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(HTTPRequestLogLine.escaped("a\u{9B}b\u{2028}ü\n") == #"a\u{9b}b\u{2028}ü\n"#)
    }
}
