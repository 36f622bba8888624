import CommandLineSupport
import FlowCore
import FlowTerminal
import Foundation
import RetailBackend
import RetailKit

/// `vitrine catalogue preview DIR --at T --segment S --locale L [--app-version V] [--capabilities
/// a,b] [--width W] [--height H] [--variant EXPERIMENT=VARIANT] [--plain] [--interactive]`: the shopper's home page as the catalogue in DIR
/// composes it at T, drawn as the terminal app draws it, with the lint report of the page and
/// which clients would get a fallback (or nothing) in place of what.
///
/// It is `vitrine serve --catalogue DIR --now T` and `vitrine app --now T` in one: the backend is
/// built in process on the catalogue, its clock standing at T. With `--interactive` (and a
/// terminal) the app opens on an embedded backend instead, its clock running from T, following
/// the files' edits (the app reads its pages again at each version loaded), and the report
/// follows when it is quit, made by that backend: of the catalogue as last loaded. The arm of
/// each experiment is decided once, before anything is drawn (`--variant`'s, the others the
/// segment's): the app shows it to whatever session it has, and the report names and draws it.
/// Exit 0 shown, 1 when the catalogue does not load, 2 usage.
enum CataloguePreviewCommand {
    struct Options {
        var directory: String
        var at: Date
        var segment: Segment
        var locale: StoreLocale
        var appVersion = VitrineApp.version
        var capabilities = VitrineApp.capabilities
        var width = 100
        /// The screen's rows the page is laid out for, as the app lays it out (a hero beside
        /// its text on a short screen). Default 40.
        var height = 40
        /// Experiment variants pinned by id (`--variant exp-hero-order=b`); the others are the
        /// segment's, as a shopper without a session gets them.
        var variants: [String: String] = [:]
        var plain = false
        var interactive = false
    }

    /// The options as given, before the required ones are known to be there.
    struct Given {
        var directory = ""
        var at: Date?
        var segment: Segment?
        var locale: StoreLocale?
        var options = Options(directory: "", at: Date(timeIntervalSince1970: 0), segment: .new, locale: .enUS)
    }

