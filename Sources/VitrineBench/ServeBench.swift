import CommandLineSupport
import Foundation
import HTTPServer
import RetailBackend
import RetailContract
#if canImport(Glibc)
import Glibc
#endif

/// `vitrine bench serve [--seconds 10] [--rounds 5] [--connections 16] [--threads 1]`: what
/// composing the home page costs over HTTP. The server runs in this process on an ephemeral
/// loopback port, on the demo catalogue exported to files and watched as `vitrine serve
/// --catalogue` watches it; `wrk` loads `GET /v1/home` and a static copy of the same page
/// (same bytes, same headers) served by the same front, and the ratio of the two is the cost
/// of composition. nginx (`NginxPeer`, when installed) serves the same bytes with the same
/// `Content-Type` from as many worker processes as the front has threads, and the ratio of the
/// home page's throughput to nginx's is what the whole HTTP path costs against a server made
/// for it. Each gets `seconds` in all, split into alternating rounds, so that load from other
/// processes on a shared machine falls on all alike. Then the cost of catalogue reloads under
/// load (`ServeBench+Reload`).
enum ServeBench {
    static let homeTarget = "\(RetailRoutes.home)?locale=en-US&appVersion=2.6.0&userSegment=returning&capabilities=video"
    static let staticPath = "/static/home.json"

    struct Options {
        var seconds = 10
        var rounds = 5
        var connections = 16
        var threads = 1

        init() {}

        init(_ arguments: [String]) throws(UsageError) {
            self = try Self.syntax.parse(arguments, into: Options()).options.checked()
        }

        /// These options, when they go together.
        func checked() throws(UsageError) -> Options {
            guard connections >= threads else { throw .init("--connections must be at least --threads") }
            guard seconds >= rounds else { throw .init("--seconds must be at least --rounds") }
            return self
        }

        static var syntax: OptionParser<Options> {
            OptionParser(
                command: "vitrine bench serve",
                options: [
                    .number("--seconds", "10", in: 1...3_600) { $0.seconds = $1 },
                    .number("--rounds", "5", in: 1...1_000) { $0.rounds = $1 },
                    .number("--connections", "16", in: 1...10_000) { $0.connections = $1 },
                    .number("--threads", "1", in: 1...256) { $0.threads = $1 },
                ],
                forms: [[[.optional("--seconds"), .optional("--rounds"), .optional("--connections"), .optional("--threads")]]])
        }
    }

