import CommandLineSupport
import FlowCore
import Foundation
import PageGenerator
import Testing
import TestSupport
@testable import VitrineCLI

/// A throwaway PostgreSQL cluster for the suite it marks (`ThrowawayPostgres`: `initdb` in a
/// temporary directory, a Unix socket, no TCP listener, the server run as `postgres` when the
/// tests run as root), with the one session key every instance on it reads; stopped and
/// removed when the suite ends, also when a test failed.
struct PostgresClusterTrait: SuiteTrait, TestScoping {
    final class Fixture: Sendable {
        let cluster: ThrowawayPostgres
        let keys: ScratchDirectory

        init(cluster: ThrowawayPostgres, keys: ScratchDirectory) {
            self.cluster = cluster
            self.keys = keys
        }

        var keyFile: String { keys.file("session.key").path }
    }

    @TaskLocal static var current: Fixture?

    var isRecursive: Bool { false }

    /// `initdb`, `pg_ctl` and their waits block: they run off the cooperative pool.
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let cluster = try await offThePool { try ThrowawayPostgres.start() }
        let fixture: Fixture
        do {
            fixture = Fixture(cluster: cluster, keys: try ScratchDirectory("pg-key"))
        } catch {
            await offThePool { cluster.remove() }
            throw error
        }
        var failure: (any Error)?
        do {
            try await Self.$current.withValue(fixture) { try await function() }
        } catch {
            failure = error
        }
        fixture.keys.remove()
        await offThePool { cluster.remove() }
        if let failure { throw failure }
    }
}

extension Trait where Self == PostgresClusterTrait {
    static var postgresCluster: Self { PostgresClusterTrait() }
}

/// Two `vitrine serve --database postgresql://…` processes on one database: a token from one works
/// at the other, a cart changed at one is read at the other, concurrent retries of one key at both
/// apply once, revisions only grow, and a database that goes away makes requests fail fast with
/// 503 and `Retry-After` until it is back.
@Suite(.serialized, .postgresCluster) struct PostgresSharedStoreTests {
    struct Instances {
        let scratch: ScratchDirectory
        let servers: [ServeProcess]

        /// `count` instances sharing the cluster's database and one session key; `clocks` starts
        /// each instance's clock where it says (`--now`), as instances on hosts whose clocks differ.
        init(_ label: String, count: Int = 2, clocks: [String] = []) async throws {
            let fixture = try #require(PostgresClusterTrait.current)
            let scratch = try ScratchDirectory(label)
            self.scratch = scratch
            var servers: [ServeProcess] = []
            for index in 0..<count {
                let clock = clocks.indices.contains(index) ? ["--now", clocks[index]] : []
                servers.append(try await ServeProcess.start(
                    ["--database", fixture.cluster.url, "--session-key", fixture.keyFile, "--data", scratch.file("data-\(index)").path] + clock))
            }
            self.servers = servers
        }

        func stop() async {
            for server in servers { await server.stop() }
        }
    }

