import CommandLineSupport
import Foundation
import HTTPServer
import RetailBackend
import Synchronization

/// `vitrine bench slow-clients [--slow 1000] [--addresses 16] [--requests 400]`: what slow
/// clients cost everyone else. The backend runs in this process behind the front as
/// `vitrine serve` configures it; normal requests (`GET /v1/cart`, a fresh connection each,
/// four clients at once from 127.0.0.1) are timed alone, then again while `--slow` connections
/// from `--addresses` other loopback addresses trickle a request head one byte a second.
/// Prints success rates, p99s and their ratio, and how long the head deadline takes to clear
/// the slow connections.
enum SlowClientsBench {
    struct Options {
        var slow = 1000
        var addresses = 16
        var requests = 400
    }

    static var syntax: OptionParser<Options> {
        OptionParser(
            command: "vitrine bench slow-clients",
            options: [
                .number("--slow", "1000", in: 1...100_000) { $0.slow = $1 },
                .number("--addresses", "16", in: 1...250) { $0.addresses = $1 },
                .number("--requests", "400", in: 1...1_000_000) { $0.requests = $1 },
            ],
            forms: [[[.optional("--slow"), .optional("--addresses"), .optional("--requests")]]])
    }

    static func run(_ arguments: [String], console: Console) async -> Int32 {
        var status: Int32 = 0
        guard let options = BenchOptions.parse(arguments, into: Options(), with: syntax, console: console, status: &status) else { return status }
        let (slowCount, addresses, requests) = (options.slow, options.addresses, options.requests)
        let server: HTTPServer
        let token: String
        do {
            var configuration = HTTPServer.Configuration.ephemeral
            configuration.port = 0
            let backend = try HomeBackend()
            // The normal requests read one guest shopper's cart.
            token = try BenchSession.token(of: backend)
            server = try HTTPServer(handler: backend, configuration: configuration)
        } catch {
            console.err("vitrine bench slow-clients: the server did not start: \(error)")
            return 1
        }
        defer { server.stop() }

        let alone = measure(port: server.port, requests: requests, token: token)
        // The slow clients: a request line and one header byte, then a byte a second.
        var slow: [LoopbackClient] = []
        for index in 0..<slowCount {
            guard let client = LoopbackClient(port: server.port, from: "127.0.9.\(index % addresses + 1)") else { continue }
            client.send("POST /v1/events HTTP/1.1\r\nH")
            slow.append(client)
        }
        let opened = Date()
        _ = server.wait(timeout: .seconds(3)) { $0.openConnections >= slow.count }
        let accepted = server.openConnections
        let trickling = Atomic<Bool>(true)
        let trickler = Thread { [slow] in
            let pause = DispatchSemaphore(value: 0)
            while trickling.load(ordering: .relaxed) {
                for client in slow { client.send("o") }
                _ = pause.wait(timeout: .now() + .seconds(1))
            }
        }
        trickler.start()
        let loaded = measure(port: server.port, requests: requests, token: token)
        let openDuring = server.openConnections
        let cleared = server.wait(timeout: .seconds(30)) { $0.openConnections == 0 }
        let clearSeconds = Date().timeIntervalSince(opened)
        trickling.store(false, ordering: .relaxed)
        slow.removeAll()

        console.out("slow_connections_attempted = \(slowCount)")
        console.out("slow_connections_open = \(accepted)")
        console.out("slow_connections_open_at_end_of_load = \(openDuring)")
        console.out("alone_success_rate = \(format(alone.successRate))")
        console.out("alone_p99_ms = \(format(alone.p99Milliseconds))")
        console.out("slow_success_rate = \(format(loaded.successRate))")
        console.out("slow_p99_ms = \(format(loaded.p99Milliseconds))")
        console.out("slow_vs_alone_p99_ratio = \(format(loaded.p99Milliseconds / max(alone.p99Milliseconds, 0.001)))")
        console.out("slow_cleared_seconds = \(cleared ? format(clearSeconds) : "not cleared in 30 s")")
        return loaded.successRate == 1 && cleared ? 0 : 1
    }

    struct Load {
        var successRate: Double
        var p99Milliseconds: Double
    }

    /// `requests` normal requests from four threads; each on its own connection.
    static func measure(port: Int, requests: Int, token: String) -> Load {
        let results = Mutex<[(ok: Bool, seconds: Double)]>([])
        let group = DispatchGroup()
        for worker in 0..<4 {
            group.enter()
            Thread {
                for _ in stride(from: worker, to: requests, by: 4) {
                    let started = ContinuousClock.now
                    let client = LoopbackClient(port: port)
                    client?.send("GET /v1/cart HTTP/1.1\r\nHost: bench\r\nConnection: close\r\nAuthorization: Bearer \(token)\r\n\r\n")
                    let ok = client?.status() == 200
                    let seconds = BenchSupport.seconds(ContinuousClock.now - started)
                    results.withLock { $0.append((ok, seconds)) }
                }
                group.leave()
            }.start()
        }
        group.wait()
        let all = results.withLock { $0 }
        let sorted = all.map(\.seconds).sorted()
        let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        return Load(successRate: Double(all.filter(\.ok).count) / Double(max(1, all.count)), p99Milliseconds: p99 * 1000)
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
