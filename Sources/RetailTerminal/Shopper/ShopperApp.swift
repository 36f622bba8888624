import FlowCore
import FlowRuntime
import FlowTerminal
import FlowWidgets
import Foundation
import RetailKit
import RetailPresentation

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
    private var pageObservers: [PageID: Observing] = [:]
    private var tick: Task<Void, Never>?
    /// Follows the backend's content changes (`follow(contentChanges:)`).
    private var contentFollowing: Task<Void, Never>?
    /// The outcome last logged of each action in the dispatcher's log, by its id.
    private var loggedOutcomes: [Int: ActionLogEntry.Outcome] = [:]
    private var hasShownContent = false
    /// Called once, when the first frame showing a page's content has been drawn.
    public var onFirstContent: (() -> Void)?
    /// Called after every batch of messages (tests wait on it).
    public var afterUpdate: (() -> Void)?
    /// Where the app opens (`--open`), over the home page, which stays below it for back.
    public var opening: Destination?

    public init(
        services: any ShopperServices, host: TerminalHost?, environment: RenderEnvironment, isDebug: Bool,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let environment = environment.speaking(environment.appLocale)
        self.services = services
        self.host = host
        self.clock = clock
        self.now = now
        view = ShopperView(environment: environment)
        loop = MessageLoop(state: ShopperState(now: now(), isDebug: isDebug, locale: environment.appLocale), update: ShopperUpdate.update)
        loop.perform = { [weak self] effect in self?.perform(effect) }
        loop.onChange = { [weak self] in
            guard let self else { return }
            // Until a page's content has been shown, no frame waits for the frame rate's cap:
            // the page shows the moment it arrives, not up to 16 ms after a "Loading…".
            if self.loop.state.needsFrame { self.host?.setNeedsFrame(immediately: !self.hasShownContent) }
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
        if let opening { services.open(opening) }
        follow()
        services.speak(loop.state.words)
        services.start()
        guard let host else { return }
        // A warm start opens on its saved page, not on "Loading…" drawn just before it (which
        // would also hold the page back for the frame rate's interval). Keys typed meanwhile
        // wait in the terminal for the host to read them.
        await services.savedPageShown()
        await host.run()
        stop()
    }

    /// Stops following the services and the clock.
    public func stop() {
        tick?.cancel()
        tick = nil
        contentFollowing?.cancel()
        contentFollowing = nil
        for observer in observers { observer.cancel() }
        for observer in pageObservers.values { observer.cancel() }
        observers.removeAll()
        pageObservers.removeAll()
        services.impressions.endAllSessions()
    }

    /// Follows what the services show.
    public func follow() {
        let services = self.services
        // Navigation and sheets change only by the effects this app runs: each effect answers
        // with the navigator's stack and the dispatcher's sheets (`navigated`), the one path.
        navigated()
        // The cart, suggestions, pages and toasts change on their own (answers, timers): followed.
        observers.append(Observing.follow({ services.cartSummary }) { [weak self] in self?.loop.send(.cartChanged($0)) })
        // Expiry moves the instant pages are drawn at, whatever else is on screen.
        observers.append(Observing.follow({ services.pageInstant }) { [weak self] in self?.loop.send(.tick($0)) })
        observers.append(Observing.follow({ services.searchSummary }) { [weak self] in self?.loop.send(.suggestionsChanged($0)) })
        observers.append(Observing.follow({ services.dispatcher.toasts.current?.message }) { [weak self] in self?.loop.send(.toastChanged($0)) })
        guard loop.state.isDebug else { return }
        observers.append(Observing.follow({ services.dispatcher.log }) { [weak self] in self?.logActions($0) })
        services.onTrackedEvent { [weak self] name, fields in
            guard let self else { return }
            let kind: DebugLine.Kind = name.utf8.elementsEqual("contract_problem".utf8) ? .problem : .event
            self.loop.send(.debug(DebugLine(kind, Self.describe(name, fields), at: self.now())))
        }
    }

    /// Reads the pages on the stack again each time `changes` says what the backend serves
    /// changed (an embedded backend's catalogue reloaded: `vitrine catalogue preview
    /// --interactive` follows the files' edits), as `r` reads the page shown but unasked: no
    /// "Updated". Until `stop()`.
    public func follow(contentChanges changes: AsyncStream<Void>) {
        contentFollowing?.cancel()
        contentFollowing = Task { @MainActor [weak self] in
            for await _ in changes {
                self?.loop.send(.contentChanged)
            }
        }
    }

    /// The result of an effect that may have navigated or opened a sheet, as messages.
    private func navigated() {
        let destinations = services.destinations
        followPages(destinations)
        loop.send(.navigated(destinations))
        loop.send(.sheetsChanged(services.dispatcher.sheets.entries.map(\.sheet)))
    }

    /// Page stores open exactly for the pages on the stack.
    private func followPages(_ destinations: [Destination]) {
        let ids = Set(destinations.compactMap(\.pageID))
        for (id, observer) in pageObservers where !ids.contains(id) {
            observer.cancel()
            pageObservers[id] = nil
        }
        for id in ids where pageObservers[id] == nil {
            let store = services.pageStore(for: id)
            var shownGeneration = -1
            var shownFailure: String?
            pageObservers[id] = Observing.follow({ PageSnapshot(store: store) }) { [weak self] snapshot in
                guard let self else { return }
                if self.loop.state.isDebug, snapshot.contentGeneration != shownGeneration, let page = snapshot.page {
                    shownGeneration = snapshot.contentGeneration
                    let origin = snapshot.isCached ? "saved copy" : "fresh"
                    self.loop.send(.debug(DebugLine(.page, "\(id): \(origin), \(page.sections.count) sections, request \(page.requestID)", at: self.now())))
                }
                if self.loop.state.isDebug, snapshot.failure != shownFailure {
                    shownFailure = snapshot.failure
                    if let failure = snapshot.failure {
                        self.loop.send(.debug(DebugLine(.problem, "\(id): \(failure)", at: self.now())))
                    }
                }
                self.loop.send(.pageChanged(id, snapshot))
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
        case .perform(let fired, let pageID):
            services.perform(
                fired.action, widgetID: fired.widgetID, sectionID: fired.sectionID, event: fired.event.name, on: services.pageStore(for: pageID))
            // An action may navigate (open_page, a deeplink) or open a sheet: its result.
            navigated()
        case .loadNextPage(let id, let askedByShopper):
            let store = services.pageStore(for: id)
            let before = store.nextPageState
            store.loadNextPage(askedByShopper: askedByShopper)
            // The store's answer, at once: the next frame does not ask again.
            if store.nextPageState != before { loop.send(.pageChanged(id, PageSnapshot(store: store))) }
        case .stepWidget(let pageID, let widgetID, let delta):
            let store = services.pageStore(for: pageID)
            guard let widget = store.page?.widget(id: widgetID),
                let value = Self.stepped(widget, state: store.widgetState[widgetID], by: delta, marks: loop.state.cart.marks)
            else { return }
            store.widgetState[widgetID] = .number(Double(value))
            loop.send(.pageChanged(pageID, PageSnapshot(store: store)))
        case .refresh(let id): services.pageStore(for: id).refresh()
        case .retry(let id): services.pageStore(for: id).retry()
        case .open(let destination):
            if !services.open(destination) { services.dispatcher.toasts.show(loop.state.words[.tooManyScreens]) }
            navigated()
        case .cart(let intent):
            services.perform(intent)
            if case .openProduct = intent { navigated() }
        case .search(let intent):
            services.perform(intent)
            if case .open = intent { navigated() }
        case .back:
            services.back()
            navigated()
        case .dismissSheet:
            services.dispatcher.sheets.dismiss()
            navigated()
        case .dismissToast: services.dispatcher.toasts.dismissCurrent()
        case .showToast(let message): services.dispatcher.toasts.show(message)
        case .quit: host?.stop()
        }
    }

    /// A count one step on, within what the widget allows: a product's quantity (within its
    /// page's limit, `ProductPage`), a stepper's `min…max` (`StepperRowContent`'s rule, SwiftUI's
    /// too); `nil` for a widget without one, or a step that changes nothing.
    static func stepped(_ widget: WidgetModel, state: JSONValue?, by delta: Int, marks: ShopperMarks) -> Int? {
        if let detail = widget.content(as: ProductDetailContent.self) {
            return ProductPage(content: detail, marks: marks, picked: state?.intValue).quantity(steppedBy: delta)
        }
        if let stepper = widget.content(as: StepperRowContent.self) {
            return stepper.stepped(from: stepper.count(from: state), by: delta)
        }
        return nil
    }

    // MARK: - Frames

    /// Draws the state, tells the loop what the frame laid out, and reports what shows.
    public func draw(width: Int, height: Int) -> TerminalView {
        let frame = loop.drawing { view.draw(&$0, width: width, height: height) }
        loop.send(.presented(needsAnotherFrame: frame.needsAnotherFrame))
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
            // A whole number in Int's range reads without ".0"; any other (1e300) as a double:
            // `Int(_:)` on a value past Int's range traps.
            case .number(let number): parts.append("\(key)=\(Int(exactly: number).map(String.init) ?? String(number))")
            default: continue
            }
        }
        return parts.joined(separator: " ")
    }
}
