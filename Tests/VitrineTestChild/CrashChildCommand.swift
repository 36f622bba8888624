import CommandLineSupport
import FlowCore
import Foundation
import RetailKit

/// `VitrineTestChild crash-child --backend URL --storage DIR --name EVENT --seed S`: the test-only
/// command for the crash-safety test, which kills it with SIGKILL at random points.
///
/// It fills an analytics outbox (`DIR/outbox.sqlite`) and a home cache (`DIR/cache`) as the app
/// does, for ever: it tracks an event named EVENT, waits until it is durable, and only then
/// prints `tracked <event_id>` (so every line printed is an event the outbox promised to
/// keep); every few events it stores a cache entry of a seeded size (`cached <page> <version>`)
/// and uploads to the backend. The test restarts the data layer on the same directory and
/// checks that the cache reads clean and that every event printed reaches the server once.
enum CrashChildCommand {
    static let usage = "usage: VitrineTestChild crash-child --backend URL --storage DIR --name EVENT --seed S [--limit N]"

    @MainActor
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        var options: [String: String] = [:]
        var iterator = arguments.makeIterator()
        while let flag = iterator.next() {
            guard ["--backend", "--storage", "--name", "--seed", "--limit"].contains(flag), let value = iterator.next() else {
                console.err(usage)
                return 2
            }
            options[flag] = value
        }
        guard let backend = options["--backend"].flatMap(URL.init(string:)), let storage = options["--storage"],
            let name = options["--name"], let seed = options["--seed"].flatMap(UInt64.init)
        else {
            console.err(usage)
            return 2
        }
        let limit = options["--limit"].flatMap(Int.init) ?? 10_000
        let directory = URL(fileURLWithPath: storage, isDirectory: true)
        do {
            let profile = ClientProfile(user: UserID("crash-child")!, appVersion: VitrineApp.version)
            // The session is kept where the app keeps it, so that an event a killed run sent is
            // sent again by the next run as the same shopper, and counted once.
            var clientConfiguration = HomeAPIClient.Configuration(baseURL: backend, profile: profile)
            clientConfiguration.sessionFile = directory.appendingPathComponent("session.json")
            let client = try HomeAPIClient(configuration: clientConfiguration)
            let cache = try HomeCache(directory: directory.appendingPathComponent("cache", isDirectory: true))
            let tracker = AnalyticsTracker(
                configuration: .init(databaseURL: directory.appendingPathComponent("outbox.sqlite"), appVersion: VitrineApp.version),
                client: client)
            tracker.start()
            let random = RandomSource.seeded(seed)
            for index in 0..<limit {
                guard let id = tracker.track(name, fields: JSONObject([(key: "n", value: .number(Double(index)))])) else { return 1 }
                await tracker.waitUntilDurable()
                console.out("tracked \(id)")
                if random.next() < 0.3 {
                    let pageID = "page-\(Int(random.next() * 4))"
                    let length = 1_000 + Int(random.next() * 120_000)
                    await cache.store(page(pageID, version: index, length: length), etag: "\"\(index)\"", ttl: 60,
                                      for: HomeCacheKey(backend: client.configuration.backend, profile: profile, pageID: pageID))
                    console.out("cached \(pageID) \(index)")
                }
                if random.next() < 0.15 { _ = await tracker.flush() }
            }
            await tracker.shutdown()
            return 0
        } catch {
            console.err("VitrineTestChild crash-child: \(error)")
            return 1
        }
    }

    /// A page whose `pad` holds exactly `length` bytes, so a reader can tell it is whole.
    static func page(_ pageID: String, version: Int, length: Int) -> Data {
        JSONWriter.data(for: .object(JSONObject([
            (key: "page", value: .object(JSONObject([
                (key: "id", value: .string(pageID)), (key: "version", value: .number(Double(version))),
                (key: "length", value: .number(Double(length))), (key: "pad", value: .string(String(repeating: "x", count: length))),
            ]))),
        ])))
    }
}
