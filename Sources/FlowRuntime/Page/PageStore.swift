import FlowCore
import Foundation
import Observation

/// The load lifecycle of one page: initial load, refresh, next page, mutations from actions,
/// and the rule that an older response never overwrites newer state.
///
/// One store per page id, on the main actor, observed by renderers. It talks to nothing but
/// its `PageSource`; decoding runs off the main actor.
///
/// Ordering rules, each enforced by a counter rather than by timing:
/// - A page request (initial, refresh, retry) cancels the one before it and any next page
///   in flight; only the newest request's answers are applied (`pageRequestToken`).
/// - A page answer is dropped if the content changed after its request began, other than by
///   that request's own earlier updates (a slow refresh after an `api` mutation): `contentGeneration`.
/// - A next page is dropped if the page was replaced since it was asked for, or its postback
///   no longer matches the page's (`pageGeneration`, postback).
/// Every dropped answer counts in `droppedResponseCount`.
@MainActor
@Observable
public final class PageStore {
    /// The page this store loads.
    public let pageID: String
    /// The decoder, with the catalog of the widget types this app renders.
    public let decoder: PageDecoder
    /// Local state of this page's widgets.
    public let widgetState: WidgetStateStore

    /// Where the load stands. A refresh keeps `loaded` (see `isRefreshing`).
    public internal(set) var state: PageLoadState = .idle
    /// Whether a refresh is under way while the current page stays visible.
    public internal(set) var isRefreshing = false
    /// Whether a page request (initial, refresh, retry) is in flight.
    public internal(set) var isLoadingPage = false
    /// Where the shown page came from.
    public internal(set) var origin: PageUpdate.Origin?
    /// The message of the last failed refresh, while the old page stays; cleared by the next success.
    public internal(set) var lastError: String?
    /// What the end of the list shows.
    public internal(set) var nextPageState: NextPageState = .idle
    /// Every request's diagnostics, oldest first, at most `diagnosticReportLimit` (the sink sees all).
    public internal(set) var diagnosticReports: [DiagnosticReport] = []
    /// Answers that arrived after newer state and were dropped, never applied.
    public internal(set) var droppedResponseCount = 0

    /// How many reports `diagnosticReports` keeps for inspection. Default 200.
    @ObservationIgnored public var diagnosticReportLimit = 200
    /// Receives every non-empty diagnostic report (the analytics tracker's `contract_problem`).
    @ObservationIgnored public var onDiagnostics: DiagnosticSink?
    /// Receives what the user should be told (a failed refresh, a failed next page).
    @ObservationIgnored public var onNotice: (@MainActor (PageStoreNotice) -> Void)?

    /// Bumped when the whole page is replaced (a load, `replace_page`).
    @ObservationIgnored public internal(set) var pageGeneration = 0
    /// Bumped on every change of the page (loads, next pages, mutations).
    @ObservationIgnored public internal(set) var contentGeneration = 0

    @ObservationIgnored var storage: PageModel?
    @ObservationIgnored let source: any PageSource
    @ObservationIgnored var pageRequestToken = 0
    @ObservationIgnored var pageTask: Task<Void, Never>?
    @ObservationIgnored var nextPageToken = 0
    @ObservationIgnored var nextPageTask: Task<Void, Never>?
    @ObservationIgnored var lastFailure: FailedOperation?

    /// What `retry()` repeats.
    enum FailedOperation {
        case page(PageRequest.Kind)
        case nextPage
    }

    public init(pageID: String, source: any PageSource, decoder: PageDecoder, widgetState: WidgetStateStore? = nil) {
        self.pageID = pageID
        self.source = source
        self.decoder = decoder
        self.widgetState = widgetState ?? WidgetStateStore()
    }

    /// A store over a plain loader: each request gets one fresh answer.
    public convenience init(pageID: String, loader: any PageLoader, decoder: PageDecoder, widgetState: WidgetStateStore? = nil) {
        self.init(pageID: pageID, source: LoaderPageSource(loader), decoder: decoder, widgetState: widgetState)
    }

    deinit {
        pageTask?.cancel()
        nextPageTask?.cancel()
    }

    /// The page shown, if any. Observed; mutated in place so a mutation costs what it touches.
    public var page: PageModel? {
        access(keyPath: \.page)
        return storage
    }


    /// Loads the page for the first time (or again, as a new request).
    public func loadInitial() {
        startPageRequest(.initial)
    }

    /// Reloads the page, keeping the current one visible until the new one arrives. Without a
    /// page yet, it is an initial load.
    public func refresh() {
        startPageRequest(storage == nil ? .initial : .refresh)
    }

    /// Repeats what failed last: the page load, or the next page.
    public func retry() {
        switch lastFailure {
        case .page(let kind): startPageRequest(storage == nil ? .initial : kind)
        case .nextPage: loadNextPage()
        case nil: if storage == nil { startPageRequest(.initial) }
        }
    }

