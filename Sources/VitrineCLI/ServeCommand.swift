import CommandLineSupport
import FlowCore
import Foundation
import HTTPServer
import PrivateFiles
import RetailBackend
import RetailKit

/// `vitrine serve`: the home backend over HTTP until SIGINT or SIGTERM (backend issue), on
/// the built-in catalogue or on a catalogue directory it watches (`--catalogue`; SIGHUP reloads
/// it too), its clock from now or from `--now`.
enum ServeCommand {
    static var usage: String { Options.syntax.usage }

    /// What the command line asks for.
    struct Options: Equatable {
        var host = "127.0.0.1"
        var port = 8080
        var faults: String?
        /// Writes every page the backend composes into this directory instead of serving.
        var exportDirectory: String?
        /// Writes the demo shop an app bundles (`ShopBundle`) into this directory instead of serving.
        var shopDirectory: String?
        /// The catalogue directory; none is the built-in demo.
        var catalogue: String?
        /// Where the backend's clock starts (it runs from there).
        var now: Date?
        /// `--data DIR`: the SQLite store and the session key (default `DataDirectory`).
        var dataDirectory: String?
        /// `--database`: a PostgreSQL URI, or `memory`; nil is SQLite under the data directory.
        var database: String?
        /// `--session-key FILE`: default `session.key` in the data directory.
        var sessionKeyFile: String?
        /// `--operator-token-file FILE`: turns the operators' routes (`GET /v1/events/stats`,
        /// `GET /v1/reports/campaigns`) on for that token.
        var operatorTokenFile: String?
        /// `--keep-events DAYS`: days of accepted events the store keeps (default 90).
        var keepEventDays: Int?
        /// `--new-sessions-per-address`: nil is no limit (`off`).
        var newSessionsPerAddress: NewSessionLimit? = .standard
        /// `--new-sessions-in-all`: nil is no limit (`off`).
        var newSessionsInAll: NewSessionLimit? = .standardInAll
        /// `--trusted-proxy`, repeated: the balancers whose `X-Forwarded-For` names the client.
        var trustedProxies = TrustedProxies.none
        private var trustedProxyAddresses: [String] = []
        var isHelp = false

        init() {}

        /// Parses `--name value` and `--name=value`; the error says what is wrong.
        init(_ arguments: [String]) throws(UsageError) {
            let parsed = try Self.syntax.parse(arguments, into: Options())
            self = parsed.options
            isHelp = parsed.isHelp
        }

