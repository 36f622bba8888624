import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation

/// `vitrine preview FILE`, running: the file watched, the page drawn with the app's widgets,
/// its actions fired through a dispatcher with no backend (built-ins run: toasts, sheets;
/// the app's own actions and `api` calls are shown, not followed), all through one message loop.
@MainActor
public final class PreviewApp {
    /// Turns the file's bytes into what the preview shows (decoding, the lint report).
    public typealias Reader = @MainActor (Data) -> PreviewDocument

    private let loop: MessageLoop<PreviewState, PreviewMessage, PreviewEffect>
    private let host: TerminalHost
    private let view: PreviewView
    private let dispatcher: ActionDispatcher
    private var watcher: FileWatcher?
    private var observers: [Observing] = []
    private let now: @Sendable () -> Date
    /// The instant the page is resolved at: moved as the file's page or a sheet expires.
    private let expiry: ExpiryClock

    /// - Parameters:
    ///   - path: the file.
    ///   - read: what its bytes show.
    ///   - host: the terminal.
    ///   - environment: what pages are drawn with (registry, images, colour).
    ///   - clock: polling, toasts.
    public init(
        path: String, read: @escaping Reader, host: TerminalHost, environment: RenderEnvironment, decoder: PageDecoder,
        locale: AppLocale = .enUS, clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.now = now
        expiry = ExpiryClock(clock: clock, now: now)
        view = PreviewView(environment: environment)
        loop = MessageLoop(state: PreviewState(fileName: (path as NSString).lastPathComponent, locale: locale), update: PreviewUpdate.update)
        dispatcher = ActionDispatcher(
            sheets: SheetStack(), toasts: ToastQueue(clock: clock), decoder: decoder, transport: nil, policy: VitrineApp.actionPolicy)
        let toasts = dispatcher.toasts
        let words = Words(locale)
        // The app's own actions and api calls are described, not followed: there is no app here.
        let described: Set<String> = [
            DeeplinkAction.type, AddToCartAction.type, OpenSearchAction.type, OpenPageAction.type, BuiltInActionType.api,
        ]
        dispatcher.register(ClosureActionHandler(name: "preview", types: described) { action, _ in
            toasts.show(words(.previewNotFollowed, ["action": PreviewApp.describe(action)]))
        })
        dispatcher.onDiagnostics = { report in
            guard let first = report.diagnostics.first else { return }
            let finding = PreviewFinding(first, words: words, safe: { SafeText.cleaned($0, keepingNewlines: false) })
            toasts.show(words(.findingPlace, ["meaning": finding.meaning, "place": finding.detail]))
        }
        watcher = FileWatcher(path: path, clock: clock) { [weak self] reading in
            guard let self else { return }
            let document: PreviewDocument = switch reading {
            case .contents(let data): read(data)
            case .unreadable(let reason): .refused(reason.said(in: words))
            }
            self.loop.send(.read(document, at: self.now()))
            // The page as read is resolved at the instant as it is now.
            self.expiry.sourceChanged()
        }
        loop.perform = { [weak self] effect in self?.perform(effect) }
        loop.onChange = { [weak self] in
            guard let self, self.loop.state.needsFrame else { return }
            self.host.setNeedsFrame()
        }
        host.onEvent = { [weak self] event in self?.receive(event) }
        host.view = { [weak self] columns, rows in
            guard let self else { return TerminalView(frame: Frame(buffer: CellBuffer(width: columns, height: rows))) }
            let drawn = self.loop.drawing { self.view.draw(&$0, width: columns, height: rows) }
            self.loop.send(.presented(needsAnotherFrame: drawn.needsAnotherFrame))
            return drawn.view
        }
    }

    /// Runs until the user quits.
    public func run() async {
        observers.append(Observing.follow({ [dispatcher] in dispatcher.toasts.current?.message }) { [weak self] in
            self?.loop.send(.toastChanged($0))
        })
        observers.append(Observing.follow({ [dispatcher] in dispatcher.sheets.entries.map(\.sheet) }) { [weak self] in
            self?.loop.send(.sheetsChanged($0))
        })
        expiry.watch(dispatcher.sheets)
        expiry.watch(self) { [weak self] instant in
            guard let page = self?.loop.state.page else { return nil }
            return [page.page.nextExpiry(after: instant), page.sheet?.nextExpiry(after: instant)].compactMap { $0 }.min()
        }
        observers.append(Observing.follow({ [expiry] in expiry.now }) { [weak self] in self?.loop.send(.tick($0)) })
        watcher?.start()
        await host.run()
        watcher?.stop()
        for observer in observers { observer.cancel() }
        dispatcher.cancelAll()
    }

    private func receive(_ event: TerminalEvent) {
        switch event {
        case .input(let input): loop.send(.input(input))
        case .resized: loop.send(.resized)
        case .inputClosed: loop.send(.input(.key(.ctrl("c"))))
        }
    }

    private func perform(_ effect: PreviewEffect) {
        switch effect {
        case .fire(let fired):
            dispatcher.dispatch(fired.action, from: ActionOrigin(store: nil, widgetID: fired.widgetID, sectionID: fired.sectionID, event: fired.event.name))
        case .reload: watcher?.check(force: true)
        case .dismissSheet: dispatcher.sheets.dismiss()
        case .dismissToast: dispatcher.toasts.dismissCurrent()
        case .showToast(let message): dispatcher.toasts.show(message)
        case .quit: host.stop()
        }
    }

    /// An action in a few words: its type and what it names.
    static func describe(_ action: ActionData) -> String {
        for key in ["page_id", "url", "product_id", "endpoint", "query"] {
            if let value = action[key]?.stringValue { return "\(action.type) \(value)" }
        }
        return action.type
    }
}
