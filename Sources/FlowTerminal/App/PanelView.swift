/// A panel beside or below the page: a title and lines of text (a live log, a lint report),
/// cut to fit. The side panel is closed by a rule on its left, the bottom one by a rule above.
/// When `followsEnd` is set and the lines do not fit, the newest (last) ones show.
@MainActor
public struct PanelView {
    /// Where the panel sits, which decides the edge its rule is drawn on.
    public enum Edge: Sendable {
        case trailing, bottom
    }

    public var title: String
    public var lines: [StyledText]
    public var edge: Edge
    public var followsEnd: Bool

    public init(title: String, lines: [StyledText], edge: Edge, followsEnd: Bool = false) {
        self.title = title
        self.lines = lines
        self.edge = edge
        self.followsEnd = followsEnd
    }

    /// Draws the panel filling `canvas`.
    public func draw(in canvas: Canvas) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        canvas.fill(canvas.bounds, style: .plain)
        let rule = CellStyle(attributes: .dim)
        var inner = canvas.bounds
        switch edge {
        case .trailing:
            for y in 0..<canvas.height { canvas.put("│", x: 0, y: y, style: rule) }
            inner = inner.inset(left: 2)
        case .bottom:
            canvas.put(String(repeating: "─", count: canvas.width), x: 0, y: 0, style: rule)
            inner = inner.inset(top: 1, left: 1, right: 1)
        }
        guard inner.width > 0, inner.height > 0 else { return }
        canvas.put(TextCut.fit(title, to: inner.width), x: inner.x, y: inner.y, style: CellStyle(attributes: .bold))
        let room = inner.height - 1
        guard room > 0 else { return }
        // An empty line stays a blank row.
        var wrapped: [[TextLayout.Glyph]] = []
        for line in lines {
            let layout = TextLayout(line, width: inner.width)
            wrapped += layout.lines.isEmpty ? [[]] : layout.lines.map(\.glyphs)
        }
        let shown = followsEnd ? Array(wrapped.suffix(room)) : Array(wrapped.prefix(room))
        for (row, glyphs) in shown.enumerated() {
            var x = inner.x
            for glyph in glyphs { x += canvas.put(glyph.character, x: x, y: inner.y + 1 + row, style: glyph.style) }
        }
    }
}

/// Text cut to a number of columns, ending in "…" when cut.
public enum TextCut {
    public static func fit(_ text: String, to columns: Int) -> String {
        ButtonAtom.truncated(SafeText.cleaned(text, keepingNewlines: false), to: columns)
    }

    /// `text` cut in its middle so that its last word stays ("Manteau en l… Alto"): names of
    /// one family differ at their end, and cut at the end they all read alike. A last word
    /// wider than half of `columns` is cut as `fit` cuts.
    public static func fitKeepingLastWord(_ text: String, to columns: Int) -> String {
        let clean = SafeText.cleaned(text, keepingNewlines: false)
        guard DisplayWidth.of(clean) > columns, let space = clean.lastIndex(of: " ") else { return fit(clean, to: columns) }
        let last = String(clean[clean.index(after: space)...])
        let lastWidth = DisplayWidth.of(last)
        guard lastWidth > 0, lastWidth * 2 <= columns else { return fit(clean, to: columns) }
        let head = fit(String(clean[..<space]), to: columns - lastWidth - 1)
        return head + " " + last
    }
}
