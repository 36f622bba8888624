import Foundation
import RetailBackend

/// `vitrine serve`: the home backend over HTTP until SIGINT or SIGTERM (backend issue).
enum ServeCommand {
    static let usage = """
        usage: vitrine serve [--host 127.0.0.1] [--port 8080] [--faults PROFILE]
               vitrine serve --export-pages DIR [--faults PROFILE]
        """

    /// What the command line asks for.
    struct Options: Equatable {
        var host = "127.0.0.1"
        var port = 8080
        var faults: String?
        /// Writes every page the backend composes into this directory instead of serving.
        var exportDirectory: String?
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
                guard ["--host", "--port", "--faults", "--export-pages"].contains(name) else {
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
            backend = try HomeBackend(faults: options.faults)
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
        // waits for the `listening on` line can stop it at once.
        let signals = TerminationSignals()
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
