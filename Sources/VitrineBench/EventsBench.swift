import CommandLineSupport
import Foundation
import HTTPServer
import PageGenerator
import RetailBackend
import RetailContract
import TestSupport

/// `vitrine bench events [--seconds 12] [--rounds 4] [--clients 64] [--batch 20] [--report-events N]
/// [--database postgresql://…]`: what keeping every event costs. `wrk` keeps 64 connections
/// busy posting batches of new events (`EventLoadScript`) for 64 guest shoppers, against the
/// backend in this process on the in-memory store, on SQLite in a temporary directory and on
/// PostgreSQL (`--database`, else a throwaway cluster when its programs are installed), in
/// alternating rounds as `bench cart` does. Prints events a second per store,
/// `sqlite_changes_per_commit` (batches one SQLite `fsync` carried, on average) and
/// `events_durable_vs_memory_ratio` (SQLite's events a second over memory's). Then fills a
/// SQLite store with `--report-events` events (default 1,000,000: a week of 2,000 shoppers'
/// impressions, taps and adds over 40 campaigns, 2 placements and 2 experiment arms) and
/// times the campaign report over them, read as `vitrine report campaigns` reads a store:
/// `report_ms_per_million_events`.
enum EventsBench {
    struct Options {
        var seconds = 12
        var rounds = 4
        var clients = 64
        var batch = 20
        var reportEvents = 1_000_000
        var database: String?

        static var syntax: OptionParser<Options> {
            OptionParser(
                command: "vitrine bench events",
                options: [
                    .number("--seconds", "12", in: 1...3_600) { $0.seconds = $1 },
                    .number("--rounds", "4", in: 1...1_000) { $0.rounds = $1 },
                    .number("--clients", "64", in: 1...10_000) { $0.clients = $1 },
                    .number("--batch", "20", in: 1...500) { $0.batch = $1 },
                    .number("--report-events", "1000000", in: 1_000...100_000_000) { $0.reportEvents = $1 },
                    .value("--database", "postgresql://…") { $0.database = $1 },
                ],
                forms: [[[.optional("--seconds"), .optional("--rounds"), .optional("--clients"), .optional("--batch")],
                         [.optional("--report-events"), .optional("--database")]]])
        }
    }

