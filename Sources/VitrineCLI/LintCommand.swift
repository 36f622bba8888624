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

    static var usage: String { syntax.usage }

    /// What `vitrine lint` takes, and its synopsis.
    static var syntax: OptionParser<Options> {
        OptionParser(
            command: "vitrine lint",
            options: [
                CommonOptions.appVersion { $0.client.appVersion = $1 },
                CommonOptions.capabilities { $0.client.capabilities = $1 },
                CommonOptions.now { $0.now = $1 },
                .flag("--json") { $0.json = true },
            ],
            operand: .one("FILE", \.file),
            forms: [[[.text("FILE|-"), .optional("--app-version"), .optional("--capabilities"), .optional("--now"), .optional("--json")]]])
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let options: Options
        do {
            let parsed = try syntax.parse(arguments, into: Options(file: ""))
            if parsed.isHelp {
                console.out(usage)
                return 0
            }
            options = try checked(parsed.options)
        } catch {
            console.err("vitrine lint: \(error.message)\n\(usage)")
            return 2
        }
        let data: Data
        if options.file == "-" {
            data = console.readStandardInput()
        } else {
            guard let contents = FileManager.default.contents(atPath: options.file) else {
                console.err("vitrine lint: cannot read '\(TerminalText.excerpt(options.file))'")
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

    /// `options` when they name the FILE.
    static func checked(_ options: Options) throws(UsageError) -> Options {
        guard !options.file.isEmpty else { throw UsageError("missing FILE") }
        return options
    }
}
