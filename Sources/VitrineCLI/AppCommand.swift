import CommandLineSupport
import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import HTTPServer
import ImagePipeline
import PrivateFiles
import RetailBackend
import RetailKit
import RetailPresentation
import RetailTerminal

/// `vitrine [app] [--server URL] [--locale L] [--segment S] [--app-version V] [--capabilities a,b]
/// [--faults PROFILE] [--user ID] [--open URL] [--now RFC3339] [--debug]`: the shopper's home page (or the
/// screen a deeplink names, over it), live, in the terminal, in the shopper's language.
///
/// Without `--server` it starts the embedded backend (`HomeBackend` behind `HTTPServer`) on an
/// ephemeral loopback port, built while the app draws its saved page (`EmbeddedBackend`: the
/// client's requests wait for it, and one that cannot be built ends the app with status 1),
/// with `--faults` passed on and its store under
/// `$XDG_DATA_HOME/vitrine/backend` (`DataDirectory`; `backend-preview` beside it on a moved
/// clock or another catalogue), and stops it on exit. The cache, the
/// analytics outbox, the cart journal and the impression counts live under `$XDG_CACHE_HOME/vitrine` (else
/// `~/.cache/vitrine`), per user. The client is built by `AppComposition`, the one composition
/// root, and drawn by `ShopperApp` (`TerminalShopper` wires the two). Without a terminal it says so and exits 2 (pointing at
/// `vitrine render`); 1 when the backend or the storage cannot be set up; 0 after `q`.
enum AppCommand {
    @MainActor
    static func run(_ arguments: [String], console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        let options: AppOptions
        do {
            options = try AppOptions.parse(arguments, environment: environment)
        } catch {
            console.err("vitrine app: \(error.message)\n\(AppOptions.usage)")
            return 2
        }
        if options.isHelp {
            console.out(AppOptions.usage)
            return 0
        }
        return await run(options, console: console, environment: environment, catalogue: .builtIn)
    }

    /// What `vitrine catalogue preview --interactive` asks of the embedded backend beyond
    /// `vitrine app --now`: one arm of each experiment for every shopper, and its report once
    /// the app is quit, made by that backend.
    struct EmbeddedPreview {
        /// The arm of each experiment every page shows, by experiment id: those the report names.
        var variants: [String: String]
        /// Run once the app is quit (status 0), with the backend that served it, which no
        /// longer follows the files: its catalogue is the one last loaded. Its status is the run's.
        var afterQuit: @MainActor (HomeBackend) async -> Int32
    }

    /// `vitrine catalogue preview --interactive`: the app on an embedded backend serving
    /// `catalogue`, both clocks running from the preview's instant, every shopper shown the
    /// arms `variants` pins; `afterQuit` once it is quit.
    @MainActor
    static func preview(
        _ preview: CataloguePreviewCommand.Options, catalogue: CatalogueSource, variants: [String: String], console: Console,
        environment: [String: String], afterQuit: @escaping @MainActor (HomeBackend) async -> Int32
    ) async -> Int32 {
        var options = AppOptions(user: AppOptions.defaultUser(environment: environment))
        options.locale = preview.locale.rawValue
        options.segment = preview.segment.rawValue
        options.appVersion = preview.appVersion
        options.capabilities = preview.capabilities
        options.now = preview.at
        options.experiments = variants
        return await run(options, console: console, environment: environment, catalogue: catalogue,
                         preview: EmbeddedPreview(variants: variants, afterQuit: afterQuit))
    }

    @MainActor
    static func run(
        _ options: AppOptions, console: Console, environment: [String: String], catalogue: CatalogueSource, preview: EmbeddedPreview? = nil
    ) async -> Int32 {
        if let reason = InteractiveTerminal.unavailability(environment: environment) {
            console.err("vitrine app: \(reason); for one frame of a page use vitrine render URL --width W --height H")
            return 2
        }
        // The client's storage is judged before anything starts: a directory above it that
        // others could change (or, run as root, another user's), or one that cannot be made (a
        // read-only or full disk), refuses the run here, before the embedded backend makes its
        // store; AppComposition claims the tree as before.
        let storage = AppOptions.storageDirectory(environment: environment)
        do {
            try PrivateDirectory.checkParents(of: storage)
            // Only made when missing: whatever stands there is AppComposition's to claim.
            if !FileManager.default.fileExists(atPath: storage.path) { try PrivateDirectory.make(storage) }
        } catch let error as PrivateDirectory.UnsafeParentError {
            console.err("vitrine app: \(TerminalText.sanitized(error.description))")
            return 1
        } catch {
            console.err("vitrine app: \(TerminalText.sanitized(StorageUnusableError(path: storage.path, reason: error).description))")
            return 1
        }
        // `--now`: both clocks start at that instant and run.
        let now: @Sendable () -> Date
        if let start = options.now {
            now = RunningClock.from(start)
        } else {
            now = { Date() }
        }
        // An embedded backend on a catalogue directory: each version a reload applies has the
        // app read its pages again (it follows the files' edits without `r`).
        let (contentChanges, contentChanged) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        defer { contentChanged.finish() }
        let embedded: EmbeddedBackend?
        let backendURL: URL
        if let server = options.server {
            embedded = nil
            backendURL = server
        } else {
            do {
                // Said before the terminal is taken, as every option is.
                _ = try FaultProfile(parsing: options.faults ?? "")
                // What shoppers give it is kept where `vitrine serve` keeps it by default, so a
                // cart survives quitting the app. A backend on another clock or catalogue (a
                // preview) keeps its own apart: its clock would expire the shoppers of the other.
                let isPreview = options.now != nil || catalogue.directory != nil
                var backendConfiguration = HomeBackend.Configuration(faults: options.faults)
                backendConfiguration.catalogue = catalogue
                backendConfiguration.catalogue.onReload = { _ in contentChanged.yield() }
                if let preview { backendConfiguration.variants = .fixed(preview.variants) }
                backendConfiguration.now = now
                backendConfiguration.storage = .sqlite(directory: isPreview
                    ? DataDirectory.preview(environment: environment) : DataDirectory.backend(environment: environment))
                let configuration = backendConfiguration
                let gate = options.backendGate
                // Built while the app draws its saved page: only its front listens before.
                let backend = try EmbeddedBackend {
                    if let gate { _ = FileHandle(forReadingAtPath: gate)?.readData(ofLength: 1) }
                    return try HomeBackend(configuration: configuration)
                }
                embedded = backend
                guard let url = URL(string: backend.server.baseURL) else {
                    await backend.stop()
                    throw AppSetupError(description: "bad address \(backend.server.baseURL)")
                }
                backendURL = url
            } catch {
                console.err("vitrine app: cannot start the embedded backend: \(TerminalText.sanitized(String(describing: error)))")
                return 1
            }
        }
        let status = await run(
            options, console: console, environment: environment, storage: storage, now: now, backendURL: backendURL, embedded: embedded,
            contentChanges: embedded != nil && catalogue.directory != nil ? contentChanges : nil,
            isPreview: options.now != nil || catalogue.directory != nil, preview: preview)
        await embedded?.stop()
        return status
    }

