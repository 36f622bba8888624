import FlowCore

/// Icons as one narrow glyph: the app's symbol names mapped to text symbols every terminal font
/// has. A symbol without a glyph draws nothing beside a title, and its name alone without one.
public enum IconGlyph {
    static let glyphs: [String: String] = [
        "star.fill": "★", "star": "☆", "heart.fill": "♥", "heart": "♡", "chevron.right": "›", "chevron.left": "‹",
        "chevron.down": "▾", "chevron.up": "▴", "arrow.right": "→", "arrow.left": "←", "xmark": "×", "plus": "+",
        "minus": "−", "checkmark": "✓", "magnifyingglass": "⌕", "search": "⌕", "info.circle": "ⓘ", "bolt.fill": "ϟ",
        "clock": "◷", "tag": "#", "ellipsis": "…",
    ]

    /// The glyph for `icon`, if the table has one.
    public static func glyph(_ icon: IconData?) -> String? {
        guard let icon else { return nil }
        return glyphs[icon.symbol]
    }

    /// What a control shows for its icon and title: "★ Title", "Title", "★", or the symbol's
    /// name when there is nothing else.
    public static func label(icon: IconData?, title: String?) -> String {
        let glyph = glyph(icon)
        switch (glyph, title?.isEmpty == false ? title : nil) {
        case (let glyph?, let title?): return "\(glyph) \(title)"
        case (nil, let title?): return title
        case (let glyph?, nil): return glyph
        case (nil, nil): return SafeText.cleaned(icon?.symbol ?? "", keepingNewlines: false)
        }
    }
}