    /// The diagnostics recorded for one `request_id`, in the order they were met.
    public func diagnostics(forRequest requestID: String) -> [Diagnostic] {
        diagnosticReports.filter { $0.requestID == requestID }.flatMap(\.diagnostics)
    }

    /// Records a report and hands it to the sink. Empty reports are not kept.
    public func record(_ report: DiagnosticReport) {
        guard !report.diagnostics.isEmpty else { return }
        diagnosticReports.append(report)
        if diagnosticReports.count > diagnosticReportLimit {
            diagnosticReports.removeFirst(diagnosticReports.count - diagnosticReportLimit)
        }
        onDiagnostics?(report)
    }

    /// Records `diagnostics` against the shown page's `request_id`.
    public func record(_ diagnostics: [Diagnostic], source: DiagnosticReport.Source) {
        record(DiagnosticReport(pageID: pageID, requestID: storage?.requestID, source: source, diagnostics: diagnostics))
    }

    // MARK: - Page requests

    private func startPageRequest(_ kind: PageRequest.Kind) {
        pageTask?.cancel()
        cancelNextPage()
        pageRequestToken += 1
        let token = pageRequestToken
        lastFailure = nil
        if storage == nil {
            state = .loading
        } else {
            isRefreshing = true
        }
        isLoadingPage = true
        let request = PageRequest(pageID: pageID, kind: kind)
        let stream = source.updates(for: request)
        let generation = contentGeneration
        pageTask = Task { @MainActor [weak self] in
            await self?.consume(stream, request: request, token: token, generation: generation)
        }
    }

    private func consume(
        _ stream: AsyncThrowingStream<PageUpdate, any Error>, request: PageRequest, token: Int, generation: Int
    ) async {
        // The content this request may replace: what it saw at its start, then what it installed.
        var expected = generation
        // Whether the content on screen is this request's own cached copy. A mutation on it
        // (an `api` answer) does not make the fresh page stale: the server that composes the
        // fresh page has already applied the action.
        var showsOwnCachedCopy = false
        do {
            for try await update in stream {
                let decoded: DecodedPage
                do {
                    decoded = try await OffMainDecoding.decodePage(update.data, decoder: decoder)
                } catch {
                    guard token == pageRequestToken else { return }
                    record(DiagnosticReport(pageID: pageID, requestID: storage?.requestID,
                                            source: .refusedDocument(kind: request.kindName), diagnostics: [error.diagnostic]))
                    // An unreadable cached copy is skipped: the fresh page that follows decides.
                    if update.origin == .cached { continue }
                    throw error
                }
                guard token == pageRequestToken else {
                    droppedResponseCount += 1
                    return
                }
                guard contentGeneration == expected || (showsOwnCachedCopy && update.origin == .fresh) else {
                    droppedResponseCount += 1
                    endPageRequest()
                    return
                }
                install(decoded, origin: update.origin, kind: request.kindName)
                expected = contentGeneration
                showsOwnCachedCopy = update.origin == .cached
            }
            guard token == pageRequestToken else { return }
            endPageRequest()
            if storage == nil { failPageRequest(request.kind, message: "the page could not be loaded: no page was returned") }
        } catch {
            guard token == pageRequestToken else { return }
            endPageRequest()
            failPageRequest(request.kind, message: Self.message(for: error))
        }
    }

    private func install(_ decoded: DecodedPage, origin: PageUpdate.Origin, kind: String) {
        let snapshot = widgetState.snapshot(of: storage)
        withMutation(keyPath: \.page) { storage = decoded.page }
        pageGeneration += 1
        contentGeneration += 1
        self.origin = origin
        lastError = nil
        nextPageState = .idle
        updateContentState()
        widgetState.retainUnchanged(from: snapshot, to: storage)
        record(DiagnosticReport(pageID: pageID, requestID: decoded.page.requestID,
                                source: .page(kind: kind, origin: origin), diagnostics: decoded.diagnostics))
    }

    private func endPageRequest() {
        pageTask = nil
        isLoadingPage = false
        isRefreshing = false
    }

    /// Nothing shown: the full-screen error. A page shown: it stays, with its widget state,
    /// and the user is told.
    private func failPageRequest(_ kind: PageRequest.Kind, message: String) {
        lastFailure = .page(kind)
        if storage == nil {
            state = .failed(message: message)
        } else {
            lastError = message
            onNotice?(.refreshFailed(message: message))
        }
    }

    func updateContentState() {
        guard let page = storage else { return }
        let hasWidgets = !(page.header?.widgets.isEmpty ?? true) || !(page.footer?.widgets.isEmpty ?? true)
        state = page.sections.isEmpty && !hasWidgets ? .empty : .loaded
    }

    static func message(for error: any Error) -> String {
        if let error = error as? PageDecodingError { return "the page could not be read: \(error)" }
        return "the page could not be loaded: \(error)"
    }
}
