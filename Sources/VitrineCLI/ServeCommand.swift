import FlowCore
import Foundation
import RetailBackend

/// `vitrine serve`: the home backend over HTTP until SIGINT or SIGTERM (backend issue), on
/// the built-in catalogue or on a catalogue directory it watches (`--catalogue`; SIGHUP reloads
/// it too), its clock from now or from `--now`.
enum ServeCommand {
    static let usage = """
        usage: vitrine serve [--host 127.0.0.1] [--port 8080] [--faults PROFILE] [--catalogue DIR] [--now RFC3339]
               vitrine serve --export-pages DIR [--faults PROFILE] [--catalogue DIR] [--now RFC3339]
        """

    /// What the command line asks for.
    struct Options: Equatable {
        var host = "127.0.0.1"
        var port = 8080
        var faults: String?
        /// Writes every page the backend composes into this directory instead of serving.
        var exportDirectory: String?
        /// The catalogue directory; none is the built-in demo.
        var catalogue: String?
        /// Where the backend's clock starts (it runs from there).
        var now: Date?
        var isHelp = false

        /// Parses `--name value` and `--name=value`; the error says what is wrong.
        init(_ arguments: [String]) throws(UsageError) {
            var rest = arguments[...]
            while let argument = rest.popFirst() {
                if argument == "-h" || argument == "--help" {
                    isHelp = true
                    continue
                }
                let (name, inline) = Self.split(argument)
                guard ["--host", "--port", "--faults", "--export-pages", "--catalogue", "--now"].contains(name) else {
                    throw UsageError("unknown option '\(argument)'")
                }
                guard let value = inline ?? rest.popFirst(), !value.isEmpty else {
                    throw UsageError("\(name) needs a value")
                }
                switch name {
                case "--host": host = value
                case "--port":
                    guard let port = Int(value), (0...65_535).contains(port) else {
                        throw UsageError("--port wants a number from 0 to 65535, not '\(value)'")
                    }
                    self.port = port
                case "--export-pages": exportDirectory = value
                case "--catalogue": catalogue = value
                case "--now":
                    guard let instant = RFC3339.date(from: value) else {
                        throw UsageError("--now wants an RFC 3339 instant (2026-11-27T09:00:00+01:00), not '\(TerminalText.sanitized(value))'")
                    }
                    now = instant
                default: faults = value
                }
            }
        }

        private static func split(_ argument: String) -> (String, String?) {
            guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
    }

    struct UsageError: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    static func run(_ arguments: [String], console: Console) async -> Int32 {
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
        let backend: HomeBackend
        do {
            // Naming a fault profile (even `none`) is how the operator allows clients to ask
            // for faults with `X-Vitrine-Fault`; otherwise the header is ignored.
            var backendConfiguration = HomeBackend.Configuration(faults: options.faults)
            backendConfiguration.acceptsFaultHeader = options.faults != nil
            if let now = options.now { backendConfiguration.now = RunningClock.from(now) }
            if let directory = options.catalogue {
                backendConfiguration.catalogue = .directory(URL(fileURLWithPath: directory, isDirectory: true))
                // Reloads and refusals, each a line (a refusal with its problems, FILE:LINE).
                backendConfiguration.catalogue.log = { message in
                    console.err(message.split(separator: "\n").map { "vitrine serve: " + TerminalText.sanitized(String($0)) }.joined(separator: "\n"))
                }
            }
            backend = try HomeBackend(configuration: backendConfiguration)
        } catch let error as CatalogueLoadError {
            console.err(error.description.split(separator: "\n").map { "vitrine serve: " + TerminalText.sanitized(String($0)) }.joined(separator: "\n"))
            return 1
        } catch {
            console.err("vitrine serve: invalid --faults: \(error)\n\(usage)")
            return 2
        }
        if let directory = options.exportDirectory {
            return PageExport.write(backend.pageVariants(allProductLocales: true), to: directory, console: console)
        }
        var configuration = HTTPServer.Configuration()
        configuration.host = options.host
        configuration.port = options.port
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

extension HTTPServerError {
    /// A bad `--host` is the caller's mistake; a port that cannot be bound is not.
    var isUsageError: Bool {
        switch self {
        case .invalidHost, .invalidConfiguration: return true
        case .cannotStart: return false
        }
    }
}
