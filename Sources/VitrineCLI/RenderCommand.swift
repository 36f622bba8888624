import CommandLineSupport
import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import HTTPTransport
import ImagePipeline
import RetailKit
import RetailPresentation
import RetailTerminal

/// `vitrine render FILE|URL --width W --height H [--scroll ROWS] [--plain] [--debug]
/// [--timeout SECONDS]` (§11): one frame of the page as the terminal client draws it, to
/// standard output, then exit. `vitrine render FILE|URL --accessibility [--locale L]
/// [--now RFC3339] [--debug] [--timeout SECONDS]` prints instead what a screen reader reads
/// (`RenderCommand+Accessibility`).
///
/// Without `--plain` the frame is SGR-coloured lines (no cursor addressing, no clearing), for a
/// file or `less -R`; colour depth follows `COLORTERM`/`TERM`, `NO_COLOR` keeps attributes only,
/// `TERM=dumb` writes text only. `--plain` writes text only, every line at most W columns.
/// With a URL, the page's images are fetched (and drawn as half blocks); otherwise, and in
/// plain text, images show as placeholders. A URL is read with the app client's limits
/// (`RemoteDocument`: at most 32 MiB, no redirect followed) and the whole fetch, images
/// included, ends within `--timeout` (default 20 s). A `{"sheet": …}` document is drawn presented over
/// an empty page. `--debug` shows unknown and malformed widgets as labelled placeholders.
/// Exit 0 drawn, 1 when the page cannot be read (no file, a failed fetch, a refused
/// document), 2 on a usage error.
enum RenderCommand {
    struct Options: Equatable {
        var source = ""
        var width = 0
        var height = 0
        var scroll = 0
        var plain = false
        var debug = false
        /// The longest the whole fetch may take (the page, then its images). Default 20 s.
        var timeout: Duration = .seconds(20)
        var accessibility = false
        var locale = "en-US"
        var now: Date?
        /// The rows of the screen the page is laid out for, when it is drawn taller than one
        /// screen (a preview of the whole page); nil: the frame's own.
        var screenRows: Int?
        /// `-h` or `--help`: the synopsis is printed and nothing is drawn.
        var isHelp = false

        /// The frame these options ask for.
        var frame: PageFrame {
            var frame = PageFrame(width: width, height: height)
            frame.scroll = scroll
            frame.locale = locale
            frame.showsFaults = debug
            frame.screenRows = screenRows
            return frame
        }
    }

    static var usage: String { syntax.usage }

    /// The longest `--timeout` may be.
    static let maximumTimeoutSeconds = 600
    /// The largest screen drawn: far beyond any terminal, small enough to bound the work.
    static let maximumSide = 2000

