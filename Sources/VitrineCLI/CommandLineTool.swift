import CommandLineSupport
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
        case "bench": return BenchForwarding.run(rest, console: console)
        case "render": return await RenderCommand.run(rest, console: console)
        case "preview": return await PreviewCommand.run(rest, console: console)
        case "report": return ReportCommand.run(rest, console: console)
        case "-h", "--help", "help":
            console.out(usage)
            return 0
        default:
            console.err("vitrine: unknown command '\(TerminalText.excerpt(command))'\n\(usage)")
            return 2
        }
    }

    /// Every command's synopsis, as each command's own usage says it (one place each): the
    /// app's, lint's, render's, preview's, serve's, the catalogue tools', the reports' and the benches'.
    static var usage: String {
        let synopses = [AppOptions.usage, LintCommand.usage, RenderCommand.usage, PreviewCommand.usage, ServeCommand.usage,
                        CatalogueCommand.usage, ReportCommand.usage, BenchProgram.usage, BenchProgram.pageUsage]
        return joinedSynopses(synopses)
    }
}
