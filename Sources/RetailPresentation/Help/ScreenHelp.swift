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

        /// The entry as a hint line says it: `x remove`.
        public var hint: String { keys + " " + meaning }
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

    /// What the cart sheet offers (the terminal's `?` over it): its keys as its hint line says
    /// them (`cartKeys`), then the way out of the app. The iOS sheet has no chosen line (each
    /// line's buttons act on it) and opens no product: those two have no gesture.
    public static func cart(words: Words, hasLines: Bool, canUndo: Bool) -> [Entry] {
        cartHint(words: words, hasLines: hasLines, canUndo: canUndo) + [Entry(meaning: words[.helpQuit], keys: "q", gesture: words[.gestureQuit])]
    }

    /// The cart sheet's keys as its hint line says them, the way out last (a narrow sheet drops
    /// those before it first); with the undo key first while a removal can be undone; an empty
    /// cart's only the way out. One list with the help's (`cart`), so the two never differ.
    public static func cartKeys(words: Words, hasLines: Bool, canUndo: Bool) -> [String] {
        cartHint(words: words, hasLines: hasLines, canUndo: canUndo).map(\.hint)
    }

    /// "u undo", said beside the removed line too.
    public static func cartUndoKey(words: Words) -> String {
        cartUndo(words: words).hint
    }

    private static func cartUndo(words: Words) -> Entry {
        Entry(meaning: words[.undoAction], keys: "u", gesture: words[.gestureCartUndo])
    }

    private static func cartHint(words: Words, hasLines: Bool, canUndo: Bool) -> [Entry] {
        let lines = [
            Entry(meaning: words[.cartChoose], keys: "↑↓", gesture: nil),
            Entry(meaning: words[.cartQuantity], keys: "+ −", gesture: words[.gestureCartStep]),
            Entry(meaning: words[.removeAction], keys: "x", gesture: words[.gestureCartRemove]),
            Entry(meaning: words[.cartOpen], keys: words[.keyEnter], gesture: nil),
        ]
        return (canUndo ? [cartUndo(words: words)] : []) + (hasLines ? lines : [])
            + [Entry(meaning: words[.cartClose], keys: words[.keyEsc], gesture: words[.gestureCartClose])]
    }

    /// The search screen's keys as its hint line says them.
    public static func searchKeys(words: Words) -> [String] {
        words[.searchKeys].components(separatedBy: " · ")
    }
}
