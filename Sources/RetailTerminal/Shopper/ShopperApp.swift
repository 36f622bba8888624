import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit

/// The shopper app, running: one message loop over `ShopperServices`. What the services'
/// observable state does (pages loading, the cart, suggestions, navigation, toasts, sheets)
/// comes in as messages; the update's effects go out to them; frames are drawn on demand and
/// each presented frame's visibility goes to the impression tracker.
@MainActor
public final class ShopperApp {
    /// The loop, for tests that drive the app without a terminal.
    public let loop: MessageLoop<ShopperState, ShopperMessage, ShopperEffect>
    private let services: any ShopperServices
    private let host: TerminalHost?
    private let view: ShopperView
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private var observers: [Observing] = []
    private var pageObservers: [ExactString: Observing] = [:]
    private var tick: Task<Void, Never>?
    /// The outcome last logged of each action in the dispatcher's log, by its id.
    private var loggedOutcomes: [Int: ActionLogEntry.Outcome] = [:]
    private var hasShownContent = false
    /// Called once, when the first frame showing a page's content has been drawn.
    public var onFirstContent: (() -> Void)?
    /// Called after every batch of messages (tests wait on it).
    public var afterUpdate: (() -> Void)?

    public init(
        services: any ShopperServices, host: TerminalHost?, environment: RenderEnvironment, isDebug: Bool,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.services = services
        self.host = host
        self.clock = clock
        self.now = now
        view = ShopperView(environment: environment)
        loop = MessageLoop(state: ShopperState(now: now(), isDebug: isDebug), update: ShopperUpdate.update)
        loop.perform = { [weak self] effect in self?.perform(effect) }
        loop.onChange = { [weak self] in
            guard let self else { return }
            if self.loop.state.needsFrame { self.host?.setNeedsFrame() }
            self.afterUpdate?()
        }
        host?.onEvent = { [weak self] event in self?.receive(event) }
        host?.view = { [weak self] columns, rows in
            self?.draw(width: columns, height: rows) ?? TerminalView(frame: Frame(buffer: CellBuffer(width: columns, height: rows)))
        }
    }

    /// Starts the services and follows them; with a host, runs until the user quits. The
    /// caller shuts the services down after giving the terminal back, so that quitting is
    /// seen at once and nothing the services wait for can hold the terminal raw.
    public func run() async {
        follow()
        services.start()
        guard let host else { return }
        await host.run()
        stop()
    }

    /// Stops following the services and the clock.
    public func stop() {
        tick?.cancel()
        tick = nil
        for observer in observers { observer.cancel() }
        for observer in pageObservers.values { observer.cancel() }
        observers.removeAll()
        pageObservers.removeAll()
        services.impressions.endAllSessions()
    }

    /// Follows what the services show.
    public func follow() {
        let services = self.services
        observers.append(Observing.follow({ services.destinations }) { [weak self] in self?.navigated($0) })
        observers.append(Observing.follow({ services.cartSummary }) { [weak self] in self?.loop.send(.cartChanged($0)) })
        // Expiry moves the instant pages are drawn at, whatever else is on screen.
        observers.append(Observing.follow({ services.pageInstant }) { [weak self] in self?.loop.send(.tick($0)) })
        observers.append(Observing.follow({ services.searchSummary }) { [weak self] in self?.loop.send(.suggestionsChanged($0)) })
        observers.append(Observing.follow({ services.dispatcher.toasts.current?.message }) { [weak self] in self?.loop.send(.toastChanged($0)) })
        observers.append(Observing.follow({ services.dispatcher.sheets.entries.map(\.sheet) }) { [weak self] in self?.loop.send(.sheetsChanged($0)) })
        guard loop.state.isDebug else { return }
        observers.append(Observing.follow({ services.dispatcher.log }) { [weak self] in self?.logActions($0) })
        services.onTrackedEvent { [weak self] name, fields in
            guard let self else { return }
            let kind: DebugLine.Kind = name.utf8.elementsEqual("contract_problem".utf8) ? .problem : .event
            self.loop.send(.debug(DebugLine(kind, Self.describe(name, fields), at: self.now())))
        }
    }

    private func navigated(_ destinations: [Destination]) {
        followPages(destinations)
        loop.send(.navigated(destinations))
    }

