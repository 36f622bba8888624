import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation

/// The shopper app on this process's terminal, wired: the client composed from
/// `configuration` (`AppComposition`, the one composition root), the terminal taken, the app
/// drawn in the configuration's language until `q`, the terminal given back, the client shut
/// down. What `vitrine app` runs once its backend listens, which need not answer yet: the
/// embedded one is built while the saved page shows (`readiness`).
public struct TerminalShopper {
    /// The client's configuration: the backend, the shopper, their storage, language and app.
    public var configuration: AppConfiguration
    /// Unknown and malformed widgets show as placeholders, and the debug line and panel are on.
    public var isDebug = false
    /// The screen a deeplink names, opened over the home page.
    public var opening: Destination?
    /// Called once, when the first frame with content is written (for `vitrine bench app`).
    public var onFirstContent: (() -> Void)?
    /// Lines the debug panel starts with (where the backend is, where the storage is).
    public var notes: [String] = []
    /// Each element: what the backend serves changed (an embedded backend's catalogue was
    /// reloaded), and the pages on screen are read again (`ShopperApp.follow(contentChanges:)`).
    public var contentChanges: AsyncStream<Void>?
    /// What the app needs but does not wait for before it draws (the embedded backend, built
    /// while the saved page shows), awaited beside it: when it throws, the app ends as if quit
    /// and `run` throws `Failure.unready` with its error, once the terminal is given back.
    public var readiness: (@MainActor () async throws -> Void)?

    /// Why the app could not run.
    public enum Failure: Error, CustomStringConvertible {
        /// The client could not be composed (its storage, its configuration).
        case composition(any Error)
        /// The terminal could not be taken.
        case terminal(any Error)
        /// What the app needed could not be readied (`readiness` threw this).
        case unready(any Error)

        public var description: String {
            switch self {
            case .composition(let error): String(describing: error)
            case .terminal(let error): String(describing: error)
            case .unready(let error): String(describing: error)
            }
        }
    }

    public init(configuration: AppConfiguration) {
        self.configuration = configuration
    }

    /// Runs the app until the shopper quits. Returns the problems the client's shutdown met
    /// (an outbox it could not write, a silent backend), after the terminal is restored.
    @MainActor
    public func run(environment: [String: String]) async throws(Failure) -> [String] {
        let composition: AppComposition
        do {
            composition = try AppComposition(configuration: configuration)
        } catch {
            throw .composition(error)
        }
        let clock = ContinuousClock()
        let terminal: InteractiveTerminal
        do {
            terminal = try InteractiveTerminal.start(environment: environment, clock: clock)
        } catch {
            _ = await composition.shutdown()
            throw .terminal(error)
        }
        let images = PipelineImageSource(pipeline: composition.images, baseURL: configuration.backendURL)
        let host = terminal.host
        images.onChange = { host.setNeedsFrame() }
        let client = ClientContext(appVersion: configuration.appVersion, capabilities: configuration.capabilities)
        // Without colour (NO_COLOR) half-block pictures are stripes: images show as labelled
        // frames and solid buttons get brackets, as in text-only output.
        let withoutColor = terminal.profile.colorDepth == .none
        let render = RenderEnvironment(
            isPlain: withoutColor, images: withoutColor ? nil : images, evaluation: EvaluationContext(client: client, now: composition.campaignNow()),
            registry: RetailViews.makeRegistry(unknownWidgetPolicy: isDebug ? .placeholder : .skip))
            .speaking(AppLocale(identifier: configuration.locale))
        let app = ShopperApp(services: composition, host: host, environment: render, isDebug: isDebug, clock: clock,
                             now: composition.campaignNow)
        app.opening = opening
        for note in notes { app.loop.send(.debug(DebugLine(.info, note, at: Date()))) }
        let repair = composition.storageRepair
        if repair.directories + repair.files > 0 {
            app.loop.send(.debug(DebugLine(.info, "storage narrowed to this user: \(repair.directories) directories, \(repair.files) files", at: Date())))
        }
        app.onFirstContent = onFirstContent
        if let contentChanges { app.follow(contentChanges: contentChanges) }
        if isDebug {
            composition.analytics.onProblem = { [weak app] problem in app?.loop.send(.debug(DebugLine(.problem, problem, at: Date()))) }
        }
        let readying = readiness.map { ready in
            Task { @MainActor () -> (any Error)? in
                do {
                    try await ready()
                    return nil
                } catch {
                    host.stop()
                    return error
                }
            }
        }
        await app.run()
        // The shell first: the terminal is restored as `q` is pressed, whatever the shutdown
        // below then meets (a full disk, an outbox it cannot write, a silent backend).
        terminal.end()
        let problems = await composition.shutdown().problems
        if let readying, let error = await readying.value { throw .unready(error) }
        return problems
    }
}
