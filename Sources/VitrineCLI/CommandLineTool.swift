import Foundation

/// The `vitrine` executable's commands. `main.swift` only forwards to `run`, so every command
/// is testable in-process with a captured `Console`.
public enum CommandLineTool {
    /// Runs one invocation; `arguments` excludes the program name. Returns the exit status.
    public static func run(_ arguments: [String], console: Console = .standard) async -> Int32 {
        // `vitrine` alone, or with the app's options, is the app.
        guard let command = arguments.first, !(command.hasPrefix("--") && command != "--help") else {
            return await AppCommand.run(arguments, console: console)
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "app": return await AppCommand.run(rest, console: console)
        case "lint": return LintCommand.run(rest, console: console)
        case "serve": return await ServeCommand.run(rest, console: console)
        case "catalogue": return await CatalogueCommand.run(rest, console: console)
        case "bench": return await BenchCommand.run(rest, console: console)
        case "render": return await RenderCommand.run(rest, console: console)
        case "preview": return await PreviewCommand.run(rest, console: console)
        case "__terminal-session": return TerminalSessionProbe.run(rest, console: console)
        case "__crash-child": return await CrashChildCommand.run(rest, console: console)
        case "-h", "--help", "help":
            console.out(usage)
            return 0
        default:
            console.err("vitrine: unknown command '\(command)'\n\(usage)")
            return 2
        }
    }

    static let usage = """
        usage: vitrine [app] [--server URL] [--locale L] [--segment S] [--app-version V] [--capabilities a,b]
                             [--faults PROFILE] [--user ID] [--open URL] [--now RFC3339] [--debug]
               vitrine lint FILE|- [--app-version V] [--capabilities a,b] [--now RFC3339] [--json]
               vitrine render FILE|URL --width W --height H [--scroll ROWS] [--plain] [--debug]
               vitrine render FILE|URL --accessibility [--locale L] [--now RFC3339] [--debug]
               vitrine preview FILE [--app-version V] [--capabilities a,b] [--locale L]
               vitrine serve [--host 127.0.0.1] [--port 8080] [--faults PROFILE] [--catalogue DIR] [--now RFC3339]
               vitrine catalogue export DIR [--anchor RFC3339]
               vitrine catalogue check DIR
               vitrine catalogue timeline DIR --from DAY|RFC3339 --days N [--segment S] [--locale L]
               vitrine catalogue preview DIR --at RFC3339 --segment S --locale L [--app-version V] [--capabilities a,b]
               vitrine bench decode|runtime|serve|images|render|home|app|slow-clients
               vitrine bench page [--sections N] [--widgets N] [--faults RATE] [--seed S]
        """
}
