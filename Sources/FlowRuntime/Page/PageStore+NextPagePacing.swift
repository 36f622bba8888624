import FlowCore

extension PageStore {
    /// How a store paces next pages that add nothing: a backend that answers `has_more: true`
    /// with no new content must not turn every open page into a poller.
    public struct NextPagePacing: Sendable {
        /// The wait before asking again after the first next page that adds nothing; doubled
        /// after each further one. Default 1 s.
        public var backoff: Duration = .seconds(1)
        /// Next pages in a row that add nothing before the store stops asking and the end of
        /// the list says so (`NextPageState.ended`). Default 3.
        public var maxEmptyPages = 3
        /// Next pages in a row that nobody asked for (asked because the end was still in view
        /// after the last one, with no key, scroll or tap between: `loadNextPage(askedByShopper:
        /// false)`) before each further one counts as adding nothing. Whatever a next page
        /// holds — text that draws nothing, a grid with no room, sections that expire at once
        /// — an open page can then not keep asking on its own. Default 3.
        public var maxUnaskedPages = 3
        /// The client and instant a renderer resolves the page at, so that "adds nothing" means
        /// nothing shown: sections of unknown, malformed, expired or incompatible widgets add
        /// nothing either. Without it, a section adds something when it holds a widget or a
        /// fallback. Default none.
        public var context: (@MainActor @Sendable () -> EvaluationContext)?

        public init() {}
    }
}