    @MainActor
    static func run(_ arguments: [String], console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            console.err("vitrine render: \(error.message)\n\(usage)")
            return 2
        }
        if options.isHelp {
            console.out(usage)
            return 0
        }
        let data: Data
        let isRemote = isURL(options.source)
        let started = ContinuousClock.now
        do {
            data = try await load(options.source, deadline: options.timeout)
        } catch {
            console.err("vitrine render: cannot read '\(TerminalText.excerpt(URLCredentials.redacted(options.source)))': \(TerminalText.sanitized(String(describing: error)))")
            return 1
        }
        let remaining = max(.zero, options.timeout - (ContinuousClock.now - started))
        if options.accessibility {
            do {
                let lines = try accessibilityLines(data, options: options)
                // Nothing read is no line at all (not one empty line), said on standard error.
                if lines.isEmpty {
                    console.err("vitrine render: a screen reader reads nothing on this page")
                } else {
                    console.out(lines.joined(separator: "\n"))
                }
                return 0
            } catch {
                console.err("vitrine render: page refused: \(TerminalText.sanitized(error.description))")
                return 1
            }
        }
        let profile = outputProfile(options: options, environment: environment)
        let lines: [String]
        do {
            // Pictures only of a page fetched from a server, relative to its URL, and in colour.
            let images = isRemote && profile.allowsEscapes
                ? PipelineImageSource(pipeline: ImagePipeline(configuration: .memoryOnly), baseURL: URL(string: options.source)) : nil
            lines = try await options.frame.lines(of: data, profile: profile, images: images, imageWait: remaining)
        } catch {
            console.err("vitrine render: page refused: \(TerminalText.sanitized(error.description))")
            return 1
        }
        console.out(lines.joined(separator: "\n"))
        return 0
    }

    /// Text only for `--plain` and `TERM=dumb`; otherwise colours as the environment allows,
    /// whether or not standard output is a terminal (the frame is meant for files and pagers).
    static func outputProfile(options: Options, environment: [String: String]) -> TerminalProfile {
        if options.plain { return .plain }
        var environment = environment
        if environment["TERM"] == nil { environment["TERM"] = "xterm-256color" }
        return TerminalProfile.detect(environment: environment, isTerminal: true)
    }

    static func isURL(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// The document at `source`: a file, or a URL fetched within `deadline`.
    static func load(_ source: String, deadline: Duration) async throws -> Data {
        guard isURL(source) else {
            guard let data = FileManager.default.contents(atPath: source) else { throw LoadError(description: "no such readable file") }
            return data
        }
        guard let url = URL(string: source) else { throw LoadError(description: "not a URL") }
        do {
            return try await RemoteDocument.fetch(url, deadline: deadline)
        } catch {
            throw LoadError(description: describe(error, deadline: deadline))
        }
    }

    /// A fetch's failure in words for the command line.
    static func describe(_ error: HomeAPIError, deadline: Duration) -> String {
        switch error {
        case .transport(_, true): "no whole answer within \(deadline.components.seconds) s (--timeout)"
        case .transport(let message, false): "no connection: \(message)"
        case .status(let status, _, let message, _): "the server answered \(status)" + (message.map { ": \($0)" } ?? "")
        case .undecodable(let reason): reason
        case .refused(let reason): reason
        }
    }

    /// What `vitrine render` takes, and its synopsis: a frame's size, or `--accessibility`.
    static var syntax: OptionParser<Options> {
        OptionParser(
            command: "vitrine render",
            options: [
                .number("--width", "W", in: 1...maximumSide) { $0.width = $1 },
                .number("--height", "H", in: 1...maximumSide) { $0.height = $1 },
                .number("--scroll", "ROWS", in: 0...maximumSide * 1000) { $0.scroll = $1 },
                .flag("--plain") { $0.plain = true },
                .flag("--debug") { $0.debug = true },
                .number("--timeout", "SECONDS", in: 1...maximumTimeoutSeconds) { $0.timeout = .seconds($1) },
                .flag("--accessibility") { $0.accessibility = true },
                CommonOptions.locale { $0.locale = $1.rawValue },
                CommonOptions.now { $0.now = $1 },
            ],
            operand: .one("FILE or URL", \.source),
            forms: [
                [[.text("FILE|URL"), .required("--width"), .required("--height"), .optional("--scroll"), .optional("--plain"), .optional("--debug"),
                  .optional("--timeout")]],
                [[.text("FILE|URL"), .required("--accessibility"), .optional("--locale"), .optional("--now"), .optional("--debug"), .optional("--timeout")]],
            ])
    }

    /// The options `arguments` give, when they make one form of the command.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        let parsed = try syntax.parse(arguments, into: Options())
        var options = parsed.options
        guard !parsed.isHelp else {
            options.isHelp = true
            return options
        }
        guard !options.source.isEmpty else { throw UsageError("missing FILE or URL") }
        // The options given, whatever their values: `--scroll 0` and `--locale en-US` are
        // given too, and belong to one form of the command or the other.
        if options.accessibility {
            // Read, not drawn: no screen size, and none of the drawing options.
            guard !["--width", "--height", "--scroll", "--plain"].contains(where: parsed.gave) else {
                throw UsageError("--accessibility takes no --width, --height, --scroll or --plain")
            }
            return options
        }
        guard !["--locale", "--now"].contains(where: parsed.gave) else { throw UsageError("--locale and --now go with --accessibility") }
        guard parsed.gave("--width") else { throw UsageError("missing --width") }
        guard parsed.gave("--height") else { throw UsageError("missing --height") }
        return options
    }
}
