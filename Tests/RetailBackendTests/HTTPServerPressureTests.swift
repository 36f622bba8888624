import Foundation
@testable import HTTPServer
@testable import RetailBackend
import Testing

/// Bodies that arrive fast and then stall, bodies that take too long, servers filled from a
/// few dozen addresses, and the memory a wave of bodies leaves behind: none holds the server,
/// as a stalled or slow body is cut, a few addresses cannot fill it, and the memory goes back.
@Suite("HTTP server: pressure, body rates and memory")
final class HTTPServerPressureTests {
    let handler = RecordingHandler()
    let log = LogCollector()

    func server(_ configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration.ephemeral
        configure(&configuration)
        return try HTTPServer(handler: handler, configuration: configuration, log: log.sink)
    }

    /// Sends one byte every `gap` until the server closes or `limit` bytes went; whether it closed.
    func trickle(on client: RawSocketClient, gap: Duration, limit: Int) -> Bool {
        let pause = DispatchSemaphore(value: 0)
        for _ in 0..<limit {
            guard client.send(" ") else { return true }
            _ = pause.wait(timeout: .now() + .nanoseconds(HTTPServer.nanoseconds(gap)))
        }
        return client.readUntilClosed().isEmpty
    }

    @Test func aBodySentFastThenStalledIsCutOneWindowLater() throws {
        let server = try server { $0.bodyRateWindow = .milliseconds(400); $0.minimumBodyRate = 1000 }
        defer { server.stop() }
        let client = try RawSocketClient(port: server.port)
        let started = ContinuousClock.now
        // 200 KB at once: on average since the start, 1000 B/s would hold for 200 s.
        client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 300000\r\n\r\n")
        client.send(Data(repeating: UInt8(ascii: " "), count: 200_000))
        #expect(trickle(on: client, gap: .milliseconds(100), limit: 60))
        #expect(ContinuousClock.now - started < .seconds(4))
        server.stop()
        #expect(log.all.contains { $0.hasPrefix("POST /echo -") && $0.hasSuffix("slow-body") })
        #expect(handler.count == 0)
    }

    @Test func aChunkedBodySentFastThenStalledIsCutToo() throws {
        let server = try server { $0.bodyRateWindow = .milliseconds(400); $0.minimumBodyRate = 1000 }
        defer { server.stop() }
        let client = try RawSocketClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        client.send("30d40\r\n" + String(repeating: " ", count: 200_000) + "\r\n10000\r\n")
        #expect(trickle(on: client, gap: .milliseconds(100), limit: 60))
        server.stop()
        #expect(log.all.contains { $0.hasPrefix("POST /echo -") && $0.hasSuffix("slow-body") })
    }

    @Test func aBodyThatKeepsTheRateButTakesTooLongIsCut() throws {
        let server = try server {
            $0.bodyRateWindow = .milliseconds(200)
            $0.minimumBodyRate = 5
            $0.maxBodyDuration = .milliseconds(800)
        }
        defer { server.stop() }
        let client = try RawSocketClient(port: server.port)
        let started = ContinuousClock.now
        client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
        // 20 B/s, four times the rate, for ever.
        #expect(trickle(on: client, gap: .milliseconds(50), limit: 100))
        #expect(ContinuousClock.now - started < .seconds(4))
        server.stop()
        #expect(log.all.contains { $0.hasPrefix("POST /echo -") && $0.hasSuffix("body-timeout") })
    }

