/// What a shopper's screens offer and how each renderer reaches it: the terminal by keys, the
/// iOS app by gestures and controls. One list, so the two apps offer the same things; where
/// they differ on purpose, the entry says so (a gesture instead of a key; the debug log, the
/// terminal's alone).
public enum ScreenHelp {
    /// One thing a screen offers.
    public struct Entry: Sendable, Hashable {
        /// What it does ("open", "search").
        public var meaning: String
        /// The terminal's keys for it.
        public var keys: String
        /// How the iOS app reaches it; nil where it has no such thing (the debug log).
        public var gesture: String?
    }

    /// What a page offers (the terminal's `?`), the debug log when `isDebug`.
    public static func page(words: Words, isDebug: Bool = false) -> [Entry] {
        var entries: [Entry] = [
            Entry(meaning: words[.helpMove], keys: "↑↓←→ hjkl", gesture: words[.gestureSwipe]),
            Entry(meaning: words[.helpScroll], keys: words[.keyPaging], gesture: words[.gesturePage]),
            Entry(meaning: words[.helpTopEnd], keys: words[.keyHomeEnd], gesture: words[.gestureTop]),
            Entry(meaning: words[.helpOpen], keys: words[.keyEnter], gesture: words[.gestureTap]),
            Entry(meaning: words[.helpOptions], keys: "Tab ⇧Tab", gesture: words[.gestureTap]),
            Entry(meaning: words[.helpAdd], keys: "a + −", gesture: words[.gestureAdd]),
            Entry(meaning: words[.helpSearchCart], keys: "/ c", gesture: words[.gestureSearch] + ", " + words[.gestureCart]),
            Entry(meaning: words[.helpRefresh], keys: "r", gesture: words[.gestureRefresh]),
            Entry(meaning: words[.helpBack], keys: words[.keyEsc], gesture: words[.gestureBack]),
            Entry(meaning: words[.helpQuit], keys: "q", gesture: words[.gestureQuit]),
        ]
        if isDebug { entries.insert(Entry(meaning: words[.helpDebug], keys: "d", gesture: nil), at: entries.count - 1) }
        return entries
    }

    /// The cart sheet's keys as its hint line says them, the way out last (a narrow sheet drops
    /// those before it first); with the undo key first while a removal can be undone.
    public static func cartKeys(words: Words, hasLines: Bool, canUndo: Bool) -> [String] {
        (canUndo ? [words[.cartUndoKey]] : []) + (hasLines ? words[.cartKeys] : words[.cartKeysEmpty]).components(separatedBy: " · ")
    }

    /// The search screen's keys as its hint line says them.
    public static func searchKeys(words: Words) -> [String] {
        words[.searchKeys].components(separatedBy: " · ")
    }
}
