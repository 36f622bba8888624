/// The words the renderer draws of its own (the states of a page without content, the end of
/// a list, the keys' help), which the app gives in the shopper's language. English by default,
/// for tools (`vitrine render`) that have none of their own.
public struct RendererWords: Sendable, Hashable {
    /// A page on its way.
    public var loading = "Loading…"
    /// The end of a list while the next page is on its way.
    public var loadingMore = "Loading more…"
    /// A page with nothing to show.
    public var nothingHere = "Nothing to show here yet."
    /// The title of a failed first load.
    public var loadFailedTitle = "Something went wrong"
    /// What a failed first load says under its title; `nil` shows the load's own message
    /// (for developers' tools; an app for shoppers gives words of its own).
    public var loadFailedDetail: String?
    /// How many times loading failed, after a retry (`{count}` is filled in).
    public var loadFailedAttempts = "Tried {count} times."
    /// A first load the server answered "no such page" (404, 410): the title and what it says
    /// under it, with no retry (trying again would not help).
    public var goneTitle = "This page isn't available"
    public var goneDetail = "There is nothing at this address any more."
    /// The retry button's label, and what it says while the retry is under way.
    public var retry = "Retry"
    public var retrying = "Trying again…"
    /// A failed next page (`nil` shows its own message after `moreFailedPrefix`).
    public var moreFailed: String?
    public var moreFailedPrefix = "Couldn't load more: "
    /// The end of a list whose next pages stopped adding anything (the store stopped asking).
    public var nothingMore = "Nothing more to show right now."
    /// The keys' help box's last line.
    public var anyKeyCloses = "any key closes"

    public init() {}
}
