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
/// - A cached copy is shown only when nothing is, or when what is shown is itself an
///   untouched cached copy: never over a fresh page, nor over content that changed since it
///   was shown (a mutation, a next page), whichever request brought it.
/// - An answer that mutations overtook (an `api` action landed after its request began, so
///   the server may have composed it before the action took effect) gets those mutations
///   laid onto it by id before it is shown; one that no longer finds its target is dropped
///   and reported. Mutations that cannot be laid onto another composition (sections added,
///   a page replaced, a transaction that fails there) have the request asked again, once.
///   An older response never overwrites newer state, and a refresh is never silently lost.
/// - An `api` answer that arrives after the page was replaced (a refresh landed) is laid onto
///   the new page by id; one that cannot be (sections added, a page replaced) asks for the
///   page again, so the action's effect is never lost.
/// - A next page is dropped if the page was replaced since it was asked for, or its postback
///   no longer matches the page's (`pageGeneration`, postback).
/// Every dropped answer counts in `droppedResponseCount`.
///
/// Tasks hold the store weakly and never across a suspension: dropping the last reference
/// to a store cancels its work (and the streams it reads).
@MainActor
@Observable
public final class PageStore {
    /// The page this store loads.
    public let pageID: String
    /// The decoder, with the catalog of the widget types this app renders.
    public let decoder: PageDecoder
    /// Local state of this page's widgets.
    public let widgetState: WidgetStateStore
    /// The registry the store was made with (`init(pageID:loader:registry:)`), whatever its
    /// renderer's view type: the views that draw the page take it from here.
    @ObservationIgnored private var registry: (any Sendable)?

    /// Where the load stands. A refresh keeps `loaded` (see `isRefreshing`).
    public internal(set) var state: PageLoadState = .idle
    /// Whether a refresh is under way while the current page stays visible.
    public internal(set) var isRefreshing = false
    /// Whether a page request (initial, refresh, retry) is in flight.
    public internal(set) var isLoadingPage = false
    /// Where the shown page came from.
    public internal(set) var origin: PageUpdate.Origin?
    /// When the shown page was saved, when it is a cached copy whose cache knows; nil for a
    /// fresh page.
    public internal(set) var savedAt: Date?
    /// The message of the last failed refresh, while the old page stays; cleared by the next success.
    public internal(set) var lastError: String?
    /// What the last failed page request threw (a transport's typed error, say, whose status
    /// tells a page that is gone from one that could not be reached); cleared by a success.
    @ObservationIgnored public private(set) var lastLoadError: (any Error)?
    /// What the end of the list shows.
    public internal(set) var nextPageState: NextPageState = .idle
    /// Every request's diagnostics, oldest first, at most `diagnosticReportLimit` (the sink sees all).
    public internal(set) var diagnosticReports: [DiagnosticReport] = []
    /// Answers that arrived after newer state and were dropped, never applied.
    public internal(set) var droppedResponseCount = 0

    /// How many reports `diagnosticReports` keeps for inspection (a negative value keeps
    /// none; the sink still sees every one). Default 200.
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
    /// The page request in flight and what it has done, for the ordering rules.
    @ObservationIgnored var pageRequest: PageRequestProgress?
    /// `contentGeneration` right after the page shown was installed: equal while it is untouched.
    @ObservationIgnored var installedGeneration = 0
    @ObservationIgnored var nextPageToken = 0
    @ObservationIgnored var nextPageTask: Task<Void, Never>?
    /// How next pages that add nothing are paced.
    @ObservationIgnored public var nextPagePacing = NextPagePacing()
    @ObservationIgnored let clock: any Clock<Duration>
    /// Next pages in a row that added nothing (reset by one that adds, and by a new page).
    @ObservationIgnored var emptyNextPages = 0
    /// The back-off after an empty next page; a `loadNextPage()` meanwhile waits for its end.
    @ObservationIgnored var nextPageBackoff: Task<Void, Never>?
    @ObservationIgnored var isNextPageWantedAfterBackoff = false
    /// Whether the shopper asked for the next page wanted after the back-off.
    @ObservationIgnored var isWantedNextPageAskedByShopper = false
    /// Next pages asked in a row with no shopper's ask between (reset by one, and by a new page).
    @ObservationIgnored var unaskedNextPages = 0
    @ObservationIgnored var lastFailure: FailedOperation?

    /// What `retry()` repeats.
    enum FailedOperation {
        case page(PageRequest.Kind)
        case nextPage
    }

    /// A store reading `source`; `clock` paces next pages that add nothing.
    public init(
        pageID: String, source: any PageSource, decoder: PageDecoder, widgetState: WidgetStateStore? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.pageID = pageID
        self.source = source
        self.decoder = decoder
        self.widgetState = widgetState ?? WidgetStateStore()
        self.clock = clock
    }

