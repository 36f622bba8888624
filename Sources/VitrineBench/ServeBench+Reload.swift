import Foundation
import HTTPServer
import RetailBackend
import Synchronization
import RetailContract

/// `vitrine bench serve`'s reload figures: what a catalogue reload costs the requests served
/// while it runs. A catalogue of the demo and 1,000 generated campaigns is served from files;
/// `wrk` loads `GET /v1/home` in alternating rounds, quiet ones and ones during which a
/// campaign file is edited and the catalogue reloaded every `reloadInterval` (the watcher's
/// pace), and the p99 latencies of the two are compared (`reload_p99_ratio`, 1 meaning a
/// reload costs the requests nothing).
extension ServeBench {
    static let reloadCampaigns = 1_000
    static let reloadInterval = Duration.milliseconds(200)

    struct ReloadFigures {
        var quiet: WrkReport
        var reloading: WrkReport
        var reloads: Int
        var reloadMilliseconds: Double
    }

    /// A temporary catalogue directory with the demo and `campaigns` generated campaigns,
    /// anchored at now; the caller removes it.
    static func exportCatalogue(campaigns: Int) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-catalogue-\(UUID().uuidString)")
        let anchor = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        try CatalogueTools.exportDemo(to: directory, anchor: anchor, extraCampaigns: campaigns)
        return directory
    }

    static func reloadFigures(wrk: WrkTool, options: Options) throws -> ReloadFigures {
        let directory = try exportCatalogue(campaigns: reloadCampaigns)
        defer { try? FileManager.default.removeItem(at: directory) }
        var backendConfiguration = HomeBackend.Configuration()
        backendConfiguration.catalogue = .directory(directory)
        backendConfiguration.catalogue.pollInterval = nil
        let backend = try HomeBackend(configuration: backendConfiguration)
        var configuration = HTTPServer.Configuration.ephemeral
        configuration.maxConnectionsPerAddress = max(configuration.maxConnectionsPerAddress, options.connections * 2)
        let server = try HTTPServer(handler: backend, configuration: configuration)
        defer { server.stop() }
        let url = server.baseURL + homeTarget
        _ = try wrk.run(url: url, seconds: 1, connections: options.connections, threads: options.threads)

        let edited = directory.appendingPathComponent("campaigns/cmp-gen-0000.json")
        let original = try String(contentsOf: edited, encoding: .utf8)
        var quietRounds: [WrkReport] = []
        var reloadingRounds: [WrkReport] = []
        var reloads = 0
        var reloadTime = Duration.zero
        for round in 0..<options.rounds {
            let seconds = options.seconds / options.rounds + (round < options.seconds % options.rounds ? 1 : 0)
            quietRounds.append(try wrk.run(url: url, seconds: seconds, connections: options.connections, threads: options.threads))
            let reloader = Reloader(backend: backend, file: edited, original: original)
            reloader.start()
            reloadingRounds.append(try wrk.run(url: url, seconds: seconds, connections: options.connections, threads: options.threads))
            let (count, time) = reloader.stop()
            reloads += count
            reloadTime += time
        }
        return ReloadFigures(
            quiet: WrkReport(combining: quietRounds), reloading: WrkReport(combining: reloadingRounds), reloads: reloads,
            reloadMilliseconds: reloads == 0 ? .nan : Double(reloadTime / .microseconds(1)) / 1000 / Double(reloads))
    }

    /// Milliseconds from an edit of a campaign's title to the first home page that shows it, the
    /// watcher running as in `vitrine serve --catalogue`: `edits` edits, sorted.
    static func editToPage(edits: Int) throws -> [Double] {
        let directory = try exportCatalogue(campaigns: 0)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = HomeBackend.Configuration()
        configuration.catalogue = .directory(directory)
        let backend = try HomeBackend(configuration: configuration)
        let target = URLComponents(string: homeTarget)
        let request = HTTPRequest(method: "GET", path: RetailRoutes.home, query: (target?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        let file = directory.appendingPathComponent("campaigns/cmp-winter.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let clock = ContinuousClock()
        var figures: [Double] = []
        for edit in 1...edits {
            let title = "Winter Sale \(edit)"
            try Data(original.replacingOccurrences(of: "\"Winter Sale\"", with: "\"\(title)\"").utf8).write(to: file, options: .atomic)
            let started = clock.now
            let needle = Data("\"\(title)\"".utf8)
            while backend.respond(to: request).body.range(of: needle) == nil, clock.now - started < .seconds(30) {
                Thread.sleep(forTimeInterval: 0.005)
            }
            figures.append(Double((clock.now - started) / .microseconds(1)) / 1000)
        }
        return figures.sorted()
    }

    /// Edits a campaign file (its priority, back and forth) and reloads, every
    /// `reloadInterval`, on a utility thread as the server's reloads run, until stopped.
    final class Reloader: Sendable {
        private let backend: HomeBackend
        private let file: URL
        private let original: String
        private let state = Mutex((stop: false, count: 0, time: Duration.zero))
        private let done = DispatchSemaphore(value: 0)

        init(backend: HomeBackend, file: URL, original: String) {
            self.backend = backend
            self.file = file
            self.original = original
        }

        func start() {
            let thread = Thread { [self] in
                let clock = ContinuousClock()
                var edit = 0
                while !state.withLock({ $0.stop }) {
                    let started = clock.now
                    edit += 1
                    let text = edit % 2 == 1 ? original.replacingOccurrences(of: "\"priority\": 0", with: "\"priority\": 1") : original
                    try? Data(text.utf8).write(to: file, options: .atomic)
                    let reload = backend.reloadCatalogue()
                    let took = clock.now - started
                    state.withLock { state in
                        if case .applied = reload { state.count += 1 }
                        state.time += took
                    }
                    let rest = ServeBench.reloadInterval - took
                    if rest > .zero { Thread.sleep(forTimeInterval: Double(rest / .microseconds(1)) / 1_000_000) }
                }
                done.signal()
            }
            thread.qualityOfService = .utility
            thread.start()
        }

        /// Stops, and returns the reloads applied and the time they took.
        func stop() -> (Int, Duration) {
            state.withLock { $0.stop = true }
            done.wait()
            return state.withLock { ($0.count, $0.time) }
        }
    }
}
