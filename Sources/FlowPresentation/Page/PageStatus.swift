import FlowRuntime

/// What a page without content shows, in words, for every renderer to draw alike (the
/// terminal's status screen, SwiftUI's status view): loading, nothing to show, a failed first
/// load with its retry, or a page that is not there, whose retry would not help.
public struct PageStatus: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case loading, empty, failed, gone
    }

    public var kind: Kind
    /// The headline of a failure or a page that is gone; nil for loading and empty, whose one
    /// line is `detail`.
    public var title: String?
    /// What it says under the title (or alone).
    public var detail: String?
    /// The retry button's label; nil when none is offered.
    public var retry: String?
    /// A retry is under way: the button says so (`retry` is then its words) and waits.
    public var isRetrying: Bool

    public init(kind: Kind, title: String? = nil, detail: String? = nil, retry: String? = nil, isRetrying: Bool = false) {
        self.kind = kind
        self.title = title
        self.detail = detail
        self.retry = retry
        self.isRetrying = isRetrying
    }

    /// What a store's first load comes to, before any page: `nil` once there is a page.
    public struct Load: Sendable, Hashable {
        public var state: PageLoadState
        /// A retry of a failed first load is under way (`PageAttempts`).
        public var isRetrying: Bool
        /// How many first loads in a row failed (`PageAttempts`).
        public var failedAttempts: Int
        /// The server has no such page (404, 410): trying again will not help.
        public var isGone: Bool

        public init(state: PageLoadState, isRetrying: Bool = false, failedAttempts: Int = 0, isGone: Bool = false) {
            self.state = state
            self.isRetrying = isRetrying
            self.failedAttempts = failedAttempts
            self.isGone = isGone
        }
    }

    /// Where a failure's words come from: the app's own (a shopper is never shown a
    /// developer's message), or the load's own message (a developer's tool).
    public enum FailureDetail: Sendable, Hashable {
        case words(String)
        case loadMessage
    }

    /// The status of `load` in `words`: a failure says `detail` and, after a retry, how many
    /// tries failed ("Tried 3 times."); one that is under way keeps the failure on screen, its
    /// button saying so; a page that is gone says `goneTitle` (default the words' own) with no
    /// retry. Nil for a loaded page.
    public static func of(_ load: Load, words: EngineWords, detail: FailureDetail = .loadMessage, goneTitle: String? = nil) -> PageStatus? {
        func failure(_ message: String) -> PageStatus {
            var text = switch detail {
            case .words(let words): words
            case .loadMessage: message
            }
            if load.failedAttempts > 1 {
                text += (text.isEmpty ? "" : " ") + words(.loadFailedAttempts, ["count": words.number(load.failedAttempts)])
            }
            return PageStatus(kind: .failed, title: words[.loadFailedTitle], detail: text,
                              retry: load.isRetrying ? words[.retrying] : words[.retry], isRetrying: load.isRetrying)
        }
        switch load.state {
        case .idle, .loading:
            return load.isRetrying ? failure("") : PageStatus(kind: .loading, detail: words[.loading])
        case .loaded:
            return nil
        case .empty:
            return PageStatus(kind: .empty, detail: words[.nothingHere])
        case .failed(let message):
            guard !load.isGone else { return PageStatus(kind: .gone, title: goneTitle ?? words[.goneTitle], detail: words[.goneDetail]) }
            return failure(message)
        }
    }
}

/// How many first loads of a page failed in a row, and whether a retry is under way: seen over
/// the store's consecutive states, since the store itself keeps only the latest.
public enum PageAttempts {
    /// `next` with the retries carried over from `previous`: a failed first load followed by a
    /// load under way is a retry (the failure stays on screen, its button saying so); each
    /// failure in a row is counted; a page ends both.
    public static func carry(into next: inout PageStatus.Load, from previous: PageStatus.Load?, hasPage: Bool) {
        guard let previous, !hasPage else { return }
        let previousFailed = if case .failed = previous.state { true } else { false }
        switch next.state {
        case .loading, .idle:
            next.isRetrying = previousFailed || previous.isRetrying
            next.failedAttempts = previous.failedAttempts
        case .failed:
            next.failedAttempts = previous.isRetrying || previousFailed ? max(1, previous.failedAttempts) + (previous.isRetrying ? 1 : 0) : 1
        case .loaded, .empty:
            break
        }
    }
}
