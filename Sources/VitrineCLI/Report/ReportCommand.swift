import CommandLineSupport
import FlowTerminal
import FlowCore
import Foundation
import RetailBackend

/// `vitrine report campaigns|events`: what shoppers did, read from the store a `vitrine serve`
/// keeps (docs/backend.md, "Reading results"), read only. Exit 0, 1 when the store cannot be
/// read, 2 usage.
enum ReportCommand {
    struct Options {
        var dataDirectory: String?
        var database: String?
        var from: Date?
        var to: Date?
        var segment: String?
        var locale: String?
        var isJSON = false
        var format: String?
    }

    static var campaignsSyntax: OptionParser<Options> {
        OptionParser(
            command: "vitrine report campaigns",
            options: storeOptions + [
                .value("--segment", "S") { $0.segment = $1 },
                .value("--locale", "L") { $0.locale = $1 },
                .flag("--json") { $0.isJSON = true },
            ],
            forms: [[[.optional("--data"), .optional("--database"), .optional("--from"), .optional("--to")],
                     [.optional("--segment"), .optional("--locale"), .optional("--json")]]])
    }

    static var eventsSyntax: OptionParser<Options> {
        OptionParser(
            command: "vitrine report events",
            options: storeOptions + [
                .value("--format", "jsonl") { options, value throws(UsageError) in
                    guard value.utf8.elementsEqual("jsonl".utf8) else {
                        throw UsageError("--format takes jsonl (one JSON event a line), not '\(TerminalText.excerpt(value))'")
                    }
                    options.format = value
                },
            ],
            forms: [[[.optional("--data"), .optional("--database"), .optional("--from"), .optional("--to")], [.required("--format")]]])
    }

    private static var storeOptions: [OptionParser<Options>.Option] {
        [
            .value("--data", "DIR") { $0.dataDirectory = $1 },
            .value("--database", "postgresql://…") { options, value throws(UsageError) in
                let lower = value.lowercased()
                guard lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://") else {
                    throw UsageError("--database wants a postgresql:// URI")
                }
                options.database = value
            },
            CommonOptions.instant("--from") { $0.from = $1 },
            CommonOptions.instant("--to") { $0.to = $1 },
        ]
    }

    static var usage: String {
        joinedSynopses([campaignsSyntax.usage, eventsSyntax.usage])
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String] = ProcessInfo.processInfo.environment,
                    now: Date = Date()) -> Int32 {
        guard let command = arguments.first else {
            console.err("vitrine report: which report?\n\(usage)")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "campaigns":
                guard let options = try CatalogueCommand.given(rest, into: Options(), with: campaignsSyntax, console: console) else { return 0 }
                let (storage, from, to) = try scope(options, environment: environment, now: now)
                let results = try EventReports.campaigns(in: storage, from: from, to: to, segment: options.segment, locale: options.locale)
                console.out(options.isJSON ? String(decoding: results.jsonData, as: UTF8.self)
                    : CampaignTable.text(results, width: terminalColumns(environment)))
                return 0
            case "events":
                guard let options = try CatalogueCommand.given(rest, into: Options(), with: eventsSyntax, console: console) else { return 0 }
                let (storage, from, to) = try scope(options, environment: environment, now: now)
                try EventReports.events(in: storage, from: from, to: to) { line in
                    console.out(String(decoding: line.dropLast(), as: UTF8.self))
                }
                return 0
            case "-h", "--help", "help":
                console.out(usage)
                return 0
            default:
                throw UsageError("unknown report '\(TerminalText.excerpt(command))'")
            }
        } catch let error as UsageError {
            console.err("vitrine report: \(error.message)\n\(usage)")
            return 2
        } catch {
            console.err("vitrine report: \(TerminalText.sanitized(String(describing: error)))")
            return 1
        }
    }

    /// The store (PostgreSQL with `--database`, else SQLite in `--data` or the default data
    /// directory) and the period (`--to` default now, `--from` default 7 days before it).
    private static func scope(_ options: Options, environment: [String: String], now: Date) throws(UsageError)
        -> (HomeBackend.Storage, Date, Date) {
        if options.database != nil, options.dataDirectory != nil { throw UsageError("--data and --database name two stores: give one") }
        let storage: HomeBackend.Storage = options.database.map { .postgres(url: $0) }
            ?? .sqlite(directory: options.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DataDirectory.backend(environment: environment))
        let to = options.to ?? now
        let from = options.from ?? to.addingTimeInterval(-EventReports.defaultPeriod)
        guard from <= to else { throw UsageError("--from is after --to") }
        return (storage, from, to)
    }

    /// The columns of the terminal standard output is, nil when it is none (a pipe, a file):
    /// `COLUMNS` when it is a number, else what the terminal says.
    static func terminalColumns(_ environment: [String: String]) -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return TerminalSize.of(STDOUT_FILENO)?.columns
    }
}
