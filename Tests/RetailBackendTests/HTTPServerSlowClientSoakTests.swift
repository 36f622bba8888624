import Foundation
@testable import HTTPServer
@testable import RetailBackend
import Testing

/// Slow clients in bulk, bounded: with hundreds of trickling and half-closed connections open,
/// normal requests keep succeeding, and once those clients are gone the server holds no connection
/// and its memory is back where it was. A few seconds; bounded by the head deadline, never by a
/// sleep.
@Suite("HTTP server: slow-client soak")
struct HTTPServerSlowClientSoakTests {
    @Test func normalRequestsSucceedWhileHundredsOfSlowClientsAreOpen() throws {
        let backend = try makeBackend()
        var configuration = HTTPServer.Configuration.ephemeral
        configuration.headTimeout = .seconds(2)
        let server = try HTTPServer(handler: backend, configuration: configuration)
        defer { server.stop() }
        let token = try startSession(backend).token
        let normal = "GET /v1/cart HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: Bearer \(token)\r\n\r\n"
        // Warm up, then measure the baseline with the server's caches and pools in use.
        for _ in 0..<20 { _ = try server.exchange(normal) }
        let baseline = residentBytes()

        // 400 trickling connections (head begun, never finished) from eight addresses of
        // 127.0.0.0/8, 50 each, under the per-address limit; and 400 half-closed ones.
        var slow: [RawSocketClient] = []
        for index in 0..<400 {
            let client = try RawSocketClient(port: server.port, from: "127.0.1.\(index % 8 + 1)")
            client.send("POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n")
            slow.append(client)
        }
        for index in 0..<400 {
            let client = try RawSocketClient(port: server.port, from: "127.0.2.\(index % 8 + 1)")
            client.send("POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n{")
            client.reset()
        }
        #expect(server.wait(timeout: .seconds(5)) { $0.openConnections >= 400 })

        // Normal requests from 127.0.0.1, while they are all open: every one answered.
        var answered = 0
        for _ in 0..<200 where try server.exchange(normal)?.status == 200 { answered += 1 }
        #expect(answered == 200)
        let loaded = residentBytes()

        // The head deadline closes the trickling ones; the clients' own ends go too.
        #expect(server.wait(timeout: .seconds(10)) { $0.openConnections == 0 })
        // Nothing of theirs is held: no connection, no request context.
        #expect(server.requestsInFlight == 0)
        slow.removeAll()
        #expect(try server.exchange(normal)?.status == 200)
        let after = residentBytes()
        // libmicrohttpd's 72 KiB pools are mapped and unmapped per connection, so what the
        // slow clients cost is given back. Run alone this is 40 MiB before and after; other
        // suites allocate in the same process meanwhile, so the bound leaves them room.
        print("slow-client soak: resident \(baseline >> 20) MiB before, \(loaded >> 20) MiB loaded, \(after >> 20) MiB after")
        #expect(after - baseline < 32 << 20, "resident \(baseline >> 20) MiB before, \(loaded >> 20) MiB loaded, \(after >> 20) MiB after")
    }
}
