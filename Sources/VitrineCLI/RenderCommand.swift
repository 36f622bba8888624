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

    struct UsageError: Error {
        var message: String
    }

    static let usage = """
        usage: vitrine render FILE|URL --width W --height H [--scroll ROWS] [--plain] [--debug] [--timeout SECONDS]
               vitrine render FILE|URL --accessibility [--locale en-US|de-DE|fr-FR] [--now RFC3339] [--debug] [--timeout SECONDS]
        """
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
        let data: Data
        let isRemote = isURL(options.source)
        let started = ContinuousClock.now
        do {
            data = try await load(options.source, deadline: options.timeout)
        } catch {
            console.err("vitrine render: cannot read '\(TerminalText.sanitized(URLCredentials.redacted(options.source)))': \(TerminalText.sanitized(String(describing: error)))")
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

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var source: String?
        var width: Int?, height: Int?
        // The options given, whatever their values: `--scroll 0` and `--locale en-US` are
        // given too, and belong to one form of the command or the other.
        var given: Set<String> = []
        var iterator = arguments.makeIterator()
        func number(for flag: String, minimum: Int) throws(UsageError) -> Int {
            guard let text = iterator.next() else { throw UsageError(message: "\(flag) needs a value") }
            let maximum = flag == "--scroll" ? maximumSide * 1000 : flag == "--timeout" ? maximumTimeoutSeconds : maximumSide
            guard let value = Int(text), value >= minimum, value <= maximum else {
                throw UsageError(message: "\(flag) '\(TerminalText.sanitized(text))' is not a whole number from \(minimum) to \(maximum)")
            }
            return value
        }
        while let argument = iterator.next() {
            if argument.hasPrefix("--") { given.insert(argument) }
            switch argument {
            case "--width": width = try number(for: argument, minimum: 1)
            case "--height": height = try number(for: argument, minimum: 1)
            case "--scroll": options.scroll = try number(for: argument, minimum: 0)
            case "--timeout":
                let seconds = try number(for: argument, minimum: 1)
                options.timeout = .seconds(seconds)
            case "--plain": options.plain = true
            case "--debug": options.debug = true
            case "--accessibility": options.accessibility = true
            case "--locale":
                guard let locale = iterator.next() else { throw UsageError(message: "--locale needs a value") }
                guard ["en-US", "de-DE", "fr-FR"].contains(locale) else {
                    throw UsageError(message: "--locale '\(TerminalText.sanitized(locale))' is not one of en-US, de-DE, fr-FR")
                }
                options.locale = locale
            case "--now":
                guard let text = iterator.next() else { throw UsageError(message: "--now needs a value") }
                guard let now = RFC3339.date(from: text) else { throw UsageError(message: "'\(TerminalText.sanitized(text))' is not an RFC 3339 instant") }
                options.now = now
            default:
                if argument.hasPrefix("-") { throw UsageError(message: "unknown option '\(TerminalText.sanitized(argument))'") }
                guard source == nil else { throw UsageError(message: "only one FILE or URL") }
                source = argument
            }
        }
        guard let source else { throw UsageError(message: "missing FILE or URL") }
        options.source = source
        if options.accessibility {
            // Read, not drawn: no screen size, and none of the drawing options.
            guard given.isDisjoint(with: ["--width", "--height", "--scroll", "--plain"]) else {
                throw UsageError(message: "--accessibility takes no --width, --height, --scroll or --plain")
            }
            return options
        }
        guard given.isDisjoint(with: ["--locale", "--now"]) else { throw UsageError(message: "--locale and --now go with --accessibility") }
        guard let width else { throw UsageError(message: "missing --width") }
        guard let height else { throw UsageError(message: "missing --height") }
        options.width = width
        options.height = height
        return options
    }
}
