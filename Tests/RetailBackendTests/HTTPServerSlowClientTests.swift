import Foundation
@testable import HTTPServer
@testable import RetailBackend
import Testing

/// Clients that trickle, vanish mid-request or leave while their answer is held back must
/// not keep their slot.
@Suite("HTTP server: slow and vanishing clients")
final class HTTPServerSlowClientTests {
    let handler = RecordingHandler()
    let log = LogCollector()

    func server(_ configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration.ephemeral
        configure(&configuration)
        return try HTTPServer(handler: handler, configuration: configuration, log: log.sink)
    }

    /// Sends `text` a byte at a time, `gap` apart, until the server closes; returns whether it
    /// closed before `limit` (each send answers at once: the gap is the client's pace).
    func trickle(_ text: String, on client: RawSocketClient, gap: Duration, limit: Int) -> Bool {
        let pause = DispatchSemaphore(value: 0)
        for byte in Array(text.utf8).prefix(limit) {
            guard client.send(Data([byte])) else { return true }
            _ = pause.wait(timeout: .now() + .nanoseconds(HTTPServer.nanoseconds(gap)))
        }
        return client.readUntilClosed().isEmpty
    }

    @Test func aHeadTricklingInSteadilyIsCutAtItsDeadline() throws {
        let server = try server { $0.headTimeout = .milliseconds(600) }
        defer { server.stop() }
        let client = try RawSocketClient(port: server.port)
        let started = ContinuousClock.now
        // One byte every 100 ms keeps an idle timer happy for ever; the head deadline does not.
        client.send("GET /echo HTTP/1.1\r\n")
        let rest = "Host: t\r\nX-Slow: " + String(repeating: "s", count: 200) + "\r\n\r\n"
        #expect(trickle(rest, on: client, gap: .milliseconds(100), limit: 60))
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(handler.count == 0)
        #expect(try server.stillServes())
        server.stop()
        // The request line had arrived, the headers never did.
        #expect(log.all.contains { $0.hasPrefix("- /echo -") && $0.hasSuffix("head-timeout") })
    }

    @Test func aBodyBelowTheMinimumRateIsCut() throws {
        let server = try server { $0.bodyRateWindow = .milliseconds(500); $0.minimumBodyRate = 100 }
        defer { server.stop() }
        let client = try RawSocketClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
        #expect(trickle(String(repeating: " ", count: 1000), on: client, gap: .milliseconds(100), limit: 60))
        #expect(handler.count == 0)
        server.stop()
        #expect(log.all.contains { $0.hasPrefix("POST /echo -") && $0.hasSuffix("slow-body") })
    }

    @Test func slowClientsOfOneAddressCannotLockOutAnother() throws {
        let server = try server()
        defer { server.stop() }
        // As many trickling connections as one address may open, from 127.0.0.2.
        let slow = try (0..<server.maxConnectionsPerAddressForTests).map { _ in try RawSocketClient(port: server.port, from: "127.0.0.2") }
        for client in slow { client.send("GET /echo HTTP/1.1\r\n") }
        #expect(server.wait(timeout: .seconds(5)) { $0.openConnections >= slow.count })
        // One more from that address is refused, and 127.0.0.1 is served.
        let extra = try RawSocketClient(port: server.port, from: "127.0.0.2")
        extra.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(extra.readUntilClosed().isEmpty)
        #expect(try server.stillServes())
    }

    @Test func clientsThatCloseMidRequestFreeTheirSlotAtOnce() throws {
        let server = try server()
        defer { server.stop() }
        // Ten times the per-address limit, each half a request and gone: with libmicrohttpd's
        // epoll mode every slot stayed taken until the 10 s idle timeout.
        for _ in 0..<(10 * server.maxConnectionsPerAddressForTests) {
            let client = try RawSocketClient(port: server.port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        }
        #expect(server.wait(timeout: .seconds(3)) { $0.openConnections == 0 })
        #expect(try server.stillServes())
    }

    @Test func aHeldBackAnswerWhoseClientLeftFreesItsSlot() throws {
        let server = try server { $0.maxConnectionsPerAddress = 16 }
        defer { server.stop() }
        var held: [RawSocketClient] = []
        for _ in 0..<16 {
            let client = try RawSocketClient(port: server.port)
            client.send("GET /slow?ms=60000 HTTP/1.1\r\nHost: t\r\n\r\n")
            held.append(client)
        }
        #expect(server.wait(timeout: .seconds(5)) { $0.suspendedConnections == 16 })
        for client in held { client.reset() }
        held.removeAll()
        // Suspended connections are not polled by libmicrohttpd; the front notices they left.
        #expect(server.wait(timeout: .seconds(3)) { $0.suspendedConnections == 0 && $0.openConnections == 0 })
        #expect(try server.stillServes())
    }

    @Test func heldBackAnswersAreBounded() throws {
        let server = try server { $0.maxSuspendedConnections = 4 }
        defer { server.stop() }
        let held = try (0..<4).map { _ in try RawSocketClient(port: server.port) }
        for client in held { client.send("GET /slow?ms=60000 HTTP/1.1\r\nHost: t\r\n\r\n") }
        #expect(server.wait(timeout: .seconds(5)) { $0.suspendedConnections == 4 })
        // The fifth is answered at once, without its delay.
        #expect(try server.exchange("GET /slow?ms=60000 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")?.status == 200)
        #expect(server.suspendedConnections == 4)
    }
}

extension HTTPServer {
    /// The default per-address limit, which these tests work against.
    var maxConnectionsPerAddressForTests: Int { HTTPServer.Configuration().maxConnectionsPerAddress }
}