    static func run(_ arguments: [String], console: Console) async -> Int32 {
        var status: Int32 = 0
        guard let options = BenchOptions.parse(arguments, into: Options(), with: Options.syntax, console: console, status: &status,
                                               checked: { options throws(UsageError) in
                                                   guard options.seconds >= options.rounds else { throw .init("--seconds must be at least --rounds") }
                                                   return options
                                               }) else { return status }
        guard let wrk = WrkTool.locate() else {
            console.err("vitrine bench events: wrk is not on PATH (make bench installs it: scripts/setup.sh wrk, or apt-get install wrk)")
            return 1
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-events-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var cluster: ThrowawayPostgres?
        defer { cluster?.remove() }
        var subjects: [CartBench.Subject] = []
        defer { for subject in subjects { subject.stop() } }
        let keyFile = directory.appendingPathComponent("session.key")
        do {
            subjects.append(try CartBench.Subject(name: "memory", storage: .memory, clients: options.clients, keyFile: keyFile))
            subjects.append(try CartBench.Subject(name: "sqlite", storage: .sqlite(directory: directory.appendingPathComponent("load")),
                                                  clients: options.clients, keyFile: keyFile))
            var database = options.database
            if database == nil, ThrowawayPostgres.locateBinaries() != nil {
                cluster = try ThrowawayPostgres.start()
                database = cluster?.url
            }
            if let database {
                subjects.append(try CartBench.Subject(name: "postgres", storage: .postgres(url: database), clients: options.clients, keyFile: keyFile))
            } else {
                console.err("vitrine bench events: PostgreSQL is not installed here; no postgres figures")
            }
        } catch {
            console.err("vitrine bench events: \(error)")
            return 1
        }
        do {
            var round = 0
            func load(_ subject: CartBench.Subject, seconds: Int) throws -> WrkReport {
                round += 1
                let script = directory.appendingPathComponent("events-\(subject.name)-\(round).lua")
                try EventLoadScript.text(tokens: subject.tokens, batch: options.batch, run: "r\(round)").write(to: script, atomically: true, encoding: .utf8)
                return try wrk.run(url: subject.server.baseURL + "/", seconds: seconds, connections: options.clients, threads: 2, script: script)
            }
            for subject in subjects { _ = try load(subject, seconds: 1) }
            for index in 0..<options.rounds {
                let seconds = options.seconds / options.rounds + (index < options.seconds % options.rounds ? 1 : 0)
                for subject in subjects { subject.rounds.append(try load(subject, seconds: seconds)) }
            }
        } catch {
            console.err("vitrine bench events: \(error)")
            return 1
        }
        var rates: [String: Double] = [:]
        var failed = false
        for subject in subjects {
            let report = WrkReport(combining: subject.rounds)
            let events = report.requestsPerSecond * Double(options.batch)
            rates[subject.name] = events
            console.out("\(subject.name)_events_per_second = \(BenchSupport.format(events))")
            console.out("\(subject.name)_event_batch_p99_ms = \(BenchSupport.format(report.p99Milliseconds))")
            if report.failedResponses > 0 || report.socketErrors > 0 {
                console.err("vitrine bench events: \(subject.name) had \(report.failedResponses) answers outside 2xx and \(report.socketErrors) socket errors")
                failed = true
            }
        }
        if let sqlite = subjects.first(where: { $0.name == "sqlite" }), let writes = sqlite.backend.committedWrites, writes.transactions > 0 {
            console.out("sqlite_changes_per_commit = \(BenchSupport.format(Double(writes.changes) / Double(writes.transactions)))")
        }
        let memory = max(rates["memory"] ?? 0, 0.001)
        console.out("events_durable_vs_memory_ratio = \(BenchSupport.format((rates["sqlite"] ?? 0) / memory))")
        if let postgres = rates["postgres"] {
            console.out("postgres_vs_memory_events_ratio = \(BenchSupport.format(postgres / memory))")
        }
        for subject in subjects { subject.stop() }
        subjects.removeAll()

        do {
            let store = directory.appendingPathComponent("report")
            let (count, from, to) = try fill(store, events: options.reportEvents, keyFile: keyFile)
            let clock = ContinuousClock()
            var results: CampaignResults?
            let elapsed = try clock.measure { results = try EventReports.campaigns(in: .sqlite(directory: store), from: from, to: to) }
            let milliseconds = BenchSupport.seconds(elapsed) * 1000
            console.out("report_events = \(count)")
            console.out("report_rows = \(results?.campaigns.count ?? 0)")
            console.out("report_ms = \(BenchSupport.format(milliseconds))")
            console.out("report_ms_per_million_events = \(BenchSupport.format(milliseconds * 1_000_000 / Double(max(count, 1))))")
        } catch {
            console.err("vitrine bench events: \(error)")
            return 1
        }
        return failed ? 1 : 0
    }

    /// A SQLite store holding `events` events of a seeded week, sent as shoppers send them
    /// (`POST /v1/events`, 500 a batch) to a backend in this process; the events kept and the
    /// period they span.
    static func fill(_ directory: URL, events: Int, keyFile: URL) throws -> (Int, Date, Date) {
        var configuration = HomeBackend.Configuration()
        configuration.storage = .sqlite(directory: directory)
        configuration.sessionKeyFile = keyFile
        configuration.newSessionsPerAddress = nil
        configuration.newSessionsInAll = nil
        let start = Date()
        let backend = try HomeBackend(configuration: configuration)
        defer { backend.close() }
        let shoppers = try (0..<2_000).map { _ in try BenchSession.token(of: backend) }
        var random = SeededRandom(seed: 0x0E7E_2026)
        var sent = 0
        var batch: [String] = []
        func flush() throws {
            guard !batch.isEmpty else { return }
            let token = shoppers[Int(random.next() % UInt64(shoppers.count))]
            let body = Data(("{\"events\":[" + batch.joined(separator: ",") + "]}").utf8)
            let answer = backend.respond(to: HTTPRequest(method: "POST", path: RetailRoutes.events,
                                                         headers: ["authorization": "Bearer \(token)", "content-type": "application/json"], body: body))
            guard answer.status == 200 else { throw BenchSession.Failure(description: "POST /v1/events answered \(answer.status)") }
            batch.removeAll(keepingCapacity: true)
        }
        while sent < events {
            let campaign = "cmp-\(random.next() % 40)"
            let placement = random.next() % 2 == 0 ? "hero" : "campaigns"
            let variant = random.next() % 2 == 0 ? "a" : "b"
            let tracking = #""campaign_id":"\#(campaign)","section_id":"\#(placement)","experiment_id":"exp-bench","experiment_variant":"\#(variant)","request_id":"0123456789abcdef-bench-\#(sent)","page_id":"home","app_version":"2.0.0""#
            let roll = random.next() % 100
            let name = roll < 90 ? "impression" : roll < 98 ? "tap" : "add_to_cart"
            batch.append(#"{"event_id":"e\#(sent)","name":"\#(name)",\#(tracking)}"#)
            sent += 1
            if batch.count == 500 { try flush() }
        }
        try flush()
        return (sent, start, Date().addingTimeInterval(1))
    }
}

/// The Lua script that makes `wrk` a crowd of shoppers sending analytics: each request a batch
/// of `batch` new impressions (ids from `run`, the thread and a counter) for one of the
/// shoppers in turn.
enum EventLoadScript {
    static func text(tokens: [String], batch: Int, run: String) -> String {
        CartLoadScript.tokensAndThreads(tokens) + """
        function request()
          counter = counter + 1
          local token = tokens[(counter % #tokens) + 1]
          local events = {}
          for i = 1, \(batch) do
            events[i] = '{"event_id":"\(run)-' .. thread_id .. '-' .. counter .. '-' .. i .. '","name":"impression","campaign_id":"cmp-winter","section_id":"hero","position":' .. i .. '}'
          end
          local headers = {}
          headers["Authorization"] = "Bearer " .. token
          headers["Content-Type"] = "application/json"
          return wrk.format("POST", "\(RetailRoutes.events)", headers, '{"events":[' .. table.concat(events, ",") .. ']}')
        end
        """
    }
}