        /// What `vitrine serve` takes, and its synopsis.
        static var syntax: OptionParser<Options> {
            OptionParser(
                command: "vitrine serve",
                options: [
                    .value("--host", "127.0.0.1") { $0.host = $1 },
                    .value("--port", "8080") { options, value throws(UsageError) in
                        guard let port = Int(value), (0...65_535).contains(port) else {
                            throw UsageError("--port wants a number from 0 to 65535, not '\(TerminalText.excerpt(value))'")
                        }
                        options.port = port
                    },
                    .value("--faults", "PROFILE") { $0.faults = $1 },
                    .value("--export-pages", "DIR") { $0.exportDirectory = $1 },
                    .value("--export-shop", "DIR") { $0.shopDirectory = $1 },
                    .value("--catalogue", "DIR") { $0.catalogue = $1 },
                    .value("--now", "RFC3339") { options, value throws(UsageError) in
                        guard let instant = RFC3339.date(from: value) else {
                            throw UsageError("--now wants an RFC 3339 instant (2026-11-27T09:00:00+01:00), not '\(TerminalText.excerpt(value))'")
                        }
                        options.now = instant
                    },
                    .value("--data", "DIR") { $0.dataDirectory = $1 },
                    .value("--database", "postgresql://…|memory") { options, value throws(UsageError) in
                        let lower = value.lowercased()
                        guard lower == "memory" || lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://") else {
                            throw UsageError("--database wants a postgresql:// URI or memory")
                        }
                        options.database = value
                    },
                    .value("--session-key", "FILE") { $0.sessionKeyFile = $1 },
                    .value("--operator-token-file", "FILE") { $0.operatorTokenFile = $1 },
                    .number("--keep-events", "DAYS", in: 1...36_500) { $0.keepEventDays = $1 },
                    .value("--new-sessions-per-address", "BURST/PER_SECOND|off") { options, value throws(UsageError) in
                        do {
                            options.newSessionsPerAddress = try NewSessionLimit.parse(value)
                        } catch {
                            throw UsageError("\(error), not '\(TerminalText.excerpt(value, limit: 64))'")
                        }
                    },
                    .value("--new-sessions-in-all", "BURST/PER_SECOND|off") { options, value throws(UsageError) in
                        do {
                            options.newSessionsInAll = try NewSessionLimit.parse(value, option: "--new-sessions-in-all")
                        } catch {
                            throw UsageError("\(error), not '\(TerminalText.excerpt(value, limit: 64))'")
                        }
                    },
                    .value("--trusted-proxy", "ADDRESS", repeatable: true) { options, value throws(UsageError) in
                        do {
                            options.trustedProxyAddresses.append(value)
                            options.trustedProxies = try TrustedProxies(addresses: options.trustedProxyAddresses)
                        } catch {
                            throw UsageError("--trusted-proxy: \(error), not '\(TerminalText.excerpt(value, limit: 64))'")
                        }
                    },
                ],
                forms: [
                    [
                        [.optional("--host"), .optional("--port"), .optional("--faults"), .optional("--catalogue"), .optional("--now")],
                        [.optional("--data"), .optional("--database"), .optional("--session-key"), .optional("--operator-token-file")],
                        [.optional("--new-sessions-per-address"), .optional("--new-sessions-in-all")],
                        [.optional("--keep-events"), .optional("--trusted-proxy")],
                    ],
                    [[.required("--export-pages"), .optional("--faults"), .optional("--catalogue"), .optional("--now")]],
                    [[.required("--export-shop"), .required("--now"), .optional("--catalogue")]],
                ])
        }
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        let options: Options
        do {
            options = try Options(arguments)
        } catch {
            console.err("vitrine serve: \(error.message)\n\(usage)")
            return 2
        }
        if options.isHelp {
            console.out(usage)
            return 0
        }
        // Naming a fault profile (even `none`) is how the operator allows clients to ask
        // for faults with `X-Vitrine-Fault`; otherwise the header is ignored.
        var backendConfiguration = HomeBackend.Configuration(faults: options.faults)
        backendConfiguration.acceptsFaultHeader = options.faults != nil
        backendConfiguration.log = console.err
        backendConfiguration.newSessionsPerAddress = options.newSessionsPerAddress
        backendConfiguration.newSessionsInAll = options.newSessionsInAll
        backendConfiguration.trustedProxies = options.trustedProxies
        if let now = options.now { backendConfiguration.now = RunningClock.from(now) }
        if let directory = options.catalogue {
            backendConfiguration.catalogue = .directory(URL(fileURLWithPath: directory, isDirectory: true))
            // Reloads and refusals, each a line (a refusal with its problems, FILE:LINE).
            backendConfiguration.catalogue.log = { message in console.err(Self.logLines(message)) }
        }
        do {
            _ = try FaultProfile(parsing: options.faults ?? "")
        } catch {
            console.err("vitrine serve: invalid --faults: \(error)\n\(usage)")
            return 2
        }
        // Pages are exported from a backend whose store is in memory: nothing is kept.
        if let directory = options.exportDirectory {
            guard let backend = makeBackend(backendConfiguration, console: console) else { return 1 }
            return PageExport.write(backend.pageVariants(allProductLocales: true), to: directory, console: console)
        }
        if let directory = options.shopDirectory, let now = options.now {
            guard let backend = makeBackend(backendConfiguration, console: console) else { return 1 }
            let bundle = backend.shopBundle(at: now, appVersion: VitrineApp.version, capabilities: VitrineApp.capabilities)
            return ShopExport.write(bundle, to: directory, console: console)
        }
        var configuration = HTTPServer.Configuration()
        configuration.host = options.host
        configuration.port = options.port
        // The address is judged before the store is opened: a mistyped host makes no database.
        do {
            try HTTPServer.check(configuration)
        } catch {
            console.err("vitrine serve: \(error)")
            return error.isUsageError ? 2 : 1
        }
        do {
            try store(options, environment: environment, into: &backendConfiguration)
        } catch {
            console.err("vitrine serve: \(error.message)\n\(usage)")
            return 2
        }
        guard let backend = makeBackend(backendConfiguration, console: console) else { return 1 }
        defer { backend.close() }
        let server: HTTPServer
        do {
            server = try HTTPServer(handler: backend, configuration: configuration, log: console.err)
        } catch {
            console.err("vitrine serve: \(error)")
            return error.isUsageError ? 2 : 1
        }
        // Signals are caught before the server announces itself, so a supervisor that
        // waits for the `listening on` line can stop it at once, or reload its catalogue.
        let signals = TerminationSignals()
        let reloads = options.catalogue == nil ? nil : ReloadSignal { [weak backend] in backend?.requestCatalogueReload() }
        defer { reloads?.cancel() }
        console.out("listening on \(server.baseURL)")
        let received = await signals.next()
        console.err("vitrine serve: \(TerminationSignals.name(received)), stopping")
        server.stop()
        return 0
    }
}

