import CommandLineSupport
import FlowCore
import FlowRuntime
import Foundation
import HTTPServer
import Observation
import PageGenerator
import RetailBackend
import RetailKit
import RetailContract

/// `vitrine bench home [--iterations N]`: the time to first content from a warm disk cache
/// against decoding the same bytes from memory, in this process.
///
/// The candidate is what a warm start does: open the `HomeCache` (list its directory), make a
/// `HomeRepository` over it and `PageStore("home")` over that, load, and wait for the store's
/// first `loaded` state (the entry read, its checksum checked, the page decoded off the main
/// actor and installed). The baseline is `PageDecoder.decodePage` of the same bytes from
/// memory, timed on a thread of the cooperative pool as the store's own decode runs (the hop
/// to it not counted). Runs alternate; medians are printed.
///
/// The headline, `warm_cache_ttfc_vs_decode_ratio` (bar 1.3), is on `PageGenerator`'s default
/// retail home page (40 sections of 12 widgets, about 320 KB). The same figures follow for the
/// embedded backend's first home page (`…_backend`, 4 sections, about 10 KB), where a warm
/// start's fixed costs (thread hops between the main actor, the cache actor and the decoder,
/// about 80 µs a round trip on a loaded two-core machine, and reading two files) are larger
/// than the decode itself, and for the 4,000-widget page (`…_large`).
@MainActor
enum HomeBench {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        let syntax = OptionParser<Int>(
            command: "vitrine bench home", options: [.number("--iterations", in: 1...100_000) { $0 = $1 }],
            forms: [[[.optional("--iterations")]]])
        var status: Int32 = 0
        guard let iterations = BenchOptions.parse(arguments, into: 41, with: syntax, console: console, status: &status) else { return status }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            let pages: [(suffix: String, data: Data, iterations: Int)] = [
                ("", Data(PageGenerator().bytes()), iterations),
                ("_backend", try backendHomePage(), iterations),
                ("_large", Data(PageGenerator(sections: 200, widgetsPerSection: 20).bytes()), max(5, iterations / 4)),
            ]
            for (index, page) in pages.enumerated() {
                let figures = try await measure(page.data, directory: root.appendingPathComponent("page-\(index)"), iterations: page.iterations)
                console.out("payload_bytes\(page.suffix) = \(page.data.count)")
                console.out("decode_ms\(page.suffix) = \(BenchSupport.format(figures.decode * 1000, digits: 3))")
                console.out("warm_cache_ttfc_ms\(page.suffix) = \(BenchSupport.format(figures.warm * 1000, digits: 3))")
                console.out("warm_cache_ttfc_vs_decode_ratio\(page.suffix) = \(BenchSupport.format(figures.warm / figures.decode))")
            }
            return 0
        } catch {
            console.err("vitrine bench home: \(error)")
            return 1
        }
    }

    /// The backend's first home page for this app's version and capabilities.
    static func backendHomePage() throws -> Data {
        let backend = try HomeBackend(configuration: .init())
        let response = backend.respond(to: HTTPRequest(
            method: "GET", path: RetailRoutes.home,
            query: [("locale", "en-US"), ("appVersion", VitrineApp.version.description), ("userSegment", "returning"), ("capabilities", "")],
            headers: ["authorization": "Bearer \(try BenchSession.token(of: backend))"]))
        guard response.status == 200 else { throw BenchHomeError(description: "the backend answered \(response.status)") }
        return response.body
    }

    /// Median seconds of a warm start and of a plain decode of `data`, alternating.
    static func measure(_ data: Data, directory: URL, iterations: Int) async throws -> (warm: Double, decode: Double) {
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let profile = ClientProfile(user: UserID("bench")!, appVersion: VitrineApp.version)
        // Never asked: the entry is fresh. Made outside the timing, as the app makes it at launch.
        let client = try HomeAPIClient(configuration: .init(baseURL: URL(string: "http://127.0.0.1:9")!, profile: profile))
        do {
            let cache = try HomeCache(directory: directory)
            await cache.store(data, etag: "\"bench\"", ttl: 86_400, for: HomeCacheKey(backend: client.configuration.backend, profile: profile, pageID: "home"))
        }
        let clock = ContinuousClock()
        var warm: [Double] = []
        var decode: [Double] = []
        for round in 0..<(iterations + 3) {
            // The order alternates, so that neither side always runs on caches the other warmed.
            let decodeFirst = round % 2 == 0
            var decodeTime = decodeFirst ? try await timedDecode(data, decoder: decoder) : 0
            let start = clock.now
            let cache = try HomeCache(directory: directory)
            let repository = HomeRepository(client: client, cache: cache, decoder: decoder)
            let store = PageStore(pageID: "home", source: repository, decoder: decoder)
            store.loadInitial()
            await waitUntilLoaded(store)
            let warmTime = BenchSupport.seconds(clock.now - start)
            guard store.origin == .cached else { throw BenchHomeError(description: "the page did not come from the cache") }
            if !decodeFirst { decodeTime = try await timedDecode(data, decoder: decoder) }
            if round >= 3 {
                decode.append(decodeTime)
                warm.append(warmTime)
            }
        }
        return (BenchSupport.median(warm), BenchSupport.median(decode))
    }

    /// Seconds of one decode on a thread of the cooperative pool, where the store decodes too
    /// (the main thread's allocator arena behaves differently), the hop there not counted.
    static func timedDecode(_ data: Data, decoder: PageDecoder) async throws -> Double {
        try await Task.detached {
            let clock = ContinuousClock()
            let start = clock.now
            _ = try decoder.decodePage(data)
            return BenchSupport.seconds(clock.now - start)
        }.value
    }

    /// Suspends until the store's state is `loaded`, woken by its observation.
    static func waitUntilLoaded(_ store: PageStore) async {
        while store.state != .loaded {
            if case .failed = store.state { return }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                withObservationTracking { _ = store.state } onChange: { continuation.resume() }
            }
        }
    }
}

struct BenchHomeError: Error, CustomStringConvertible {
    var description: String
}
