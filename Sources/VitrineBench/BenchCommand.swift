import CommandLineSupport
import Foundation

/// `vitrine bench NAME` (the `vitrine-bench` program): speed as ratios against a baseline run in
/// the same process, printed as `metric = value` lines.
public enum BenchCommand {
    static let usage = BenchProgram.usage

    /// Runs the benchmark `arguments` name with the rest of them as its options; returns the
    /// exit status.
    public static func run(_ arguments: [String], console: Console) async -> Int32 {
        guard let name = arguments.first else {
            console.err(joinedSynopses([usage, PageCommand.syntax.usage]))
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch name {
        case "decode": return DecodeBench.run(rest, console: console)
        case "runtime": return await RuntimeBench.run(rest, console: console)
        case "serve": return await ServeBench.run(rest, console: console)
        case "cart": return await CartBench.run(rest, console: console)
        case "events": return await EventsBench.run(rest, console: console)
        case "images": return await ImagesBench.run(rest, console: console)
        case "slow-clients": return await SlowClientsBench.run(rest, console: console)
        case "page": return PageCommand.run(rest, console: console)
        case "render": return await RenderBench.run(rest, console: console)
        case "home": return await HomeBench.run(rest, console: console)
        case "app": return await AppBench.run(rest, console: console)
        case "-h", "--help", "help":
            console.out(joinedSynopses([usage, PageCommand.syntax.usage]))
            return 0
        default:
            console.err("vitrine bench: unknown benchmark '\(TerminalText.excerpt(name))' (decode, runtime, serve, cart, events, images, render, home, app, slow-clients, page)")
            return 2
        }
    }
}
