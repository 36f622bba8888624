/// Several screens reporting to one tracker: a renderer that keeps covered pages alive (a
/// SwiftUI navigation stack keeps the pages under the top one, and their views still report
/// as they disappear) says which screen is on top, so a covered page's report can never make
/// it the tracker's page and end the sessions of the page the reader sees. A renderer that
/// shows one page at a time (the terminal) says nothing, and every report counts.
extension ImpressionTracker {
    /// `screen` is shown over every other screen reporting here: pushed, or shown again when
    /// the one over it went.
    public func screenAppeared(_ screen: AnyObject) {
        let id = ObjectIdentifier(screen)
        let covered = screens.last.flatMap { $0 == id ? nil : $0 }
        screens.removeAll { $0 == id }
        screens.append(id)
        // What the screen below reported is no longer on screen; this one reports its own.
        lastReport = nil
        // What the covered screen was timing ends now, not at this one's first report: it may
        // have none yet (its page still loading), and a renderer's report may wait a frame.
        if covered != nil { endAllSessions() }
    }

    /// `screen` is no longer shown (covered by a pushed page, or gone). When it was the top
    /// screen, what it was timing ends: whatever covers it (a page, which reports its own, or a
    /// screen with no widgets, as search results) shows none of it.
    public func screenDisappeared(_ screen: AnyObject) {
        let id = ObjectIdentifier(screen)
        // A covered screen saying it is gone changes nothing of what the top one reported.
        guard screens.last == id else { return screens.removeAll { $0 == id } }
        screens.removeLast()
        lastReport = nil
        endAllSessions()
    }

    /// Whether `screen`'s reports count: it is the top screen, or no screen said it is shown.
    public func accepts(_ screen: AnyObject) -> Bool {
        screens.last.map { $0 == ObjectIdentifier(screen) } ?? true
    }
}