    /// A store over a plain loader: each request gets one fresh answer.
    public convenience init(
        pageID: String, loader: any PageLoader, decoder: PageDecoder, widgetState: WidgetStateStore? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(pageID: pageID, source: LoaderPageSource(loader), decoder: decoder, widgetState: widgetState, clock: clock)
    }

    /// A store over a plain loader that decodes with `registry`'s catalogue and keeps the
    /// registry for the renderer whose views it makes (`registry(of:)`): a page view made from
    /// this store needs no registry of its own.
    public convenience init<Output>(
        pageID: String, loader: any PageLoader, registry: WidgetRegistry<Output>, widgetState: WidgetStateStore? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(pageID: pageID, loader: loader, decoder: PageDecoder(catalog: registry.catalog), widgetState: widgetState, clock: clock)
        self.registry = registry
    }

    /// The registry this store was made with, when its views are `Output`; nil for a store
    /// made from a decoder, or with another renderer's registry.
    public func registry<Output>(of output: Output.Type) -> WidgetRegistry<Output>? {
        registry as? WidgetRegistry<Output>
    }

    deinit {
        pageTask?.cancel()
        nextPageTask?.cancel()
        nextPageBackoff?.cancel()
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

    /// `refresh()`, returning when that request has ended (its page installed, or its failure
    /// told): what pull to refresh awaits, so the spinner stays while the page is asked for.
    /// A request that replaces it (another refresh, a retry) ends the wait too.
    public func refreshAndWait() async {
        refresh()
        await pageTask?.value
    }

    /// Repeats what failed last: the page load, or the next page.
    public func retry() {
        switch lastFailure {
        case .page(let kind): startPageRequest(storage == nil ? .initial : kind)
        case .nextPage: loadNextPage()
        case nil:
            if storage == nil {
                startPageRequest(.initial)
            } else if nextPageState == .ended {
                // The shopper asks again: the pacing starts over.
                resetNextPagePacing()
                nextPageState = .idle
                loadNextPage()
            }
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
        let limit = max(0, diagnosticReportLimit)
        if diagnosticReports.count > limit {
            diagnosticReports.removeFirst(diagnosticReports.count - limit)
        }
        onDiagnostics?(report)
    }

    /// Records `diagnostics` against the shown page's `request_id`.
    public func record(_ diagnostics: [Diagnostic], source: DiagnosticReport.Source) {
        record(DiagnosticReport(pageID: pageID, requestID: storage?.requestID, source: source, diagnostics: diagnostics))
    }

    // MARK: - Page requests

    private func startPageRequest(_ kind: PageRequest.Kind, isRetryAfterOvertake: Bool = false) {
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
        pageRequest = PageRequestProgress(
            token: token, request: request, expectedGeneration: contentGeneration, isRetryAfterOvertake: isRetryAfterOvertake)
        let stream = source.updates(for: request)
        let decoder = self.decoder
        pageTask = Task { @MainActor [weak self] in
            do {
                for try await update in stream {
                    let decoded: Result<DecodedPage, PageDecodingError>
                    do throws(PageDecodingError) {
                        decoded = .success(try await OffMainDecoding.decodePage(update.data, decoder: decoder))
                    } catch {
                        decoded = .failure(error)
                    }
                    // The store is held only for this synchronous step, never across the next await.
                    guard let self, try self.receive(update, decoded: decoded, token: token) else { return }
                }
                self?.finishPageRequest(token: token)
            } catch {
                self?.failPageRequest(token: token, error: error)
            }
        }
    }

    /// Applies one update of the page request `token`; `false` stops reading its stream.
    private func receive(_ update: PageUpdate, decoded: Result<DecodedPage, PageDecodingError>, token: Int) throws -> Bool {
        guard token == pageRequestToken, var progress = pageRequest, progress.token == token else {
            droppedResponseCount += 1
            return false
        }
        let page: DecodedPage
        switch decoded {
        case .success(let value):
            page = value
        case .failure(let error):
            record(DiagnosticReport(pageID: pageID, requestID: storage?.requestID,
                                    source: .refusedDocument(kind: progress.request.kindName), diagnostics: [error.diagnostic]))
            // An unreadable cached copy is skipped: the fresh page that follows decides.
            if update.origin == .cached { return true }
            throw error
        }
        let overtaken = contentGeneration != progress.expectedGeneration
        // A cached copy is older than a fresh page and than any change made to what is shown:
        // it waits for the fresh page instead.
        let showsUntouchedCachedCopy = origin == .cached && contentGeneration == installedGeneration
        if update.origin == .cached, storage != nil && !showsUntouchedCachedCopy || progress.installedFresh || overtaken {
            droppedResponseCount += 1
            return true
        }
        var model = page.page
        var diagnostics = page.diagnostics
        if overtaken {
            guard let laid = Self.lay(progress.overtakingMutations, onto: &model, decoder: decoder) else {
                droppedResponseCount += 1
                if progress.isRetryAfterOvertake {
                    endPageRequest()  // asked again once already: the page shown is the newest state
                } else {
                    startPageRequest(progress.request.kind, isRetryAfterOvertake: true)
                }
                return false
            }
            diagnostics += laid
        }
        install(model, diagnostics: diagnostics, origin: update.origin, kind: progress.request.kindName)
        savedAt = update.origin == .cached ? update.savedAt : nil
        progress.expectedGeneration = contentGeneration
        progress.overtakingMutations.removeAll()
        if update.origin == .fresh { progress.installedFresh = true }
        pageRequest = progress
        return true
    }

    /// Lays mutations that overtook a request onto its answer, by id; returns the failures
    /// (each mutation that found no target), or `nil` when the answer must be asked again:
    /// sections added or a page replaced would be added twice or lost on another
    /// composition, and a transaction that fails there cannot be half applied.
    private static func lay(_ batches: [MutationBatch], onto page: inout PageModel, decoder: PageDecoder) -> [Diagnostic]? {
        var failures: [Diagnostic] = []
        for batch in batches {
            guard batch.mutations.allSatisfy(\.kind.isAddressedByID) else { return nil }
            let result = page.apply(batch.mutations, mode: batch.mode, decoder: decoder)
            if result.isRolledBack { return nil }
            // What decoding the new widgets reported was reported when they first landed.
            failures += result.diagnostics.filter { $0.kind == .mutationFailed }
        }
        return failures
    }

    private func finishPageRequest(token: Int) {
        guard token == pageRequestToken, let kind = pageRequest?.request.kind else { return }
        endPageRequest()
        if storage == nil { reportPageFailure(kind, message: "the page could not be loaded: no page was returned") }
    }

    private func failPageRequest(token: Int, error: any Error) {
        guard token == pageRequestToken, let kind = pageRequest?.request.kind else { return }
        endPageRequest()
        lastLoadError = error
        reportPageFailure(kind, message: Self.message(for: error))
    }

    private func install(_ page: PageModel, diagnostics: [Diagnostic], origin: PageUpdate.Origin, kind: String) {
        let snapshot = widgetState.snapshot(of: storage)
        withMutation(keyPath: \.page) { storage = page }
        pageGeneration += 1
        contentGeneration += 1
        installedGeneration = contentGeneration
        self.origin = origin
        lastError = nil
        lastLoadError = nil
        nextPageState = .idle
        resetNextPagePacing()
        updateContentState()
        widgetState.retainUnchanged(from: snapshot, to: storage)
        record(DiagnosticReport(pageID: pageID, requestID: page.requestID,
                                source: .page(kind: kind, origin: origin), diagnostics: diagnostics))
    }

    private func endPageRequest() {
        pageTask = nil
        pageRequest = nil
        isLoadingPage = false
        isRefreshing = false
    }

    /// Nothing shown: the full-screen error. A page shown: it stays, with its widget state,
    /// and the user is told.
    private func reportPageFailure(_ kind: PageRequest.Kind, message: String) {
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
        return "the page could not be loaded: \(reason(for: error))"
    }

    /// What a person may be told of `error`: its `errorDescription` when it has one (a
    /// transport's errors say it without status codes and error codes), else its description.
    static func reason(for error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}

/// A batch of mutations as an `api` answer applied it.
struct MutationBatch {
    let mutations: [PageMutation]
    let mode: MutationMode
}

/// What the page request in flight has done, for the store's ordering rules.
struct PageRequestProgress {
    let token: Int
    let request: PageRequest
    /// `contentGeneration` when the request began or last installed an update.
    var expectedGeneration: Int
    /// Mutations applied since then: laid onto the request's next answer.
    var overtakingMutations: [MutationBatch] = []
    /// Whether a fresh update was installed: a cached one after it is older.
    var installedFresh = false
    /// Whether this request was itself asked again after mutations overtook an answer.
    let isRetryAfterOvertake: Bool
}

extension PageMutation.Kind {
    /// Whether the mutation names its target by id, so that it means the same on another
    /// composition of the page.
    var isAddressedByID: Bool {
        switch self {
        case .replaceWidget, .removeWidget, .replaceSection, .removeSection: true
        case .appendSections, .prependSections, .replacePage: false
        }
    }
}