    /// What `catalogue preview` takes, and its synopsis.
    static var syntax: OptionParser<Given> {
        OptionParser(
            command: "vitrine catalogue preview",
            options: [
                CommonOptions.instant("--at") { $0.at = $1 },
                CatalogueCommand.segment { $0.segment = $1 },
                CatalogueCommand.locale { $0.locale = $1 },
                CommonOptions.appVersion { $0.options.appVersion = $1 },
                CommonOptions.capabilities { $0.options.capabilities = $1 },
                .number("--width", "W", in: 20...RenderCommand.maximumSide) { $0.options.width = $1 },
                .number("--height", "H", in: 10...RenderCommand.maximumSide) { $0.options.height = $1 },
                .value("--variant", "EXPERIMENT=VARIANT") { given, list throws(UsageError) in
                    for pin in list.split(separator: ",") {
                        let parts = pin.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                            throw UsageError("--variant '\(TerminalText.excerpt(String(pin)))' is not EXPERIMENT=VARIANT (exp-hero-order=b)")
                        }
                        guard given.options.variants[parts[0]] == nil else {
                            throw UsageError("--variant names '\(TerminalText.excerpt(parts[0]))' twice: one variant an experiment")
                        }
                        given.options.variants[parts[0]] = parts[1]
                    }
                },
                .flag("--plain") { $0.options.plain = true },
                .flag("--interactive") { $0.options.interactive = true },
            ],
            operand: .one("DIR", \.directory),
            forms: [[
                [.text("DIR"), .required("--at"), .required("--segment"), .required("--locale"), .optional("--app-version"), .optional("--capabilities")],
                [.optional("--width"), .optional("--height"), .optional("--variant"), .optional("--plain"), .optional("--interactive")],
            ]])
    }

    /// The options `arguments` give, or nil once `--help` has printed the synopsis.
    static func parse(_ arguments: [String], console: Console) throws(UsageError) -> Options? {
        guard let given = try CatalogueCommand.given(arguments, into: Given(), with: syntax, console: console) else { return nil }
        let directory = try CatalogueCommand.required(given.directory)
        guard let at = given.at else { throw UsageError("missing --at") }
        guard let segment = given.segment else { throw UsageError("missing --segment") }
        guard let locale = given.locale else { throw UsageError("missing --locale") }
        var options = given.options
        options.directory = directory
        options.at = at
        options.segment = segment
        options.locale = locale
        return options
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String]) async throws -> Int32 {
        guard let options = try parse(arguments, console: console) else { return 0 }
        var configuration = HomeBackend.Configuration()
        let catalogue = CatalogueSource.directory(URL(fileURLWithPath: options.directory, isDirectory: true))
        configuration.catalogue = catalogue
        // The report is of the files as they are now; the interactive app's backend follows
        // their edits.
        configuration.catalogue.pollInterval = nil
        let at = options.at
        configuration.now = { at }
        let backend: HomeBackend
        do {
            backend = try HomeBackend(configuration: configuration)
        } catch {
            console.err(String(describing: error).split(separator: "\n").map { TerminalText.sanitized(String($0)) }.joined(separator: "\n"))
            return 1
        }
        let variants: [String: String]
        switch arms(options, backend: backend) {
        case .success(let decided): variants = decided
        case .failure(let problem):
            console.err("vitrine catalogue preview: \(problem.description)")
            return 2
        }
        guard options.interactive else { return await report(options, variants: variants, backend: backend, console: console, environment: environment) }
        backend.close()
        return await AppCommand.preview(options, catalogue: catalogue, variants: variants, console: console, environment: environment) { served in
            await report(options, variants: variants, backend: served, console: console, environment: environment)
        }
    }

    /// An experiment arm `--variant` asks for that does not run.
    struct UnknownArm: Error, CustomStringConvertible {
        var description: String
    }

    /// The arm of each experiment running for the preview's audience, decided once: the one
    /// `--variant` pins, the others the segment's (as a shopper without a session gets them).
    /// What the report names and draws, and what the interactive app shows whatever its session.
    static func arms(_ options: Options, backend: HomeBackend) -> Result<[String: String], UnknownArm> {
        var context = PageContext(locale: options.locale, segment: options.segment, appVersion: options.appVersion, capabilities: options.capabilities)
        context.variantOverrides = options.variants
        let arms = backend.experimentArms(for: context)
        for (experiment, variant) in options.variants.sorted(by: { $0.key < $1.key })
        where !arms.contains(where: { $0.experiment.isByteEqual(to: experiment) && $0.variant.isByteEqual(to: variant) }) {
            let known = arms.first { $0.experiment.isByteEqual(to: experiment) }
            return .failure(UnknownArm(description: "--variant \(TerminalText.excerpt(experiment))=\(TerminalText.excerpt(variant)): "
                + TerminalText.sanitized(known.map { "the experiment's variants are \($0.variants.joined(separator: ", "))" } ?? "no experiment of that id runs for \(options.segment.rawValue)")))
        }
        return .success(Dictionary(arms.map { ($0.experiment, $0.variant) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The page drawn, its lint report, and the fallbacks by client, from the catalogue
    /// `backend` serves, with the arms `variants` decided.
    @MainActor
    static func report(_ options: Options, variants: [String: String], backend: HomeBackend, console: Console, environment: [String: String]) async -> Int32 {
        var context = PageContext(locale: options.locale, segment: options.segment, appVersion: options.appVersion, capabilities: options.capabilities)
        context.variantOverrides = variants
        let arms = backend.experimentArms(for: context)
        let page: Data
        do {
            page = try backend.wholePage(context: context, at: options.at)
        } catch {
            console.err("vitrine catalogue preview: \(TerminalText.sanitized(String(describing: error)))")
            return 1
        }
        let client = options.capabilities.isEmpty ? "" : " (\(options.capabilities.sorted().joined(separator: ", ")))"
        console.out(TerminalText.sanitized("the home page of \(options.directory) at \(backend.catalogueTime(options.at)) for "
            + "\(options.segment.rawValue) in \(options.locale.rawValue), app \(options.appVersion)\(client), as on a screen of \(options.width) × \(options.height)"))
        for arm in arms {
            let others = arm.variants.filter { !$0.isByteEqual(to: arm.variant) }
            console.out(TerminalText.sanitized("experiment \(arm.experiment): variant \(arm.variant)"
                + (others.isEmpty ? "" : " (--variant \(arm.experiment)=\(others.joined(separator: "|")) shows \(others.count == 1 ? "the other" : "another"))")))
        }
        console.out("")
        console.out(await drawing(page, options: options, environment: environment).joined(separator: "\n"))
        console.out("")
        console.out("lint")
        var lint = LintCommand.Options(file: "-")
        lint.client = ClientContext(appVersion: options.appVersion, capabilities: options.capabilities)
        lint.now = options.at
        _ = LintCommand.lint(page, options: lint, console: IndentedConsole(console))
        console.out("")
        console.out("fallbacks")
        for line in PreviewFallbacks.lines(backend: backend, context: context, at: options.at) {
            console.out("  " + TerminalText.sanitized(line))
        }
        return 0
    }

    /// The whole page as the terminal draws it, `options.width` wide, as tall as it is.
    @MainActor
    static func drawing(_ page: Data, options: Options, environment: [String: String]) async -> [String] {
        var render = RenderCommand.Options()
        render.width = options.width
        render.height = RenderCommand.maximumSide
        render.plain = true
        render.locale = options.locale.rawValue
        render.screenRows = options.height
        let client = ClientContext(appVersion: options.appVersion, capabilities: options.capabilities)
        let plain = (try? await render.frame.lines(of: page, profile: .plain, now: options.at, client: client)) ?? []
        let height = (plain.lastIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? 0) + 1
        guard !options.plain else { return Array(plain.prefix(height)) }
        render.plain = false
        render.height = max(1, height)
        let profile = RenderCommand.outputProfile(options: render, environment: environment)
        return (try? await render.frame.lines(of: page, profile: profile, now: options.at, client: client)) ?? plain
    }
}

/// A console whose lines are indented two spaces (the lint report inside the preview's).
private func IndentedConsole(_ base: Console) -> Console {
    Console(out: { text in
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { base.out("  " + line) }
    }, err: base.err)
}