    /// Page stores open exactly for the pages on the stack.
    private func followPages(_ destinations: [Destination]) {
        let ids = Set(destinations.compactMap { $0.pageID.map { ExactString($0) } })
        for (id, observer) in pageObservers where !ids.contains(id) {
            observer.cancel()
            pageObservers[id] = nil
        }
        for id in ids where pageObservers[id] == nil {
            let store = services.pageStore(for: id.string)
            var shownGeneration = -1
            var shownFailure: String?
            pageObservers[id] = Observing.follow({ PageSnapshot(store: store) }) { [weak self] snapshot in
                guard let self else { return }
                if self.loop.state.isDebug, snapshot.contentGeneration != shownGeneration, let page = snapshot.page {
                    shownGeneration = snapshot.contentGeneration
                    let origin = snapshot.isCached ? "saved copy" : "fresh"
                    self.loop.send(.debug(DebugLine(.page, "\(id.string): \(origin), \(page.sections.count) sections, request \(page.requestID)", at: self.now())))
                }
                if self.loop.state.isDebug, snapshot.failure != shownFailure {
                    shownFailure = snapshot.failure
                    if let failure = snapshot.failure {
                        self.loop.send(.debug(DebugLine(.problem, "\(id.string): \(failure)", at: self.now())))
                    }
                }
                self.loop.send(.pageChanged(id.string, snapshot))
            }
        }
    }

    private func receive(_ event: TerminalEvent) {
        switch event {
        case .input(let input): loop.send(.input(input))
        case .resized: loop.send(.resized)
        case .inputClosed: loop.send(.input(.key(.ctrl("c"))))
        }
    }

    // MARK: - Effects

    private func perform(_ effect: ShopperEffect) {
        switch effect {
        case .perform(let action, let event, let widgetID, let sectionID, let pageID):
            services.perform(action, widgetID: widgetID, sectionID: sectionID, event: event, on: services.pageStore(for: pageID))
            // An action may have navigated (open_page, a deeplink): the next key must find the
            // new screen, not wait for observation to catch up.
            navigated(services.destinations)
        case .loadNextPage(let id): services.pageStore(for: id).loadNextPage()
        case .refresh(let id): services.pageStore(for: id).refresh()
        case .retry(let id): services.pageStore(for: id).retry()
        case .open(let destination):
            if !services.open(destination) { services.dispatcher.toasts.show("Too many screens are open: go back first") }
            navigated(services.destinations)
        case .back:
            services.back()
            navigated(services.destinations)
        case .removeFromCart(let product): services.removeFromCart(productID: product)
        case .search(let query): services.updateSearch(query: query)
        case .dismissSheet: services.dispatcher.sheets.dismiss()
        case .dismissToast: services.dispatcher.toasts.dismissCurrent()
        case .showToast(let message): services.dispatcher.toasts.show(message)
        case .quit: host?.stop()
        }
    }

    // MARK: - Frames

    /// Draws the state, tells the loop what the frame laid out, and reports what shows.
    public func draw(width: Int, height: Int) -> TerminalView {
        let frame = view.draw(loop.state, width: width, height: height)
        if let layout = frame.layout { loop.send(.presented(layout)) }
        if let (page, rendered) = frame.visible {
            rendered.reportVisibility(to: services.impressions, page: page)
            if !hasShownContent {
                hasShownContent = true
                onFirstContent?()
            }
        } else {
            services.impressions.endAllSessions()
        }
        if frame.wantsTick { scheduleTick() }
        return frame.view
    }

    /// A second from now, the clock moves the countdown on (only while one shows).
    private func scheduleTick() {
        guard tick == nil else { return }
        let clock = self.clock
        tick = Task { @MainActor [weak self] in
            do {
                try await clock.sleep(for: .seconds(1), tolerance: nil)
            } catch {
                return
            }
            guard let self else { return }
            self.tick = nil
            self.loop.send(.tick(self.now()))
        }
    }

    /// Logs each action once offered, and again each time its outcome changes (an `api` call
    /// running, then done or failed).
    private func logActions(_ log: [ActionLogEntry]) {
        var outcomes: [Int: ActionLogEntry.Outcome] = [:]
        for entry in log {
            outcomes[entry.id] = entry.outcome
            guard loggedOutcomes[entry.id] != entry.outcome else { continue }
            let widget = entry.widgetID.map { " from \($0)" } ?? ""
            loop.send(.debug(DebugLine(.action, "\(entry.type) (\(entry.event))\(widget): \(Self.describe(entry.outcome))", at: now())))
        }
        // Only what the log still holds is remembered: the dispatcher bounds it.
        loggedOutcomes = outcomes
    }

    static func describe(_ outcome: ActionLogEntry.Outcome) -> String {
        switch outcome {
        case .pending: "offered"
        case .handled: "handled"
        case .running: "running"
        case .completed(let note): "done \(note)"
        case .failed(let note): "failed \(note)"
        case .refused(let note): "refused \(note)"
        case .unhandled: "no handler"
        }
    }

    /// An event in one line: its name and the identifiers that say what it was about.
    static func describe(_ name: String, _ fields: JSONObject) -> String {
        var parts = [name]
        for key in ["item_id", "section_id", "position", "product_id", "action_type", "kind", "path", "message"] {
            guard let value = fields[key] else { continue }
            switch value {
            case .string(let text): parts.append("\(key)=\(text)")
            case .number(let number): parts.append("\(key)=\(number.rounded() == number ? String(Int(number)) : String(number))")
            default: continue
            }
        }
        return parts.joined(separator: " ")
    }
}
