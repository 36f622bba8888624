import Foundation
@testable import HTTPServer
@testable import RetailBackend
import Testing

/// Hostile and broken clients: each gets an error or a closed connection, never reaches the
/// handler with a partial request, and the server keeps serving everyone else.
@Suite("HTTP server: limits and bad clients")
final class HTTPServerLimitsTests {
    let handler = RecordingHandler()
    let log = LogCollector()
    let server: HTTPServer

    init() throws {
        var configuration = HTTPServer.Configuration.ephemeral
        configuration.connectionTimeout = .seconds(1)
        configuration.maxHeaderBytes = 16 * 1024
        server = try HTTPServer(handler: handler, configuration: configuration, log: log.sink)
    }

    deinit { server.stop() }

    /// A reply that is either nothing (closed) or a 4xx.
    private func isRefused(_ reply: RawHTTPReply?) -> Bool {
        reply.map { (400..<500).contains($0.status) } ?? true
    }

    @Test func malformedRequestLineIsRefused() throws {
        let reply = try server.exchange("GARBAGE\r\n\r\n")
        #expect(isRefused(reply))
        #expect(handler.count == 0)
        #expect(try server.stillServes())
    }

    @Test func binaryJunkIsRefused() throws {
        let client = try RawSocketClient(port: server.port)
        client.send(Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }) + Data("\r\n\r\n".utf8))
        #expect(isRefused(client.readReply()))
        #expect(handler.count == 0)
        #expect(try server.stillServes())
    }

    @Test func oversizedHeadersAreRefused() throws {
        let huge = String(repeating: "a", count: 64 * 1024)
        let reply = try server.exchange("GET /echo HTTP/1.1\r\nHost: test\r\nX-Huge: \(huge)\r\nConnection: close\r\n\r\n")
        #expect(isRefused(reply))
        if let reply { #expect([400, 413, 414, 431].contains(reply.status)) }
        #expect(handler.count == 0)
        #expect(try server.stillServes())
    }

    @Test func invalidContentLengthIsRefused() throws {
        let reply = try server.exchange(
            "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 12abc\r\nConnection: close\r\n\r\n{}")
        #expect(isRefused(reply))
        #expect(handler.count == 0)
        #expect(try server.stillServes())
    }

    @Test(arguments: ["9223372036854775808", "18446744073709551615"])
    func aContentLengthBeyondIntGets413AtOnce(length: String) throws {
        let client = try RawSocketClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n{}")
        let reply = client.readReply()
        #expect(reply?.status == 413)
        #expect(reply.map { String(decoding: $0.body, as: UTF8.self).contains("payload_too_large") } == true)
        #expect(handler.count == 0)
        #expect(try server.stillServes())
    }

    @Test func declaredLengthsReadWithoutOverflow() {
        #expect(HTTPServerCore.declaredLength("1048577") == 1_048_577)
        #expect(HTTPServerCore.declaredLength(" 0 ") == 0)
        #expect(HTTPServerCore.declaredLength("99999999999999999999999") == Int.max)
        #expect(HTTPServerCore.declaredLength("12abc") == nil)
        #expect(HTTPServerCore.declaredLength("-1") == nil)
        #expect(HTTPServerCore.declaredLength("5, 5") == nil)
        #expect(HTTPServerCore.declaredLength("\t42\t") == 42)
        #expect(HTTPServerCore.declaredLength("") == nil && HTTPServerCore.declaredLength(" \t ") == nil)
        #expect(HTTPServerCore.declaredLength("\(Int.max)") == Int.max)
        #expect(HTTPServerCore.declaredLength("9223372036854775808") == Int.max)
        // Past Int, a letter still makes it no length at all; a digit of another script is not a digit.
        #expect(HTTPServerCore.declaredLength("99999999999999999999x") == nil)
        #expect(HTTPServerCore.declaredLength("\u{0664}2") == nil)
    }

    @Test(arguments: ["99999999999999999999", "-1"])
    func absurdContentLengthIsRefused(length: String) throws {
        let client = try RawSocketClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n{}")
        #expect(isRefused(client.readReply()))
        #expect(handler.count == 0)
        #expect(try server.stillServes())
    }

    @Test func declaredBodyOverOneMebibyteGets413BeforeItIsSent() throws {
        let reply = try server.exchange(
            "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: \((1 << 20) + 1)\r\n\r\n")
        #expect(reply?.status == 413)
        #expect(reply?.errorCode == "payload_too_large")
        #expect(handler.count == 0)
        #expect(try server.stillServes())
    }

    @Test func chunkedBodyOverOneMebibyteGets413() throws {
        let client = try RawSocketClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        let chunk = Data(repeating: UInt8(ascii: " "), count: 64 * 1024)
        for _ in 0..<17 {
            client.send("10000\r\n")
            client.send(chunk)
            client.send("\r\n")
        }
        client.send("0\r\n\r\n")
        let reply = client.readReply()
        #expect(reply?.status == 413)
        #expect(reply?.errorCode == "payload_too_large")
        #expect(handler.count == 0)
        #expect(try server.stillServes())
    }

    @Test func bodyOfExactlyOneMebibyteIsAccepted() throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        let client = try RawSocketClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n")
        client.send(body)
        let reply = client.readReply()
        #expect(reply?.status == 200)
        #expect(handler.last?.body.count == 1 << 20)
    }

    @Test func clientStallingMidBodyIsTimedOut() throws {
        let client = try RawSocketClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"partial\":")
        // The server closes the connection after its 1 s idle timeout: that close is the
        // event this waits for.
        #expect(client.readUntilClosed().isEmpty)
        #expect(handler.count == 0)
        #expect(try server.stillServes())
        server.stop()
        #expect(log.all.contains { $0.hasPrefix("POST /echo - 0B") && $0.hasSuffix("timeout") })
        #expect(server.requestsInFlight == 0)
    }

    @Test func connectionsOverThePerAddressLimitAreClosed() throws {
        var configuration = HTTPServer.Configuration.ephemeral
        configuration.maxConnectionsPerAddress = 2
        let limited = try HTTPServer(handler: handler, configuration: configuration)
        defer { limited.stop() }
        let first = try RawSocketClient(port: limited.port)
        let second = try RawSocketClient(port: limited.port)
        // An answer on each proves both connections were accepted before the third arrives.
        first.send("GET /echo?id=1 HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(first.readReply()?.status == 200)
        second.send("GET /echo?id=2 HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(second.readReply()?.status == 200)
        let third = try RawSocketClient(port: limited.port)
        third.send("GET /echo?id=3 HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(third.readUntilClosed().isEmpty)
        // The held connections keep being served.
        second.send("GET /echo?id=4 HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(second.readReply()?.status == 200)
        #expect(handler.requests.withLock { $0.map { $0.queryValue("id") } } == ["1", "2", "4"])
    }

    @Test func badClientsLeaveNoRequestBehind() throws {
        _ = try server.exchange("GARBAGE\r\n\r\n")
        // Past libmicrohttpd's pool (about 40 KiB for this 16 KiB head limit): it refuses this
        // head itself.
        _ = try server.exchange("GET /echo HTTP/1.1\r\nHost: test\r\nX-Huge: \(String(repeating: "a", count: 80_000))\r\n\r\n")
        _ = try server.exchange("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 9999999\r\n\r\n")
        let abandoned = try RawSocketClient(port: server.port)
        abandoned.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{")
        #expect(try server.stillServes())
        server.stop()
        // Every request context was freed, including the ones libmicrohttpd refused itself.
        #expect(server.requestsInFlight == 0)
        #expect(log.all.contains { $0.hasSuffix("refused") })
    }

    @Test func idleConnectionIsClosed() throws {
        let client = try RawSocketClient(port: server.port)
        client.send("GET /echo HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(client.readReply()?.status == 200)
        // Keep-alive, then silence: the server hangs up after its idle timeout.
        #expect(client.readUntilClosed().isEmpty)
        #expect(try server.stillServes())
    }
}
