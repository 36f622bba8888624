import FlowCore

/// The diagnostics of one request, with the `request_id` they belong to.
///
/// Reports accumulate: a later decode never overwrites an earlier one, so every problem a
/// client met can reach the backend as a `contract_problem` event.
public struct DiagnosticReport: Sendable, Hashable {
    /// What produced the diagnostics.
    public enum Source: Sendable, Hashable {
        /// A page load (`initial`, `refresh`), from the cache or fresh.
        case page(kind: String, origin: PageUpdate.Origin)
        /// A next page merged into the page.
        case nextPage
        /// Mutations applied from an `api` response.
        case mutations
        /// An action the dispatcher refused or could not complete.
        case action(type: String)
        /// A sheet decoded for `open_bottom_sheet`.
        case sheet(id: String)
        /// A response or page that could not be read at all.
        case refusedDocument(kind: String)
    }

    public var pageID: String
    /// The composition the diagnostics concern; `nil` when no page was ever read.
    public var requestID: String?
    public var source: Source
    public var diagnostics: [Diagnostic]

    public init(pageID: String, requestID: String?, source: Source, diagnostics: [Diagnostic]) {
        self.pageID = pageID
        self.requestID = requestID
        self.source = source
        self.diagnostics = diagnostics
    }
}

/// Where diagnostic reports go: the analytics tracker's `contract_problem` events, a log.
public typealias DiagnosticSink = @MainActor (DiagnosticReport) -> Void
