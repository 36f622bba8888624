import CommandLineSupport
import FlowCore
import Foundation
import RetailBackend

/// `vitrine catalogue export|check|timeline|preview`: the merchandiser's tools for a catalogue
/// directory (docs/backend.md, "Merchandising"). Exit 0 good, 1 problems (or a catalogue that
/// does not load), 2 usage.
enum CatalogueCommand {
    static let usage = """
        usage: vitrine catalogue export DIR [--anchor RFC3339] [--campaigns N] [--products N]
               vitrine catalogue check DIR [--previous DIR]
               vitrine catalogue upgrade DIR
               vitrine catalogue timeline DIR --from DAY|RFC3339 --days N [--segment S] [--locale L]
               vitrine catalogue preview DIR --at RFC3339 --segment S --locale L [--app-version V] [--capabilities a,b]
                                         [--width W] [--height H] [--variant EXPERIMENT=VARIANT] [--plain] [--interactive]
        """

    struct UsageError: Error {
        var message: String
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
            default: throw UsageError(message: "unknown command '\(TerminalText.sanitized(command))'")
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
    static func export(_ arguments: [String], console: Console) throws -> Int32 {
        var options = try Arguments(arguments, values: ["--anchor", "--campaigns", "--products"])
        let directory = try options.directory()
        let anchor = try options.instant("--anchor") ?? Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        let extra = try options.count("--campaigns", in: 0...10_000) ?? 0
        let products = try options.count("--products", in: 1...Self.maxExportedProducts)
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
    static func upgrade(_ arguments: [String], console: Console) throws -> Int32 {
        var options = try Arguments(arguments, values: [])
        let directory = try options.directory()
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
    static func check(_ arguments: [String], console: Console) throws -> Int32 {
        var options = try Arguments(arguments, values: ["--previous"])
        let directory = try options.directory()
        let previous = options.value("--previous").map { URL(fileURLWithPath: $0, isDirectory: true) }
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

/// `DIR` and `--name value` options.
struct Arguments {
    private var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(_ arguments: [String], values names: [String], flags flagNames: [String] = []) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if names.contains(argument) {
                guard let value = iterator.next() else { throw CatalogueCommand.UsageError(message: "\(argument) needs a value") }
                guard values[argument] == nil else { throw CatalogueCommand.UsageError(message: "\(argument) is given twice") }
                values[argument] = value
            } else if flagNames.contains(argument) {
                flags.insert(argument)
            } else if argument.hasPrefix("-") {
                throw CatalogueCommand.UsageError(message: "unknown option '\(TerminalText.sanitized(argument))'")
            } else {
                positional.append(argument)
            }
        }
    }

    /// The one DIR; it must be a directory.
    mutating func directory() throws -> String {
        guard positional.count == 1, let directory = positional.first else {
            throw CatalogueCommand.UsageError(message: positional.isEmpty ? "missing DIR" : "only one DIR")
        }
        return directory
    }

    func value(_ name: String) -> String? { values[name] }

    /// A whole number of `range`, when given.
    func count(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let count = Int(text), range.contains(count) else {
            throw CatalogueCommand.UsageError(message: "\(name) '\(TerminalText.sanitized(text))' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return count
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func instant(_ name: String) throws -> Date? {
        guard let text = values[name] else { return nil }
        guard let date = RFC3339.date(from: text) else {
            throw CatalogueCommand.UsageError(message: "\(name) '\(TerminalText.sanitized(text))' is not an RFC 3339 instant (2026-11-27T09:00:00+01:00)")
        }
        return date
    }

    func segment(_ name: String) throws -> Segment? {
        guard let text = values[name] else { return nil }
        guard let segment = Segment(rawValue: text) else {
            throw CatalogueCommand.UsageError(message: "\(name) '\(TerminalText.sanitized(text))' is not one of new, returning, vip")
        }
        return segment
    }

    func locale(_ name: String) throws -> StoreLocale? {
        guard let text = values[name] else { return nil }
        guard let locale = StoreLocale(rawValue: text) else {
            throw CatalogueCommand.UsageError(message: "\(name) '\(TerminalText.sanitized(text))' is not one of en-US, de-DE, fr-FR")
        }
        return locale
    }
}
