import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
import RetailKit

/// What a shopper's page says of itself, in their words, for both renderers: while it has no
/// content, the status (`PageStatus`: loading; a failed first load with what to do, how many
/// tries failed and a retry; a page, or a product, that is not there, with no retry; nothing to
/// show); while it shows one, a note when it is not the newest (a saved copy and how old it is,
/// an update under way).
public enum ShopperPageStatus {
    /// The status of `page` on the screen of `pageID` while it has no content; nil once it
    /// shows a page. A failure says what to do, never why in a developer's terms (the debug
    /// log keeps that).
    public static func status(of page: PageSnapshot, pageID: PageID, words: Words) -> PageStatus? {
        guard page.page == nil || page.loadState != .loaded else { return nil }
        return status(of: page.load, pageID: pageID, words: words)
    }

    /// The status of a first load (`PageStatus.Load`) on the screen of `pageID`.
    public static func status(of load: PageStatus.Load, pageID: PageID, words: Words) -> PageStatus? {
        PageStatus.of(load, words: words.engine, detail: .words(words[EngineWord.loadFailedDetail]),
                      goneTitle: pageID.kind == .product ? words[.productGone] : nil)
    }

    /// The status of `store`'s first load (its attempts as `load` counts them): what a
    /// SwiftUI page hands `FlowServices.status`.
    @MainActor
    public static func status(of store: PageStore, load: PageStatus.Load, words: Words) -> PageStatus? {
        var load = load
        if case .failed = load.state, let error = store.lastLoadError as? HomeAPIError, let status = error.status {
            load.isGone = status == 404 || status == 410
        }
        return status(of: load, pageID: PageID(store.pageID), words: words)
    }

    /// What a shown page says of where it came from: "saved copy from 3 hours ago" when it is
    /// a saved copy the newest could not replace (asking for it failed), with ", updating…"
    /// while a newer one is on its way; "updating…" during a refresh; nil for the newest page,
    /// and for a saved copy still fresh (within the time the backend gave it): nothing newer
    /// was asked for, and it is what the shop serves now, online or not.
    public static func note(of page: PageSnapshot, now: Date, words: Words) -> String? {
        guard page.page != nil else { return nil }
        if page.isCached, page.isRefreshing || page.refreshError != nil {
            let saved = page.savedAt.map { words(.savedCopyAge, ["age": RetailFormat(words.locale).age(since: $0, now: now)]) }
                ?? words[.savedCopy]
            return page.isRefreshing ? words(.savedCopyUpdating, ["copy": saved]) : saved
        }
        return page.isRefreshing ? words[.updating] : nil
    }
}