extension ServeCommand {
    /// The backend, or nil once standard error says why: a catalogue directory that does not
    /// load whole (each problem at its FILE:LINE), or a store or key that cannot be used.
    static func makeBackend(_ configuration: HomeBackend.Configuration, console: Console) -> HomeBackend? {
        do {
            return try HomeBackend(configuration: configuration)
        } catch let error as CatalogueLoadError {
            console.err(logLines(error.description))
            return nil
        } catch {
            console.err("vitrine serve: \(TerminalText.sanitized(String(describing: error)))")
            return nil
        }
    }

    /// `message` a line each, after `vitrine serve: `, with what a terminal would obey removed.
    static func logLines(_ message: String) -> String {
        message.split(separator: "\n").map { "vitrine serve: " + TerminalText.sanitized(String($0)) }.joined(separator: "\n")
    }

    /// The store the options name: PostgreSQL or memory with `--database`, else SQLite in the
    /// data directory; the session key in the data directory unless `--session-key` names it;
    /// the operator's token from its file.
    static func store(_ options: Options, environment: [String: String], into configuration: inout HomeBackend.Configuration) throws(UsageError) {
        let data = options.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DataDirectory.backend(environment: environment)
        switch options.database {
        case let url? where url.lowercased() == "memory":
            configuration.storage = .memory
        case let url?:
            configuration.storage = .postgres(url: url)
            configuration.sessionKeyFile = data.appendingPathComponent("session.key")
        case nil:
            configuration.storage = .sqlite(directory: data)
        }
        if let file = options.sessionKeyFile { configuration.sessionKeyFile = URL(fileURLWithPath: file) }
        if let days = options.keepEventDays { configuration.eventDays = days }
        if let file = options.operatorTokenFile {
            // The token opens what shoppers sent: a file others may read gives it away, one
            // they may write lets them choose it (the rule of the session key).
            let data: Data
            do {
                data = try SecretFile.read(file, what: "--operator-token-file", maxBytes: 4096)
            } catch {
                throw UsageError(error.description)
            }
            guard let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init),
                HomeBackend.isValidOperatorToken(line)
            else {
                throw UsageError("--operator-token-file must name a readable file whose first line is a token of 16 to 256 of A-Z a-z 0-9 - . _ ~ + / =")
            }
            configuration.operatorToken = line
        }
    }
}

extension HTTPServerError {
    /// A bad `--host` is the caller's mistake; a port that cannot be bound is not.
    var isUsageError: Bool {
        switch self {
        case .invalidHost, .invalidConfiguration: return true
        case .cannotStart: return false
        }
    }
}
