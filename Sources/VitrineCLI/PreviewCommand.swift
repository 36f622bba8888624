import CommandLineSupport
import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import ImagePipeline
import RetailKit
import RetailPresentation
import RetailTerminal

/// `vitrine preview FILE [--app-version V] [--capabilities a,b]` (§11): the authoring loop.
///
/// Draws the page file interactively with the app's widgets and keys, reads it again within
/// a second of it changing, and shows its lint report in a panel; a file that stops being a
/// page a client would show keeps the last good one on screen and says why. Unknown and
/// malformed widgets show as labelled placeholders. Exit 0 after `q`, 2 on a usage error or
/// without a terminal (pointing at `vitrine render` and `vitrine lint`).
enum PreviewCommand {
    static var usage: String { syntax.usage }

    /// What `vitrine preview` takes: the page file, the client it is judged for, the language.
    struct Options {
        var file = ""
        var client = VitrineApp.clientContext
        var locale = AppLocale.enUS
    }

    /// What `vitrine preview` takes, and its synopsis.
    static var syntax: OptionParser<Options> {
        OptionParser(
            command: "vitrine preview",
            options: [
                CommonOptions.appVersion { $0.client.appVersion = $1 },
                CommonOptions.capabilities { $0.client.capabilities = $1 },
                CommonOptions.locale { $0.locale = $1 },
            ],
            operand: .one("FILE", \.file),
            forms: [[[.text("FILE"), .optional("--app-version"), .optional("--capabilities"), .optional("--locale")]]])
    }

    @MainActor
    static func run(_ arguments: [String], console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        let options: Options
        do throws(UsageError) {
            let parsed = try syntax.parse(arguments, into: Options())
            if parsed.isHelp {
                console.out(usage)
                return 0
            }
            guard !parsed.options.file.isEmpty else { throw UsageError("missing FILE") }
            guard !parsed.options.file.utf8.elementsEqual("-".utf8) else { throw UsageError("previews a FILE (no --json, no standard input)") }
            options = parsed.options
        } catch {
            console.err("vitrine preview: \(error.message)\n\(usage)")
            return 2
        }
        if let reason = InteractiveTerminal.unavailability(environment: environment) {
            console.err("vitrine preview: \(reason); for one frame use vitrine render FILE --width W --height H, for the report vitrine lint FILE")
            return 2
        }
        let clock = ContinuousClock()
        let terminal: InteractiveTerminal
        do {
            terminal = try InteractiveTerminal.start(environment: environment, clock: clock)
        } catch {
            console.err("vitrine preview: \(error)")
            return 1
        }
        defer { terminal.end() }
        let registry = RetailViews.makeRegistry(unknownWidgetPolicy: .placeholder)
        let decoder = PageDecoder(catalog: registry.catalog, makeRequestID: { "preview" })
        let images = PipelineImageSource(pipeline: ImagePipeline(configuration: .memoryOnly))
        let host = terminal.host
        images.onChange = { host.setNeedsFrame() }
        let client = options.client
        let withoutColor = terminal.profile.colorDepth == .none
        let environment = RenderEnvironment(
            isPlain: withoutColor, images: withoutColor ? nil : images, evaluation: EvaluationContext(client: client, now: Date()), registry: registry)
        let app = PreviewApp(
            path: options.file, read: { document(for: $0, decoder: decoder, client: client, words: Words(options.locale)) }, host: host, environment: environment,
            decoder: decoder, locale: options.locale, clock: clock)
        await app.run()
        return 0
    }

    /// What a reading of the file shows: the page (or a sheet over an empty page) with its
    /// lint report, or why it cannot be shown.
    static func document(
        for data: Data, decoder: PageDecoder, client: ClientContext, now: Date = Date(), words: Words = Words(.enUS)
    ) -> PreviewDocument {
        let context = EvaluationContext(client: client, now: now)
        let page: PageModel
        let diagnostics: [Diagnostic]
        var sheet: SheetModel?
        do {
            let decoded = try decoder.decodePage(data)
            (page, diagnostics) = (decoded.page, decoded.diagnostics)
        } catch {
            guard case .missingRoot = error, let found = try? decoder.decodeSheet(data),
                let host = try? decoder.decodePage(Data(#"{"page": {"id": "sheet-preview"}}"#.utf8))
            else { return .refusal(error, words: words, safe: TerminalText.sanitized) }
            sheet = found.sheet
            (page, diagnostics) = (host.page, found.diagnostics)
        }
        let report = LintReport(page: page, decodeDiagnostics: diagnostics, context: context, policy: VitrineApp.actionPolicy, decoder: decoder)
        let lines = report.lines(words: words)
        let end = lines.firstIndex(of: words[.previewDiagnosticsHeading]) ?? lines.count
        return .shown(PreviewPage(
            page: page, sheet: sheet, summary: lines.first ?? "",
            diagnostics: report.diagnostics.map { PreviewFinding($0, words: words, safe: TerminalText.sanitized) },
            details: Array(lines[min(1, end)..<end]), diagnosticCount: report.diagnostics.count))
    }
}
