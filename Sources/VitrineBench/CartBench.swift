import CommandLineSupport
import TestSupport
import Foundation
import HTTPServer
import RetailBackend
import RetailContract

/// `vitrine bench cart [--seconds 12] [--rounds 4] [--clients 64] [--database postgresql://…]`:
/// what keeping carts costs. `wrk` keeps 64 connections busy adding to the carts of 64 guest
/// shoppers (each add under a new `Idempotency-Key`, `CartLoadScript`), against the backend in
/// this process on the in-memory store, on SQLite in a temporary directory (WAL,
/// `synchronous=FULL`, group commit) and on PostgreSQL (`--database`, else a throwaway cluster
/// when the server's programs are installed). Stores take turns in short rounds, so a change in
/// the machine's load falls on all alike. Prints requests a second and p99 latency per store,
/// the ratios to memory, and how many changes one SQLite commit carried; then adds to carts of
/// four lines (2,048 shoppers, four products, memory store) against `GET /v1/home` on the
/// same server, in the same rounds: `cart_add_vs_page_get_ratio`.
enum CartBench {

    struct Options {
        var seconds = 12
        var rounds = 4
        var clients = 64
        var database: String?

        init() {}

        init(_ arguments: [String]) throws(UsageError) {
            self = try Self.syntax.parse(arguments, into: Options()).options.checked()
        }

        /// These options, when they go together.
        func checked() throws(UsageError) -> Options {
            guard seconds >= rounds else { throw .init("--seconds must be at least --rounds") }
            return self
        }

        static var syntax: OptionParser<Options> {
            OptionParser(
                command: "vitrine bench cart",
                options: [
                    .number("--seconds", "12", in: 1...3_600) { $0.seconds = $1 },
                    .number("--rounds", "4", in: 1...1_000) { $0.rounds = $1 },
                    .number("--clients", "64", in: 1...10_000) { $0.clients = $1 },
                    .value("--database", "postgresql://…") { $0.database = $1 },
                ],
                forms: [[[.optional("--seconds"), .optional("--rounds"), .optional("--clients"), .optional("--database")]]])
        }
    }

    /// One store under load: its backend, its server and its shoppers' sessions.
    final class Subject {
        let name: String
        let backend: HomeBackend
        let server: HTTPServer
        let tokens: [String]
        var rounds: [WrkReport] = []

        init(name: String, storage: HomeBackend.Storage, clients: Int, shoppers: Int? = nil, keyFile: URL) throws {
            self.name = name
            var configuration = HomeBackend.Configuration()
            configuration.storage = storage
            configuration.sessionKeyFile = keyFile
            let backend = try HomeBackend(configuration: configuration)
            self.backend = backend
            var http = HTTPServer.Configuration.ephemeral
            http.maxConnectionsPerAddress = max(http.maxConnectionsPerAddress, clients * 2)
            server = try HTTPServer(handler: backend, configuration: http)
            tokens = try (0..<(shoppers ?? clients)).map { _ in try BenchSession.token(of: backend) }
        }

        func stop() {
            server.stop()
            backend.close()
        }
    }

