import CommandLineSupport
import FlowCore
import Foundation
import RetailBackend

/// `vitrine catalogue export|check|timeline|preview`: the merchandiser's tools for a catalogue
/// directory (docs/backend.md, "Merchandising"). Exit 0 good, 1 problems (or a catalogue that
/// does not load), 2 usage.
enum CatalogueCommand {
    static var usage: String {
        joinedSynopses([exportSyntax.usage, checkSyntax.usage, upgradeSyntax.usage, CatalogueTimelineCommand.syntax.usage,
                        CataloguePreviewCommand.syntax.usage])
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        guard let command = arguments.first else {
            console.err("vitrine catalogue: which command?\n\(usage)")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "export": return try export(rest, console: console)
            case "check": return try check(rest, console: console)
            case "upgrade": return try upgrade(rest, console: console)
            case "timeline": return try CatalogueTimelineCommand.run(rest, console: console)
            case "preview": return try await CataloguePreviewCommand.run(rest, console: console, environment: environment)
            case "-h", "--help", "help":
                console.out(usage)
                return 0
            default: throw UsageError("unknown command '\(TerminalText.excerpt(command))'")
            }
        } catch let error as UsageError {
            console.err("vitrine catalogue: \(error.message)\n\(usage)")
            return 2
        } catch {
            console.err("vitrine catalogue: \(TerminalText.sanitized(String(describing: error)))")
            return 1
        }
    }

    /// `export DIR [--anchor T] [--campaigns N] [--products N]`: the built-in demo as files, its
    /// windows moved to the anchor (default: now, to the hour), with N generated campaigns and a
    /// feed of N products for load tests.
    struct ExportOptions {
        var directory = ""
        var anchor: Date?
        var campaigns = 0
        var products: Int?
    }

    static var exportSyntax: OptionParser<ExportOptions> {
        OptionParser(
            command: "vitrine catalogue export",
            options: [
                CommonOptions.instant("--anchor") { $0.anchor = $1 },
                .number("--campaigns", in: 0...10_000) { $0.campaigns = $1 },
                .number("--products", in: 1...maxExportedProducts) { $0.products = $1 },
            ],
            operand: .one("DIR", \.directory),
            forms: [[[.text("DIR"), .optional("--anchor"), .optional("--campaigns"), .optional("--products")]]])
    }

    static func export(_ arguments: [String], console: Console) throws -> Int32 {
        guard let options = try given(arguments, into: ExportOptions(), with: exportSyntax, console: console) else { return 0 }
        let directory = try required(options.directory)
        let anchor = options.anchor ?? Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        let extra = options.campaigns
        let products = options.products
        do {
            let files = try CatalogueTools.exportDemo(
                to: URL(fileURLWithPath: directory, isDirectory: true), anchor: anchor, extraCampaigns: extra, products: products)
            console.out("wrote the demo catalogue (\(files.count) files, anchored at \(RFC3339.string(from: anchor))) to \(TerminalText.sanitized(directory))")
            return 0
        } catch {
            console.err("vitrine catalogue export: cannot write \(TerminalText.sanitized(directory)): \(TerminalText.sanitized(String(describing: error)))")
            return 1
        }
    }

    /// The largest feed `export --products` writes: what a catalogue holds.
    static let maxExportedProducts = CatalogueTools.maxProducts

    /// `upgrade DIR`: a catalogue of the earlier layout (generated products) gets its feed.
    static var upgradeSyntax: OptionParser<String> {
        OptionParser(command: "vitrine catalogue upgrade", options: [], operand: .one("DIR", \.self), forms: [[[.text("DIR")]]])
    }

    static func upgrade(_ arguments: [String], console: Console) throws -> Int32 {
        guard let given = try given(arguments, into: "", with: upgradeSyntax, console: console) else { return 0 }
        let directory = try required(given)
        do {
            let files = try CatalogueTools.upgrade(URL(fileURLWithPath: directory, isDirectory: true))
            console.out("upgraded \(TerminalText.sanitized(directory)): wrote \(files.joined(separator: ", ")); check it with vitrine catalogue check")
            return 0
        } catch {
            console.err("vitrine catalogue upgrade: \(TerminalText.sanitized(directory)): \(TerminalText.sanitized(String(describing: error)))")
            return 1
        }
    }

    /// `check DIR [--previous DIR]`: every problem as `FILE:LINE: severity: message`, then a
    /// summary; with `--previous`, a warning for each of its products DIR no longer lists.
    struct CheckOptions {
        var directory = ""
        var previous: URL?
    }

    static var checkSyntax: OptionParser<CheckOptions> {
        OptionParser(
            command: "vitrine catalogue check",
            options: [.value("--previous", "DIR") { $0.previous = URL(fileURLWithPath: $1, isDirectory: true) }],
            operand: .one("DIR", \.directory),
            forms: [[[.text("DIR"), .optional("--previous")]]])
    }

    static func check(_ arguments: [String], console: Console) throws -> Int32 {
        guard let options = try given(arguments, into: CheckOptions(), with: checkSyntax, console: console) else { return 0 }
        let directory = try required(options.directory)
        let previous = options.previous
        let check = CatalogueTools.check(URL(fileURLWithPath: directory, isDirectory: true), previous: previous)
        for problem in check.problems {
            console.out(TerminalText.sanitized(problem.formatted(in: directory)))
        }
        let errors = check.problems.filter(\.isError).count
        let warnings = check.problems.count - errors
        if check.problems.isEmpty, let summary = check.summary {
            console.out("\(TerminalText.sanitized(directory)): good: \(summary)")
            return 0
        }
        console.err("\(TerminalText.sanitized(directory)): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
                    + (errors > 0 ? " (the server would not load it)" : " (the server would load it and serve it as it is)"))
        return 1
    }
}

extension CatalogueCommand {
    /// What `arguments` give, or nil once `--help` has printed `syntax`'s synopsis: then the
    /// tool does nothing and exits 0.
    static func given<Options>(
        _ arguments: [String], into initial: Options, with syntax: OptionParser<Options>, console: Console
    ) throws(UsageError) -> Options? {
        let parsed = try syntax.parse(arguments, into: initial)
        guard !parsed.isHelp else {
            console.out(syntax.usage)
            return nil
        }
        return parsed.options
    }

    /// `directory`, when one was given.
    static func required(_ directory: String) throws(UsageError) -> String {
        guard !directory.isEmpty else { throw UsageError("missing DIR") }
        return directory
    }

    /// `--segment S`: one of the catalogue's segments.
    static func segment<Options>(_ set: @escaping (inout Options, Segment) -> Void) -> OptionParser<Options>.Option {
        .oneOf("--segment", "S", set)
    }

    /// `--locale L`: one of the shop's locales.
    static func locale<Options>(_ set: @escaping (inout Options, StoreLocale) -> Void) -> OptionParser<Options>.Option {
        .oneOf("--locale", "L", set)
    }
}
