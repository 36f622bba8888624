#if canImport(Glibc)
import Glibc
#endif
import FlowCore
import Foundation
import RetailBackend
import TestSupport
import Testing
@testable import RetailKit

/// A child process (`VitrineTestChild crash-child`) fills the outbox and the cache and is killed
/// with SIGKILL at random points; after each kill the data layer is opened again on the same
/// directory: the cache reads clean, and every event the child was told was durable reaches
/// the server exactly once by its stats.
@Suite(.serialized) struct CrashSafetyTests {
    static var executable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("VitrineTestChild").path
    }

    @Test func killedAtRandomPointsTheCacheReadsCleanAndEveryDurableEventArrivesOnce() async throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["VITRINE_CRASH_SEED"].flatMap { UInt64($0) } ?? 0xC4A5_4000)
        let random = RandomSource.seeded(seed)
        let live = try LiveBackend()
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let profile = ClientProfile(user: UserID("crash-child")!, appVersion: VitrineApp.version)
        let client = try live.client(user: "crash-child")
        var totals = (acknowledged: 0, cached: 0, entries: 0)
        for run in 0..<24 {
            let label = "run \(run) of seed \(seed) (VITRINE_CRASH_SEED replays it)"
            let directory = root.url.appendingPathComponent("run-\(run)", isDirectory: true)
            let name = "crash_\(run)"
            let killAfter = 1 + Int(random.next() * 60)
            let errors = root.url.appendingPathComponent("run-\(run).stderr")
            let lines = try await Self.runAndKill(
                ["crash-child", "--backend", live.server.baseURL, "--storage", directory.path, "--name", name,
                 "--seed", String(seed &+ UInt64(run))], afterLines: killAfter, errors: errors)
            // Under `make test-tsan` the child is instrumented too: it must report nothing.
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            #expect(!stderr.contains("ThreadSanitizer"), "\(stderr.prefix(4_000)): \(label)")
            let acknowledged = lines.filter { $0.hasPrefix("tracked ") }.count
            totals.acknowledged += acknowledged
            totals.cached += lines.filter { $0.hasPrefix("cached ") }.count
            #expect(acknowledged >= 1, "\(label)")

            // Restart: the cache reads clean.
            let cache = try HomeCache(directory: directory.appendingPathComponent("cache", isDirectory: true))
            for index in 0..<4 {
                guard let entry = await cache.entry(for: HomeCacheKey(backend: client.configuration.backend, profile: profile, pageID: "page-\(index)")) else { continue }
                totals.entries += 1
                let page = try JSONParser.parse(entry.data)["page"]
                #expect(page?["id"]?.stringValue == "page-\(index)", "\(label)")
                #expect(page?["pad"]?.stringValue?.utf8.count == page?["length"]?.intValue, "\(label)")
                #expect(entry.etag == "\"\(page?["version"]?.intValue ?? -1)\"", "\(label)")
            }
            #expect(await cache.corruptEntryCount == 0, "renamed into place, never torn: \(label)")

            // Restart: the outbox sends what it kept, as the shopper the child was (its session
            // kept where the app keeps it); the server counts each event once. (Another session
            // is another shopper, whose event ids the server does not know: the events the child
            // had sent but not yet deleted would count twice.)
            let restarted = try live.client(user: "crash-child", sessionFile: directory.appendingPathComponent("session.json"))
            let tracker = await AnalyticsTracker(
                configuration: .init(databaseURL: directory.appendingPathComponent("outbox.sqlite"), appVersion: VitrineApp.version),
                client: restarted)
            _ = try await tracker.flush().get()
            #expect(await tracker.counts().stored == 0, "\(label)")
            await tracker.shutdown()
            let arrived = try live.eventStats()["counts"]?[name]?.intValue ?? 0
            // Durable before acknowledged: each printed event is there; the one the child
            // was writing when it died may be there too.
            #expect(arrived >= acknowledged && arrived <= acknowledged + 1, "\(arrived) arrived, \(acknowledged) acknowledged: \(label)")
        }
        print("crash safety: 24 kills from seed \(seed), \(totals.acknowledged) events acknowledged, \(totals.cached) cache writes, \(totals.entries) entries read back whole")
        #expect(totals.cached > 24, "the kills fell among cache writes too")
    }

    /// Runs the binary, reads its standard output until `afterLines` lines came, kills it
    /// with SIGKILL, and returns every line it printed (also those after the count); its
    /// standard error goes to `errors`.
    static func runAndKill(_ arguments: [String], afterLines count: Int, errors: URL) async throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errors.path])
        }
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let pid = process.processIdentifier
        // Blocking reads, on a thread of their own rather than the cooperative pool.
        return await offThePool {
            let reader = output.fileHandleForReading
            var buffer = Data()
            var killed = false
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                if !killed, buffer.split(separator: UInt8(ascii: "\n")).count >= count {
                    kill(pid, SIGKILL)
                    killed = true
                }
            }
            if !killed { kill(pid, SIGKILL) }
            process.waitUntilExit()
            return String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }
}
