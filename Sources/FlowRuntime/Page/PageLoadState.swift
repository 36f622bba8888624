/// Where a page's load stands. A refresh does not leave `loaded`: the page stays visible
/// while `PageStore.isRefreshing` says a newer one is on its way.
public enum PageLoadState: Sendable, Hashable {
    /// Nothing asked for yet.
    case idle
    /// The first load is under way and nothing is shown yet.
    case loading
    /// A page with content is shown.
    case loaded
    /// The first load failed and nothing is shown: a full-screen error with retry.
    case failed(message: String)
    /// A page arrived but has nothing to show (no sections, no header or footer widgets).
    case empty
}

/// Where loading the next page stands: what the end of the list shows.
public enum NextPageState: Sendable, Hashable {
    /// Nothing in flight (more may or may not exist: see `PageStore.hasMorePages`).
    case idle
    /// The next page is on its way: a spinner at the end of the list.
    case loading
    /// The next page failed; the loaded page stays and the end of the list offers retry.
    case failed(message: String)
    /// The page says more exist, but next pages in a row added nothing
    /// (`PageStore.NextPagePacing`): the store stops asking, and the end of the list says so
    /// and offers to try again (`retry()`).
    case ended
}

/// Something the store wants the user told, for the host to show (usually as a toast).
public enum PageStoreNotice: Sendable, Hashable {
    /// A refresh failed and the page stayed as it was.
    case refreshFailed(message: String)
    /// The next page failed; `retry()` or `loadNextPage()` asks again.
    case nextPageFailed(message: String)
}