    /// The app on `backendURL` (`embedded`'s, when it is the embedded backend, whose
    /// building it does not wait for), until it is quit; the status.
    @MainActor
    private static func run(
        _ options: AppOptions, console: Console, environment: [String: String], storage: URL, now: @escaping @Sendable () -> Date,
        backendURL: URL, embedded: EmbeddedBackend?, contentChanges: AsyncStream<Void>?, isPreview: Bool, preview: EmbeddedPreview?
    ) async -> Int32 {
        var setup: AppConfiguration
        do {
            setup = try configuration(options, backendURL: backendURL, environment: environment)
        } catch {
            console.err("vitrine app: \(TerminalText.sanitized(String(describing: error)))")
            return 1
        }
        setup.now = now
        if embedded != nil { useEmbeddedBackend(&setup, isPreview: isPreview) }
        var shopper = TerminalShopper(configuration: setup)
        shopper.isDebug = options.debug
        shopper.opening = options.opening
        shopper.contentChanges = contentChanges
        if let embedded { shopper.readiness = { try await embedded.ready() } }
        shopper.notes = [
            "backend \(backendURL.absoluteString)\(embedded == nil ? "" : " (embedded)")",
            "storage \(storage.path) · user \(options.user) · \(setup.backend)",
        ]
        if options.marksFirstContent {
            // For `vitrine bench app`: standard error is its pipe, not the screen.
            shopper.onFirstContent = { FileHandle.standardError.write(Data("first-content\n".utf8)) }
        }
        let problems: [String]
        do {
            problems = try await shopper.run(environment: environment)
        } catch .unready(let error) {
            console.err("vitrine app: cannot start the embedded backend: \(TerminalText.sanitized(String(describing: error)))")
            return 1
        } catch {
            console.err("vitrine app: \(TerminalText.sanitized(error.description))")
            return 1
        }
        if options.debug {
            for problem in problems { console.err("vitrine app: \(TerminalText.sanitized(problem))") }
        }
        guard let preview, let embedded, case .success(let backend) = await embedded.built() else { return 0 }
        // Nothing asks it for pages any more, and its catalogue stays the one last loaded.
        embedded.server.stop()
        backend.stopFollowingCatalogue()
        return await preview.afterQuit(backend)
    }

    /// The embedded backend listens on another port every run but is the same backend: what is
    /// kept for it (cached pages, the cart journal, the outbox, pictures) stays its own. One
    /// on another clock or catalogue (a preview) keeps its own apart, and keeps no picture on
    /// disk: it shows the catalogue's pictures as they are now, where another catalogue's
    /// picture of the same name would stand.
    static func useEmbeddedBackend(_ setup: inout AppConfiguration, isPreview: Bool) {
        setup.backend = isPreview ? BackendIdentity(name: "embedded-preview")! : .embedded
        if isPreview { setup.images = .memoryOnly }
    }

    struct AppSetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// The composition's configuration for `options`.
    static func configuration(_ options: AppOptions, backendURL: URL, environment: [String: String]) throws -> AppConfiguration {
        guard let user = UserID(options.user) else { throw AppSetupError(description: "--user '\(options.user)' is not a valid id") }
        var configuration = AppConfiguration(backendURL: backendURL, user: user, storageDirectory: AppOptions.storageDirectory(environment: environment))
        configuration.dataDirectory = DataDirectory.app(environment: environment)
        configuration.locale = options.locale
        configuration.segment = options.segment
        configuration.appVersion = options.appVersion
        configuration.capabilities = options.capabilities
        configuration.experiments = options.experiments
        if let attempts = options.cartAttempts { configuration.cartRetry.maxAttempts = attempts }
        return configuration
    }
}