    static func run(_ arguments: [String], console: Console) async -> Int32 {
        var status: Int32 = 0
        guard let options = BenchOptions.parse(arguments, into: Options(), with: Options.syntax, console: console, status: &status,
                                               checked: { options throws(UsageError) in try options.checked() }) else { return status }
        guard let wrk = WrkTool.locate() else {
            console.err("vitrine bench cart: wrk is not on PATH (make bench installs it: scripts/setup.sh wrk, or apt-get install wrk)")
            return 1
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-cart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var cluster: ThrowawayPostgres?
        defer { cluster?.remove() }
        var subjects: [Subject] = []
        defer { for subject in subjects { subject.stop() } }
        let keyFile = directory.appendingPathComponent("session.key")
        // Small carts: adds spread over enough shoppers and four products that no line reaches
        // its limit, against page GETs of the same server: what an add costs beyond a read.
        let small: Subject
        do {
            small = try Subject(name: "four_line", storage: .memory, clients: options.clients, shoppers: 2_048, keyFile: keyFile)
        } catch {
            console.err("vitrine bench cart: \(error)")
            return 1
        }
        defer { small.stop() }
        var pageRounds: [WrkReport] = []
        do {
            subjects.append(try Subject(name: "memory", storage: .memory, clients: options.clients, keyFile: keyFile))
            subjects.append(try Subject(name: "sqlite", storage: .sqlite(directory: directory), clients: options.clients, keyFile: keyFile))
            var database = options.database
            if database == nil, ThrowawayPostgres.locateBinaries() != nil {
                cluster = try ThrowawayPostgres.start()
                database = cluster?.url
            }
            if let database {
                subjects.append(try Subject(name: "postgres", storage: .postgres(url: database), clients: options.clients, keyFile: keyFile))
            } else {
                console.err("vitrine bench cart: PostgreSQL is not installed here; no postgres figures")
            }
        } catch {
            console.err("vitrine bench cart: \(error)")
            return 1
        }
        do {
            var round = 0
            func load(_ subject: Subject, seconds: Int, products: Int? = nil) throws -> WrkReport {
                round += 1
                let script = directory.appendingPathComponent("cart-\(subject.name)-\(round).lua")
                let ids = subject.backend.availableProductIDs
                try CartLoadScript.text(tokens: subject.tokens, products: products.map { Array(ids.prefix($0)) } ?? ids, run: "r\(round)")
                    .write(to: script, atomically: true, encoding: .utf8)
                return try wrk.run(url: subject.server.baseURL + "/", seconds: seconds, connections: options.clients, threads: 2, script: script)
            }
            func readPages(seconds: Int) throws -> WrkReport {
                try wrk.run(url: small.server.baseURL + ServeBench.homeTarget, seconds: seconds, connections: options.clients, threads: 2)
            }
            // Warm every store (its caches, its connections) before anything is measured.
            for subject in subjects { _ = try load(subject, seconds: 1) }
            _ = try load(small, seconds: 1, products: 4)
            _ = try readPages(seconds: 1)
            for index in 0..<options.rounds {
                let seconds = options.seconds / options.rounds + (index < options.seconds % options.rounds ? 1 : 0)
                for subject in subjects { subject.rounds.append(try load(subject, seconds: seconds)) }
                small.rounds.append(try load(small, seconds: seconds, products: 4))
                pageRounds.append(try readPages(seconds: seconds))
            }
        } catch {
            console.err("vitrine bench cart: \(error)")
            return 1
        }
        var rates: [String: Double] = [:]
        var failed = false
        for subject in subjects + [small] {
            let report = WrkReport(combining: subject.rounds)
            rates[subject.name] = report.requestsPerSecond
            console.out("\(subject.name)_cart_requests_per_second = \(BenchSupport.format(report.requestsPerSecond))")
            console.out("\(subject.name)_cart_p99_ms = \(BenchSupport.format(report.p99Milliseconds))")
            if report.failedResponses > 0 || report.socketErrors > 0 {
                console.err("vitrine bench cart: \(subject.name) had \(report.failedResponses) answers outside 2xx and \(report.socketErrors) socket errors")
                failed = true
            }
        }
        if let sqlite = subjects.first(where: { $0.name == "sqlite" }), let writes = sqlite.backend.committedWrites, writes.transactions > 0 {
            console.out("sqlite_changes_per_commit = \(BenchSupport.format(Double(writes.changes) / Double(writes.transactions)))")
        }
        let memory = max(rates["memory"] ?? 0, 0.001)
        console.out("durable_vs_memory_cart_ratio = \(BenchSupport.format((rates["sqlite"] ?? 0) / memory))")
        if let postgres = rates["postgres"] {
            console.out("postgres_vs_memory_cart_ratio = \(BenchSupport.format(postgres / memory))")
        }
        let pages = WrkReport(combining: pageRounds)
        console.out("page_get_requests_per_second = \(BenchSupport.format(pages.requestsPerSecond))")
        console.out("cart_add_vs_page_get_ratio = \(BenchSupport.format((rates["four_line"] ?? 0) / max(pages.requestsPerSecond, 0.001)))")
        if pages.failedResponses > 0 || pages.socketErrors > 0 {
            console.err("vitrine bench cart: page reads had \(pages.failedResponses) answers outside 2xx and \(pages.socketErrors) socket errors")
            failed = true
        }
        return failed ? 1 : 0
    }
}

/// The Lua script that makes `wrk` a crowd of shoppers adding to their carts: each request an
/// add of one item, its session token and product taken in turn (so each cart sees every
/// product before any line fills), its `Idempotency-Key` new (`run`, the thread and a counter).
enum CartLoadScript {
    static func text(tokens: [String], products ids: [String], run: String) -> String {
        let products = ids.map { "\"\($0)\"" }.joined(separator: ",")
        // Everything but the token and the key is written once per thread (`init`), so the
        // client spends its time sending, not formatting: a page GET's request is fixed too.
        return tokensAndThreads(tokens) + """
            local products = {\(products)}
            local head = ""
            local tails = {}
            function init(args)
              head = "POST \(RetailRoutes.cartItems)?locale=en-US HTTP/1.1\\r\\nHost: " .. wrk.headers["Host"]
                .. "\\r\\nContent-Type: application/json\\r\\nAuthorization: Bearer "
              for index, product in ipairs(products) do
                local body = '{"product_id":"' .. product .. '","quantity":1}'
                tails[index] = "\\r\\nContent-Length: " .. #body .. "\\r\\n\\r\\n" .. body
              end
            end
            function request()
              counter = counter + 1
              local token = tokens[(counter % #tokens) + 1]
              local product = (math.floor(counter / #tokens) % #products) + 1
              return head .. token .. "\\r\\nIdempotency-Key: \(run)-" .. thread_id .. "-" .. counter .. tails[product]
            end
            """
    }

    /// The start every load script shares: the tokens, a request counter, and a number per
    /// `wrk` thread (`thread_id`) that keeps keys and ids of two threads apart. `thread_id` is
    /// a global: `thread:set` in `setup` writes that thread's globals, and a chunk-level
    /// `local` of the same name would hide the value from `request`, every thread reading 0.
    static func tokensAndThreads(_ tokens: [String]) -> String {
        """
        local tokens = {\(tokens.map { "\"\($0)\"" }.joined(separator: ","))}
        local counter = 0
        thread_id = 0
        local next_id = 0
        function setup(thread)
          next_id = next_id + 1
          thread:set("thread_id", next_id)
        end

        """
    }
}