    static func add(_ client: LoopbackClient, _ token: String, product: String = "p-1001", key: String) async throws -> LoopbackClient.Answer {
        try await client.send("POST", "/v1/cart/items?locale=en-US", headers: ["Authorization": "Bearer \(token)", "Idempotency-Key": key],
                              body: #"{"product_id":"\#(product)"}"#)
    }

    static func cart(_ client: LoopbackClient, _ token: String) async throws -> JSONValue {
        try JSONParser.parse(try await client.send("GET", "/v1/cart?locale=en-US", headers: ["Authorization": "Bearer \(token)"]).body)
    }

    /// The demo catalogue's windows are the database's (`DemoAnchor`): an instance started
    /// later serves the same page, sale ends and ETag alike, as one started first.
    @Test func instancesStartedApartServeTheDemoFromOneAnchor() async throws {
        // Far from any clock other tests of this database ran on: the first instance keeps its start.
        let instances = try await Instances("pg-anchor", clocks: ["2030-01-01T10:00:00Z", "2030-01-01T10:00:10Z"])
        let first = try await instances.servers[0].client().send("GET", "/v1/home?locale=en-US")
        let second = try await instances.servers[1].client().send("GET", "/v1/home?locale=en-US")
        await instances.stop()
        #expect(first.status == 200)
        #expect(first.headers["etag"] != nil)
        #expect(first.headers["etag"] == second.headers["etag"])
    }

    @Test func aSessionACartAndAKeyFromOneInstanceHoldAtTheOther() async throws {
        let instances = try await Instances("pg-shared")
        let a = instances.servers[0].client()
        let b = instances.servers[1].client()
        let token = try await a.startSession()
        #expect(try await Self.cart(b, token)["item_count"] == 0, "a token from one instance works at the other")
        let added = try await Self.add(a, token, key: "k-1")
        #expect(added.status == 200)
        let atB = try await Self.cart(b, token)
        #expect(atB["item_count"] == 1)
        #expect(atB == (try JSONParser.parse(added.body)))
        let retried = try await Self.add(b, token, key: "k-1")
        #expect(retried.body == added.body, "the retry at the other instance gets the remembered answer")
        let second = try JSONParser.parse(try await Self.add(b, token, product: "p-1003", key: "k-2").body)
        #expect((second["revision"]?.intValue ?? 0) > (atB["revision"]?.intValue ?? Int.max))
        let events = #"{"events":[{"event_id":"e-1","name":"tap"}]}"#
        let first = try await a.send("POST", "/v1/events", headers: ["Authorization": "Bearer \(token)"], body: events)
        #expect(try JSONParser.parse(first.body) == ["accepted": 1, "duplicates": 0])
        let repeated = try await b.send("POST", "/v1/events", headers: ["Authorization": "Bearer \(token)"], body: events)
        #expect(try JSONParser.parse(repeated.body) == ["accepted": 0, "duplicates": 1])
        let altered = token.dropLast() + (token.hasSuffix("A") ? "B" : "A")
        #expect(try await b.send("GET", "/v1/cart", headers: ["Authorization": "Bearer \(altered)"]).status == 401)
        for server in instances.servers { #expect(!server.logText.contains(token)) }
        await instances.stop()
    }

    /// Events sent to either instance are kept once, in a table for their day; the report
    /// reads them and the compositions both instances recorded; days past `--keep-events` are
    /// dropped with their tables.
    @Test func eventsAtBothInstancesAreKeptOnceReportedAndTheirOldDaysDropped() async throws {
        let fixture = try #require(PostgresClusterTrait.current)
        let instances = try await Instances("pg-events", clocks: ["2031-03-01T10:00:00Z", "2031-03-01T10:00:05Z"])
        let (a, b) = (instances.servers[0].client(), instances.servers[1].client())
        let token = try await a.startSession()
        let page = try JSONParser.parse(try await b.send("GET", "/v1/home?locale=en-US", headers: ["Authorization": "Bearer \(token)"]).body)
        let requestID = try #require(page["page"]?["request_id"]?.stringValue)
        func batch(_ ids: [String]) -> String {
            #"{"events":["# + ids.map { id in
                #"{"event_id":"\#(id)","name":"\#(id.hasPrefix("t") ? "tap" : "impression")","campaign_id":"cmp-winter","section_id":"hero","request_id":"\#(requestID)","text":"\u001b[31mred"}"#
            }.joined(separator: ",") + "]}"
        }
        let headers = ["Authorization": "Bearer \(token)"]
        #expect(try JSONParser.parse(try await a.send("POST", "/v1/events", headers: headers, body: batch(["i1", "i2", "t1"])).body)["accepted"] == 3)
        #expect(try JSONParser.parse(try await b.send("POST", "/v1/events", headers: headers, body: batch(["i2", "t1", "i3"])).body)["accepted"] == 1)
        // The same batch at both instances at once, twenty times over: each event kept once.
        var acceptedInRace = 0
        for round in 0..<20 {
            let body = batch((0..<5).map { "r\(round)-\($0)" })
            let (c, d) = (instances.servers[0].client(), instances.servers[1].client())
            async let atA = c.send("POST", "/v1/events", headers: headers, body: body)
            async let atB = d.send("POST", "/v1/events", headers: headers, body: body)
            for answer in try await [atA, atB] {
                #expect(answer.status == 200)
                acceptedInRace += try JSONParser.parse(answer.body)["accepted"]?.intValue ?? 0
            }
        }
        #expect(acceptedInRace == 100, "every event accepted by exactly one of the two")
        // Ten batches of 500 arriving in the same millisecond each: a read's pages of 5,000 part
        // rows of one instant and still give each once.
        for round in 0..<10 {
            let body = #"{"events":["# + (0..<500).map { #"{"event_id":"bulk-\#(round)-\#($0)","name":"page_view"}"# }.joined(separator: ",") + "]}"
            #expect(try JSONParser.parse(try await a.send("POST", "/v1/events", headers: headers, body: body).body)["accepted"] == 500)
        }
        await instances.stop()
        let days = try await Self.psql(fixture.cluster, "SELECT string_agg(relname, ',' ORDER BY relname) FROM pg_class WHERE relkind = 'r' AND relname LIKE 'events\\_2031%'")
        #expect(days.trimmingCharacters(in: .whitespacesAndNewlines) == "events_20310301,events_20310302", "today's, and tomorrow's made ahead")

        let captured = CapturedConsole()
        let status = await CommandLineTool.run(
            ["report", "campaigns", "--database", fixture.cluster.url, "--from", "2031-03-01T00:00:00Z", "--to", "2031-03-02T00:00:00Z",
             "--segment", "returning", "--json"], console: captured.console)
        #expect(status == 0, "\(captured.err)")
        let report = try JSONParser.parse(captured.out)
        let row = try #require(report["campaigns"]?.arrayValue?.first)
        #expect(row["campaign_id"] == "cmp-winter" && row["impressions"] == 103 && row["taps"] == 1 && row["shoppers"] == 1,
                "joined to the composition instance b recorded: \(captured.out)")
        let lines = CapturedConsole()
        #expect(await CommandLineTool.run(["report", "events", "--database", fixture.cluster.url, "--from", "2031-03-01T00:00:00Z",
                                           "--to", "2031-03-02T00:00:00Z", "--format", "jsonl"], console: lines.console) == 0)
        let ids = lines.out.split(separator: "\n").compactMap { try? JSONParser.parse(String($0))["event"]?["event_id"]?.stringValue }
        #expect(ids.count == 5_104 && Set(ids).count == 5_104)
        #expect(!lines.out.contains("\u{1B}"), "an escape sequence a client sent is printed escaped")
        #expect(!captured.out.contains(fixture.cluster.socketDirectory.path) && !lines.err.contains(fixture.cluster.socketDirectory.path))

        // With the default 90 days kept, both days are past keeping 91 days on: the sweep at start drops their tables.
        let later = try await Instances("pg-events-later", count: 1, clocks: ["2031-05-31T10:00:00Z"])
        await later.stop()
        let left = try await Self.psql(fixture.cluster, "SELECT count(*) FROM pg_class WHERE relname IN ('events_20310301', 'events_20310302')")
        #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aThousandSeededInterleavingsOfRetriesAcrossInstancesApplyEachKeyOnce() async throws {
        let instances = try await Instances("pg-interleavings")
        let clients = [instances.servers[0].client(), instances.servers[1].client()]
        var tokens: [String] = []
        for _ in 0..<8 { tokens.append(try await clients[0].startSession()) }
        let products = ["p-1001", "p-1002", "p-1003", "p-1005"]
        var model = Array(repeating: [String: Int](), count: tokens.count)
        var revisions = Array(repeating: Int.min, count: tokens.count)
        var random = SeededRandom(seed: 0x22_1000)
        for index in 0..<1_000 {
            let shopper = Int.random(in: 0..<tokens.count, using: &random)
            let product = products.randomElement(using: &random) ?? "p-1001"
            let removes = (model[shopper][product] ?? 0) > 0 && Bool.random(using: &random)
            let key = "i-\(index)"
            let headers = ["Authorization": "Bearer \(tokens[shopper])", "Idempotency-Key": key]
            let send: @Sendable (LoopbackClient) async -> LoopbackClient.Answer? = { client in
                removes
                    ? try? await client.send("DELETE", "/v1/cart/items/\(product)?locale=en-US", headers: headers)
                    : try? await client.send("POST", "/v1/cart/items?locale=en-US", headers: headers, body: #"{"product_id":"\#(product)"}"#)
            }
            // Both instances at once, or one after the other in a seeded order, and sometimes a
            // third retry.
            var answers: [LoopbackClient.Answer?]
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                async let atA = send(clients[0])
                async let atB = send(clients[1])
                answers = [await atA, await atB]
            case 1: answers = [await send(clients[0]), await send(clients[1])]
            default: answers = [await send(clients[1]), await send(clients[0])]
            }
            if Int.random(in: 0..<5, using: &random) == 0 { answers.append(await send(clients[Int.random(in: 0...1, using: &random)])) }
            let bodies = answers.map { $0?.body }
            try #require(answers.allSatisfy { $0?.status == 200 }, "interleaving \(index): \(answers.map { $0?.status ?? 0 })")
            try #require(Set(bodies).count == 1, "interleaving \(index): every retry answers the same cart")
            if removes { model[shopper][product] = nil } else { model[shopper][product, default: 0] += 1 }
            let revision = try JSONParser.parse(try #require(bodies.first ?? nil))["revision"]?.intValue ?? Int.min
            try #require(revision > revisions[shopper], "interleaving \(index): the revision grows")
            revisions[shopper] = revision
        }
        for (shopper, token) in tokens.enumerated() {
            for client in clients {
                let cart = try await Self.cart(client, token)
                var found: [String: Int] = [:]
                for item in cart["items"]?.arrayValue ?? [] {
                    found[item["product_id"]?.stringValue ?? "", default: 0] += item["quantity"]?.intValue ?? 0
                }
                #expect(found == model[shopper], "shopper \(shopper): each key applied once")
                #expect(cart["revision"]?.intValue == revisions[shopper])
            }
        }
        await instances.stop()
    }

    /// Runs SQL on the cluster's database with its own `psql` (off the cooperative pool: it waits
    /// for the program).
    /// Runs `sql` with psql; what it printed, unaligned and without headers.
    @discardableResult
    static func psql(_ cluster: ThrowawayPostgres, _ sql: String, database: String = "vitrine") async throws -> String {
        try await offThePool {
            try cluster.run("psql", ["-h", cluster.socketDirectory.path, "-p", "\(cluster.port)", "-U", "postgres", "-d", database,
                                     "-v", "ON_ERROR_STOP=1", "-At", "-c", sql])
        }
    }

    @Test func anInstanceWithAnotherSessionKeyOrAnOlderProgramRefusesToStart() async throws {
        let fixture = try #require(PostgresClusterTrait.current)
        let scratch = try ScratchDirectory("pg-refused")
        // The suite's key made the database's sessions (an instance first records it).
        let first = try await ServeProcess.start(["--database", fixture.cluster.url, "--session-key", fixture.keyFile, "--data", scratch.file("a").path])
        await first.stop()
        let other = scratch.file("other.key")
        try Data((String(repeating: "cd", count: 32) + "\n").utf8).write(to: other)
        chmod(other.path, 0o600)
        let refused = try await VitrineProcess.run(
            ["serve", "--port", "0", "--database", fixture.cluster.url, "--session-key", other.path, "--data", scratch.file("b").path])
        #expect(refused.status == 1)
        #expect(refused.err.contains("another session key"), "\(refused.err)")
        #expect(!refused.err.contains(fixture.cluster.socketDirectory.path), "the database's address is not printed")

        // A database a newer vitrine migrated is left alone.
        try await Self.psql(fixture.cluster, "INSERT INTO vitrine_schema (version) VALUES (99)")
        let older: VitrineProcess.Result
        do {
            older = try await VitrineProcess.run(
                ["serve", "--port", "0", "--database", fixture.cluster.url, "--session-key", fixture.keyFile, "--data", scratch.file("c").path])
        } catch {
            _ = try? await Self.psql(fixture.cluster, "DELETE FROM vitrine_schema WHERE version = 99")
            throw error
        }
        try await Self.psql(fixture.cluster, "DELETE FROM vitrine_schema WHERE version = 99")
        #expect(older.status == 1)
        #expect(older.err.contains("newer vitrine"), "\(older.err)")
    }

    /// Another program's database is refused before anything is written to it: its tables
    /// stay its own, and no table of ours is made beside them.
    @Test func anotherProgramsDatabaseIsRefusedUnchanged() async throws {
        let fixture = try #require(PostgresClusterTrait.current)
        let scratch = try ScratchDirectory("pg-foreign")
        try await Self.psql(fixture.cluster, "CREATE DATABASE otherapp")
        try await Self.psql(fixture.cluster, "CREATE TABLE invoices (id serial PRIMARY KEY, amount integer); INSERT INTO invoices (amount) VALUES (42)",
                            database: "otherapp")
        let url = fixture.cluster.url.replacingOccurrences(of: "@/vitrine?", with: "@/otherapp?")
        let refused = try await VitrineProcess.run(
            ["serve", "--port", "0", "--database", url, "--session-key", fixture.keyFile, "--data", scratch.file("a").path])
        #expect(refused.status == 1)
        #expect(refused.err.contains("tables of another program (invoices)"), "\(refused.err)")
        let tables = try await Self.psql(fixture.cluster, "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public'",
                                         database: "otherapp")
        #expect(tables.trimmingCharacters(in: .whitespacesAndNewlines) == "invoices")
    }

    @Test func aDatabaseThatGoesAwayGets503FastAndTheServerRecovers() async throws {
        let cluster = try #require(PostgresClusterTrait.current).cluster
        let instances = try await Instances("pg-down", count: 1)
        let client = instances.servers[0].client()
        let token = try await client.startSession()
        #expect(try await Self.add(client, token, key: "before").status == 200)
        await offThePool { cluster.stopServer() }
        let clock = ContinuousClock()
        for _ in 0..<3 {
            let start = clock.now
            let refused = try await Self.add(client, token, key: "during")
            #expect(refused.status == 503)
            #expect(refused.headers["retry-after"] == "1")
            #expect(clock.now - start < .seconds(5), "fails fast, never hangs")
        }
        #expect(try await client.send("POST", "/v1/sessions").status == 503)
        #expect(try await client.send("GET", "/v1/home").status == 200, "pages need no database")
        #expect(instances.servers[0].logText.contains("vitrine store: cart change: storage unavailable"), "the operator reads why")
        #expect(!instances.servers[0].logText.contains(token))
        try await offThePool { try cluster.startServer() }
        // The pool reconnects on the next requests: the retry is answered within the bound.
        let deadline = clock.now + .seconds(30)
        var answer = try await Self.add(client, token, key: "during")
        while answer.status == 503, clock.now < deadline { answer = try await Self.add(client, token, key: "during") }
        #expect(answer.status == 200)
        // Every pooled connection found its loss before sending anything, and ran its request
        // again on a new one: no request after the recovery fails.
        var statuses: [Int] = []
        for _ in 0..<24 { statuses.append(try await client.send("GET", "/v1/cart", headers: ["Authorization": "Bearer \(token)"]).status) }
        #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(try await Self.add(client, token, key: "during").body == answer.body)
        #expect(try await Self.cart(client, token)["items"]?.arrayValue?.first?["quantity"]?.intValue == 2, "the change during the outage applied once, after it")
        await instances.stop()
    }

    /// Stops (or lets go on) every process of the cluster, as a frozen host or a network
    /// partition would: its sockets stay open and nothing answers.
    static func freeze(_ cluster: ThrowawayPostgres, _ signal: Int32) throws {
        let pidFile = try String(contentsOf: cluster.dataDirectory.appendingPathComponent("postmaster.pid"), encoding: .utf8)
        let postmaster = try #require(pidFile.split(separator: "\n").first.flatMap { pid_t($0) })
        var pids = [postmaster]
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")") else { continue }
            // After the command's closing parenthesis: state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == postmaster { pids.append(pid) }
        }
        for pid in pids { kill(pid, signal) }
    }

    /// A database that stops answering without closing its sockets gets a 503 fast, and
    /// SIGTERM still stops the server: no request waits without a bound on libpq's blocking
    /// calls (the server's statement timeout cannot fire on a frozen server).
    @Test func aDatabaseThatStopsAnsweringGets503FastAndTheServerStillStops() async throws {
        let cluster = try #require(PostgresClusterTrait.current).cluster
        let instances = try await Instances("pg-silent", count: 1)
        let server = instances.servers[0]
        let token = try await server.client().startSession()
        // Several connections open and warm, as under any load.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                group.addTask {
                    let status = try await Self.add(server.client(), token, key: "warm-\(index)").status
                    #expect(status == 200)
                }
            }
            try await group.waitForAll()
        }
        try Self.freeze(cluster, SIGSTOP)
        var thawed = false
        defer { if !thawed { try? Self.freeze(cluster, SIGCONT) } }
        let clock = ContinuousClock()
        let start = clock.now
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? try await server.client().send("GET", "/v1/cart", headers: ["Authorization": "Bearer \(token)"]).status
                        : try await Self.add(server.client(), token, key: "frozen-\(index)").status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 503 }, "\(statuses)")
        #expect(clock.now - start < .seconds(10), "every request failed within the statement deadline, none hung")
        #expect(try await server.get("/v1/home").status == 200, "pages need no database")
        try Self.freeze(cluster, SIGCONT)
        thawed = true
        let deadline = clock.now + .seconds(30)
        var answer = try await Self.add(server.client(), token, key: "after")
        while answer.status == 503, clock.now < deadline { answer = try await Self.add(server.client(), token, key: "after") }
        #expect(answer.status == 200, "the server recovers when the database answers again")
        // Shutdown is bounded while the database is silent too.
        _ = try await Self.add(server.client(), token, key: "warm-again")
        try Self.freeze(cluster, SIGSTOP)
        thawed = false
        let stopping = clock.now
        let status = await server.stop()
        #expect(clock.now - stopping < .seconds(15), "SIGTERM ends the server while the database is silent")
        #expect(status == 0)
        try Self.freeze(cluster, SIGCONT)
        thawed = true
        await instances.stop()
    }
}
