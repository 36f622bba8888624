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
        /// The client and instant a renderer resolves the page at, so that "adds nothing" means
        /// nothing shown: sections of unknown, malformed, expired or incompatible widgets add
        /// nothing either. Without it, a section adds something when it holds a widget or a
        /// fallback. Default none.
        public var context: (@MainActor @Sendable () -> EvaluationContext)?

        public init() {}
    }
}
