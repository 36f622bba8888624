import Foundation
@testable import HTTPServer
@testable import RetailBackend
import Testing

/// Heads libmicrohttpd 0.9.75 reads differently from a proxy are refused or read one way:
/// repeated identical lengths, folded lines, empty names, NULs, hosts and versions it does not
/// check, trailers, many small fields, absolute-form targets and what reaches the log.
@Suite("HTTP server: heads read byte by byte")
final class HTTPServerHeadLayoutTests {
    let handler = RecordingHandler()
    let log = LogCollector()
    let server: HTTPServer

    init() throws {
        server = try HTTPServer(handler: handler, configuration: .ephemeral, log: log.sink)
    }

    deinit { server.stop() }

    /// Sends raw bytes; the first answer, and whether the server then closed the connection
    /// without sending anything more (no second answer from a smuggled request).
    func send(_ bytes: Data) throws -> (reply: RawHTTPReply?, closedCleanly: Bool) {
        let client = try RawSocketClient(port: server.port)
        client.send(bytes)
        let reply = client.readReply()
        return (reply, client.readUntilClosed().isEmpty)
    }

    func send(_ text: String) throws -> (reply: RawHTTPReply?, closedCleanly: Bool) {
        try send(Data(text.utf8))
    }

    static let smuggled = "GET /echo?id=smuggled HTTP/1.1\r\nHost: t\r\n\r\n"