    @Test func tricklersFromAFewAddressesCannotFillTheServer() throws {
        // Four addresses at the per-address limit would hold every slot; under pressure each
        // gets its fair share of the high-water mark and old heads are cut.
        let server = try server {
            $0.maxConnections = 64
            $0.maxConnectionsPerAddress = 16
            $0.pressureThreshold = 0.5
            $0.pressureHeadTimeout = .milliseconds(300)
            $0.headTimeout = .seconds(30)
        }
        defer { server.stop() }
        var slow: [RawSocketClient] = []
        for index in 0..<64 {
            let client = try RawSocketClient(port: server.port, from: "127.0.3.\(index % 4 + 1)")
            client.send("GET /echo HTTP/1.1\r\nHost: t\r\n")
            slow.append(client)
        }
        #expect(server.openConnections < 64)
        // A client from another address is served at once, again and again.
        var answered = 0
        for _ in 0..<20 where try server.stillServes() { answered += 1 }
        #expect(answered == 20)
        // At the high-water mark (32) the oldest heads are cut after 300 ms, not 30 s,
        // towards the low-water mark (24).
        #expect(server.wait(timeout: .seconds(5)) { $0.openConnections < 32 }, "\(server.openConnections) open")
        slow.removeAll()
        #expect(server.wait(timeout: .seconds(5)) { $0.requestsInFlight == 0 })
        server.stop()
        #expect(log.all.contains { $0.hasSuffix("pressure") })
    }

    @Test func connectionsPerAddressCountIPv6ByItsSlash64AndShareUnderPressure() {
        let watch = HTTPConnectionWatch(limits: .init(
            headTimeout: .seconds(10), minimumBodyRate: 1, bodyRateWindow: .seconds(10), maxBodyDuration: .seconds(60),
            maxConnectionsPerAddress: 2, highWater: 6, lowWater: 4, pressureHeadTimeout: .seconds(1)))
        var first = sockaddr_in6()
        first.sin6_family = sa_family_t(AF_INET6)
        var second = first
        inet_pton(AF_INET6, "2001:db8:1:2::1", &first.sin6_addr)
        inet_pton(AF_INET6, "2001:db8:1:2:ffff:1:2:3", &second.sin6_addr)
        let key = withUnsafePointer(to: &first) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { HTTPConnection.clientAddress(of: $0) } }
        let other = withUnsafePointer(to: &second) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { HTTPConnection.clientAddress(of: $0) } }
        #expect(key == "2001:db8:1:2::/64")
        #expect(other == key)
        #expect(watch.admits(key))
        _ = watch.register(descriptor: -1, address: key)
        _ = watch.register(descriptor: -1, address: other)
        #expect(!watch.admits(key))
        // Pressure: six open from three addresses; a fourth address gets in, the full ones not.
        for address in ["10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.2"] { _ = watch.register(descriptor: -1, address: address) }
        #expect(watch.admits("10.0.0.3"))
        #expect(!watch.admits("10.0.0.1"))
    }

    @Test func memoryFromAWaveOfLargeBodiesGoesBack() throws {
        let server = try server()
        defer { server.stop() }
        _ = try server.stillServes()
        let baseline = residentBytes()
        let body = Data(repeating: UInt8(ascii: " "), count: 900_000)
        for wave in 0..<3 {
            var clients: [RawSocketClient] = []
            for index in 0..<24 {
                let client = try RawSocketClient(port: server.port, from: "127.0.4.\(wave * 24 + index + 1)")
                client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n")
                client.send(body)
                clients.append(client)
            }
            #expect(server.wait(timeout: .seconds(5)) { $0.openConnections >= 24 })
            for client in clients { client.reset() }
            clients.removeAll()
            #expect(server.wait(timeout: .seconds(5)) { $0.openConnections == 0 })
        }
        // The watch gives freed memory back on its next tick once no body is arriving.
        let pause = DispatchSemaphore(value: 0)
        var after = residentBytes()
        for _ in 0..<40 where after - baseline >= 16 << 20 {
            _ = pause.wait(timeout: .now() + .milliseconds(50))
            after = residentBytes()
        }
        print("body waves: resident \(baseline >> 20) MiB before, \(after >> 20) MiB after three waves of 24 × 900 KB")
        #expect(after - baseline < 16 << 20, "resident \(baseline >> 20) MiB before, \(after >> 20) MiB after")
    }
}