    static func run(_ arguments: [String], console: Console) async -> Int32 {
        var status: Int32 = 0
        guard let options = BenchOptions.parse(arguments, into: Options(), with: Options.syntax, console: console, status: &status,
                                               checked: { options throws(UsageError) in try options.checked() }) else { return status }
        guard let wrk = WrkTool.locate() else {
            console.err("vitrine bench serve: wrk is not on PATH (make bench installs it: scripts/setup.sh wrk, or apt-get install wrk)")
            return 1
        }
        let backend: HomeBackend
        let catalogue: URL
        do {
            catalogue = try exportCatalogue(campaigns: 0)
            var configuration = HomeBackend.Configuration()
            configuration.catalogue = .directory(catalogue)
            backend = try HomeBackend(configuration: configuration)
        } catch {
            console.err("vitrine bench serve: the backend did not start: \(error)")
            return 1
        }
        defer { try? FileManager.default.removeItem(at: catalogue) }
        // The static baseline is the composed page itself, so both routes send the same bytes
        // with the same headers and only composition differs.
        let target = URLComponents(string: homeTarget)
        let homeRequest = HTTPRequest(
            method: "GET", path: RetailRoutes.home,
            query: (target?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            headers: ["host": "127.0.0.1", "user-agent": "vitrine-bench"])
        let page = backend.respond(to: homeRequest)
        guard page.status == 200 else {
            console.err("vitrine bench serve: GET \(homeTarget) answered \(page.status), not 200; nothing to measure")
            return 1
        }
        var staticPage = page
        staticPage.delay = .zero
        var configuration = HTTPServer.Configuration.ephemeral
        configuration.staticRoutes = [staticPath: staticPage]
        configuration.maxConnectionsPerAddress = max(configuration.maxConnectionsPerAddress, options.connections * 2)
        let server: HTTPServer
        do {
            server = try HTTPServer(handler: backend, configuration: configuration)
        } catch {
            console.err("vitrine bench serve: \(error)")
            return 1
        }
        defer { server.stop() }
        let nginx: NginxPeer?
        if let executable = NginxPeer.locate() {
            do {
                nginx = try NginxPeer(executable: executable, page: peerPage(page), workers: configuration.threadCount)
            } catch {
                console.err("vitrine bench serve: \(error)")
                return 1
            }
        } else {
            nginx = nil
        }
        defer { nginx?.stop() }

        do {
            // Warm every route (caches, lazily built data) before anything is measured.
            let urls = [server.baseURL + staticPath, server.baseURL + homeTarget] + (nginx.map { [$0.baseURL + homeTarget] } ?? [])
            for url in urls {
                _ = try wrk.run(url: url, seconds: 1, connections: options.connections, threads: options.threads)
            }
            var stillRounds: [WrkReport] = []
            var homeRounds: [WrkReport] = []
            var nginxRounds: [WrkReport] = []
            // CPU seconds the server (this process) and nginx spent in each route's runs.
            var cpu: [String: Double] = [:]
            func measured(_ name: String, _ meter: () -> Double, _ run: () throws -> WrkReport) rethrows -> WrkReport {
                let before = meter()
                let report = try run()
                cpu[name, default: 0] += meter() - before
                return report
            }
            for round in 0..<options.rounds {
                // Whole seconds per round; the first rounds take the remainder.
                let seconds = options.seconds / options.rounds + (round < options.seconds % options.rounds ? 1 : 0)
                stillRounds.append(try measured("static", processCPUSeconds) {
                    try wrk.run(url: server.baseURL + staticPath, seconds: seconds, connections: options.connections, threads: options.threads)
                })
                homeRounds.append(try measured("home", processCPUSeconds) {
                    try wrk.run(url: server.baseURL + homeTarget, seconds: seconds, connections: options.connections, threads: options.threads)
                })
                if let nginx {
                    nginxRounds.append(try measured("nginx", nginx.cpuSeconds) {
                        try wrk.run(url: nginx.baseURL + homeTarget, seconds: seconds, connections: options.connections, threads: options.threads)
                    })
                }
            }
            func microsecondsPerRequest(_ name: String, _ report: WrkReport) -> String {
                format((cpu[name] ?? 0) * 1e6 / Double(max(report.requests, 1)))
            }
            let still = WrkReport(combining: stillRounds)
            let home = WrkReport(combining: homeRounds)
            let peer = nginxRounds.isEmpty ? nil : WrkReport(combining: nginxRounds)
            for (name, report) in [("static", still), ("home", home)] + (peer.map { [("nginx", $0)] } ?? [])
            where report.failedResponses > 0 || report.socketErrors > 0 {
                console.err("vitrine bench serve: \(name) run had \(report.failedResponses) non-2xx/3xx responses and \(report.socketErrors) socket errors")
            }
            console.out("page_bytes = \(page.body.count)")
            console.out("home_handler_us = \(format(handlerMicroseconds(backend, homeRequest)))")
            console.out("home_requests_per_second = \(format(home.requestsPerSecond))")
            console.out("home_p99_ms = \(format(home.p99Milliseconds))")
            console.out("static_requests_per_second = \(format(still.requestsPerSecond))")
            console.out("static_p99_ms = \(format(still.p99Milliseconds))")
            console.out("home_cpu_us_per_request = \(microsecondsPerRequest("home", home))")
            console.out("static_cpu_us_per_request = \(microsecondsPerRequest("static", still))")
            console.out("compose_vs_static_ratio = \(format(still.requestsPerSecond / max(home.requestsPerSecond, 0.001)))")
            if let peer {
                console.out("# nginx: \(configuration.threadCount) worker processes, as many as the front's threads")
                console.out("nginx_requests_per_second = \(format(peer.requestsPerSecond))")
                console.out("nginx_p99_ms = \(format(peer.p99Milliseconds))")
                console.out("nginx_cpu_us_per_request = \(microsecondsPerRequest("nginx", peer))")
                console.out("compose_vs_nginx_ratio = \(format(home.requestsPerSecond / max(peer.requestsPerSecond, 0.001)))")
            } else {
                console.out("# nginx: not found, compose_vs_nginx_ratio skipped (make bench installs it)")
            }
            let edits = try editToPage(edits: 9)
            console.out("edit_to_page_ms_median = \(format(edits[edits.count / 2]))")
            console.out("edit_to_page_ms_max = \(format(edits.last ?? .nan))")
            let reload = try reloadFigures(wrk: wrk, options: options)
            console.out("reload_campaigns = \(reloadCampaigns + 11)")
            console.out("reloads = \(reload.reloads)")
            console.out("reload_ms = \(format(reload.reloadMilliseconds))")
            console.out("home_p99_quiet_ms = \(format(reload.quiet.p99Milliseconds))")
            console.out("home_p99_reloading_ms = \(format(reload.reloading.p99Milliseconds))")
            console.out("reload_p99_ratio = \(format(reload.reloading.p99Milliseconds / max(reload.quiet.p99Milliseconds, 0.001)))")
            let failed = home.failedResponses + still.failedResponses + (peer?.failedResponses ?? 0)
                + reload.quiet.failedResponses + reload.reloading.failedResponses
            if reload.quiet.failedResponses + reload.reloading.failedResponses > 0 {
                console.err("vitrine bench serve: reload runs had \(reload.quiet.failedResponses + reload.reloading.failedResponses) non-2xx/3xx responses")
            }
            return failed == 0 ? 0 : 1
        } catch {
            console.err("vitrine bench serve: \(error)")
            return 1
        }
    }

    /// CPU time (user and system, in seconds) this process, the server's threads with it, has
    /// used so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The page as nginx serves it: the same path, bytes and `Content-Type`, and the page's
    /// other header fields but those nginx writes itself.
    static func peerPage(_ page: HTTPResponse) -> NginxPeer.Page {
        let contentType = page.headers.first { $0.name.lowercased() == "content-type" }?.value ?? "application/json"
        return NginxPeer.Page(path: RetailRoutes.home, body: page.body, contentType: contentType, headers: page.headers)
    }

    /// The handler alone, without HTTP: microseconds per `GET /v1/home` on one thread, which
    /// says how much of the HTTP figure is composition.
    private static func handlerMicroseconds(_ backend: HomeBackend, _ request: HTTPRequest) -> Double {
        let clock = ContinuousClock()
        var calls = 0
        var bytes = 0
        let elapsed = clock.measure {
            let deadline = clock.now.advanced(by: .seconds(1))
            while clock.now < deadline {
                for _ in 0..<100 { bytes &+= backend.respond(to: request).body.count }
                calls += 100
            }
        }
        // Using the byte count keeps the optimiser from dropping the calls.
        guard bytes > 0 else { return .nan }
        return Double(elapsed / .nanoseconds(1)) / 1000 / Double(calls)
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
