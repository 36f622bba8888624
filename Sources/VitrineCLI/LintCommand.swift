import CommandLineSupport
import FlowCore
import Foundation
import RetailKit

/// `vitrine lint FILE|- [--app-version V] [--capabilities a,b] [--now RFC3339] [--json]`.
///
/// Decodes a payload with every widget the app registers and prints what a client would
/// show. Exit 0 when the page can be shown, 1 when it is refused as a whole, 2 on a usage
/// error (including a file that cannot be read). Defaults: the app's own version and
/// capabilities, and the current instant.
enum LintCommand {
    struct Options {
        var file: String
        var client = VitrineApp.clientContext
        var now = Date()
        var json = false
    }

    struct UsageError: Error {
        var message: String
    }

    static let usage = "usage: vitrine lint FILE|- [--app-version V] [--capabilities a,b] [--now RFC3339] [--json]"

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            console.err("vitrine lint: \(error.message)\n\(usage)")
            return 2
        }
        let data: Data
        if options.file == "-" {
            data = console.readStandardInput()
        } else {
            guard let contents = FileManager.default.contents(atPath: options.file) else {
                console.err("vitrine lint: cannot read '\(TerminalText.sanitized(options.file))'")
                return 2
            }
            data = contents
        }
        return lint(data, options: options, console: console)
    }

    static func lint(_ data: Data, options: Options, console: Console) -> Int32 {
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let decoded: DecodedPage
        do {
            decoded = try decoder.decodePage(data)
        } catch {
            let message = "page refused: \(error.description)"
            if options.json {
                var object = JSONObject()
                object["page_id"] = .null
                object["error"] = .string(message)
                object["diagnostics"] = .array([LintReport.entry(error.diagnostic)])
                console.out(JSONWriter.string(for: .object(object)))
            }
            console.err("vitrine lint: \(TerminalText.sanitized(message))")
            return 1
        }
        let report = LintReport(
            decoded: decoded, context: EvaluationContext(client: options.client, now: options.now),
            policy: VitrineApp.actionPolicy, decoder: decoder)
        if options.json {
            console.out(JSONWriter.string(for: report.json))
        } else {
            console.out(report.lines.joined(separator: "\n"))
        }
        return 0
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var file: String?
        var options = Options(file: "")
        var iterator = arguments.makeIterator()
        func value(for flag: String) throws(UsageError) -> String {
            guard let value = iterator.next() else { throw UsageError(message: "\(flag) needs a value") }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--json":
                options.json = true
            case "--app-version":
                let text = try value(for: argument)
                guard let version = AppVersion(text) else { throw UsageError(message: "'\(TerminalText.sanitized(text))' is not a dotted numeric version") }
                options.client.appVersion = version
            case "--capabilities":
                let list = try value(for: argument)
                options.client.capabilities = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            case "--now":
                let text = try value(for: argument)
                guard let now = RFC3339.date(from: text) else { throw UsageError(message: "'\(TerminalText.sanitized(text))' is not an RFC 3339 instant") }
                options.now = now
            case "-":
                guard file == nil else { throw UsageError(message: "only one FILE") }
                file = argument
            default:
                if argument.hasPrefix("-") { throw UsageError(message: "unknown option '\(TerminalText.sanitized(argument))'") }
                guard file == nil else { throw UsageError(message: "only one FILE") }
                file = argument
            }
        }
        guard let file else { throw UsageError(message: "missing FILE") }
        options.file = file
        return options
    }
}