    @Test(arguments: [
        // 1. The same length twice was let through, joined as "13, 13", and lost its deadline and 413.
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 13\r\nContent-Length: 13\r\n\r\n{\"events\":[]}", 400, "conflicting_length"),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\nContent-Length: 5000000\r\n\r\n", 400, "conflicting_length"),
        // 6. A folded length was dropped, and its body ran as a second request.
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length:\r\n \(smuggled.utf8.count)\r\n\r\n\(smuggled)", 400, "malformed_head"),
        ("GET /echo HTTP/1.1\r\nHost: t\r\nX-Vitrine-User:\r\n alice\r\n\r\n", 400, "malformed_head"),
        ("GET /echo HTTP/1.1\r\nHost: t\r\nX-A: one\r\n\ttwo\r\n\r\n", 400, "malformed_head"),
        // 6. An empty name ended the head; the lines after it were a new request.
        ("GET /echo HTTP/1.1\r\nHost: t\r\n: v\r\nX-After: 1\r\n\r\n", 400, "malformed_head"),
        ("GET /echo HTTP/1.1\r\nHost: t\r\n:\r\n\(smuggled)", 400, "malformed_head"),
        // 10. A NUL in a value cut it short.
        ("GET /echo HTTP/1.1\r\nHost: t\r\nX-Vitrine-User: u\u{0}<script>\r\n\r\n", 400, "malformed_head"),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2\u{0} 9999999\r\n\r\n{}", 400, "malformed_head"),
        // Bare LF line ends are read differently by different parsers.
        ("GET /echo HTTP/1.1\nHost: t\n\n", 400, "malformed_head"),
        ("GET /echo HTTP/1.1\r\nHost: t\n\r\n", 400, "malformed_head"),
        // 9. A NUL in the target.
        ("GET /echo\u{0}x HTTP/1.1\r\nHost: t\r\n\r\n", 400, "invalid_target"),
        // 11. Versions, hosts, spaces.
        ("GET /echo HTTP/1.2\r\n\r\n", 400, "invalid_host"),
        ("GET /echo HTTP/1.1\r\nHost: a b c\r\n\r\n", 400, "invalid_host"),
        ("GET /echo HTTP/1.1\r\nHost: x:99999\r\n\r\n", 400, "invalid_host"),
        ("GET /echo HTTP/1.1\r\nHost: [not-v6]:80\r\n\r\n", 400, "invalid_host"),
        ("GET /echo HTTP/1.1\r\nHost: a/b\r\n\r\n", 400, "invalid_host"),
        ("GET /a FORGED 200 HTTP/1.1\r\nHost: t\r\n\r\n", 400, "invalid_target"),
        ("GET  /echo HTTP/1.1\r\nHost: t\r\n\r\n", 400, "malformed_head"),
        // 11. Trailers are held to the rules of headers.
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nContent-Length: 5\r\n\r\n", 400, "invalid_trailer"),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nX-Note: a\u{1B}[2J\r\n\r\n", 400, "invalid_trailer"),
    ])
    func headsReadDifferentlyElsewhereAreRefusedAndClosed(request: String, status: Int, code: String) throws {
        let (reply, closedCleanly) = try send(request)
        #expect(reply?.status == status)
        #expect(reply?.errorCode == code)
        #expect(closedCleanly)
        #expect(handler.count == 0)
        #expect(try server.stillServes())
    }

    @Test(arguments: ["t", "", "shop.example:443", "127.0.0.1:8080", "[::1]", "[2001:db8::1]:65535", "xn--caf-dma.example", "a%20b"])
    func hostsOfTheGrammarAreServed(host: String) throws {
        #expect(try server.exchange("GET /echo HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")?.status == 200)
    }

    @Test(arguments: ["HTTP/3.0", "HTTP/0.9", "HTTP/1.x", "HTTP/1.10"])
    func otherVersionsAreRefused(version: String) throws {
        // libmicrohttpd answers some of these with its own 505 before the front sees them.
        let (reply, closedCleanly) = try send("GET /echo \(version)\r\nHost: t\r\n\r\n")
        #expect(reply.map { [400, 505].contains($0.status) } ?? true)
        #expect(closedCleanly)
        #expect(handler.count == 0)
        #expect(HTTPFraming.refusal(version: version, target: "/", fields: [("Host", "t")],
                                    limits: .init(maxHeadBytes: 1024, maxHeaderFields: 10, maxQueryArguments: 10))?.status == 505)
    }

    @Test func aLaterHTTP1MinorWithHostAndAFieldWithSpacesAroundItsValueAreServed() throws {
        #expect(try server.exchange("GET /echo HTTP/1.2\r\nHost: t\r\nConnection: close\r\n\r\n")?.status == 200)
        #expect(try server.exchange("GET /echo HTTP/1.1\r\nHost:   t\r\nX-Tab:\tv\r\nConnection: close\r\n\r\n")?.status == 200)
    }

    @Test func aNULBeforeTheQueryStillGetsAnAnswerAtOnce() throws {
        // libmicrohttpd finds the '?' past the NUL; the shim used to stop at it, so the
        // library parsed 1,500 arguments, ran out of pool and closed without an answer.
        let target = "/echo\u{0}?" + Array(repeating: "a", count: 1_500).joined(separator: "&")
        let started = ContinuousClock.now
        let (reply, closedCleanly) = try send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(reply.map { [400, 414].contains($0.status) } == true)
        #expect(closedCleanly)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(handler.count == 0)
        server.stop()
        #expect(server.requestsInFlight == 0)
        #expect(!log.all.contains { $0.hasSuffix("abandoned") })
    }

    @Test func aThousandSmallFieldsGetTheFrontsJSON431() throws {
        // 1,000 fields of about 9 KB in all, well under the 32 KiB head limit: the pool used
        // to run out first and libmicrohttpd answered with its HTML page.
        let fields = (0..<1_000).map { "a\($0):\r\n" }.joined()
        let (reply, _) = try send("GET /echo HTTP/1.1\r\nHost: t\r\n\(fields)\r\n")
        #expect(reply?.status == 431)
        #expect(reply?.errorCode == "headers_too_large")
        #expect(handler.count == 0)
    }

    /// A head of `maxHeaderBytes` exactly (as the front counts: the target, and each field's
    /// name and value and 4 bytes), in `maxHeaderFields` fields: `Host` and 99 others whose
    /// values share the rest, the last one `extra` bytes longer.
    static func headAtTheLimits(extra: Int) -> String {
        let limits = HTTPServer.Configuration()
        let fields = limits.maxHeaderFields - 1
        let budget = limits.maxHeaderBytes - "/echo".utf8.count - ("Host".utf8.count + "t".utf8.count + 4) - fields * ("X-F-00".utf8.count + 4)
        let lines = (0..<fields).map { index in
            let length = budget / fields + (index == fields - 1 ? budget % fields + extra : 0)
            return "X-F-\(index < 10 ? "0" : "")\(index): \(String(repeating: "v", count: length))\r\n"
        }
        return "GET /echo HTTP/1.1\r\nHost: t\r\n" + lines.joined() + "\r\n"
    }

    @Test func aHeadAtTheLimitsIsServedAgainAndAgainAndOneByteMoreGetsTheFrontsJSON431() throws {
        // On one kept-alive connection: libmicrohttpd clears and re-lays its memory pool after
        // each request, and its read buffer is then half the pool. The pool is sized for this
        // head; one too small would answer with libmicrohttpd's own HTML 431, or close.
        let client = try RawSocketClient(port: server.port)
        for _ in 0..<3 {
            client.send(Self.headAtTheLimits(extra: 0))
            #expect(client.readReply()?.status == 200)
        }
        client.send(Self.headAtTheLimits(extra: 1))
        let reply = client.readReply()
        #expect(reply?.status == 431)
        #expect(reply?.errorCode == "headers_too_large")
        #expect(handler.count == 3)
    }

    @Test func aTrailerOfManyFieldsGetsTheFrontsJSON431() throws {
        let fields = (0..<1_000).map { "t\($0): v\r\n" }.joined()
        let (reply, _) = try send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\(fields)\r\n")
        #expect(reply?.status == 431)
        #expect(reply?.errorCode == "headers_too_large")
        #expect(handler.count == 0)
    }

    @Test func aHeadOfManyFieldsInPiecesIsServedWhole() throws {
        // Received in pieces, so libmicrohttpd's buffer fills over several reads: the layout
        // check must hold for a head that did not arrive at once.
        let client = try RawSocketClient(port: server.port)
        client.send("GET /echo HTTP/1.1\r\nHost: t\r\n")
        for index in 0..<99 {
            client.send("X-Field-\(index): \(String(repeating: "v", count: 200))\r\n")
        }
        client.send("\r\n")
        #expect(client.readReply()?.status == 200)
    }

    @Test func anAbsoluteFormTargetIsServedAsItsPath() throws {
        let reply = try server.exchange("GET http://shop.example/echo?id=absolute HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n")
        #expect(reply?.status == 200)
        #expect(handler.last?.path == "/echo")
        #expect(handler.last?.queryValue("id") == "absolute")
        #expect(HTTPRequestTarget("HTTPS://h:1?x=1").path == "/")
        #expect(HTTPRequestTarget("https://h").query.isEmpty)
    }

    @Test func theLogEscapesWhatCouldForgeAFieldAndKeepsWhatFollowsANUL() throws {
        _ = try send("GET /a FORGED 200 0B HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try send("GET /b\u{2028}\u{202E}c HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        _ = try send(Data("GET /c".utf8) + Data([0]) + Data("after HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        server.stop()
        let lines = log.all
        #expect(lines.contains { $0.hasPrefix(#"GET /a\x20FORGED\x20200\x200B 400 "#) })
        #expect(lines.contains { $0.hasPrefix(#"GET /b\u{2028}\u{202e}c 404 "#) })
        #expect(lines.contains { $0.hasPrefix(#"GET /c\x00after 400 "#) })
        for line in lines {
            #expect(line.split(separator: " ").count <= 6)
            #expect(!line.unicodeScalars.contains { $0.value < 0x21 && $0 != " " || [0x2028, 0x2029, 0x202E].contains($0.value) })
        }
    }
}
