/// The keys an app answers to, in a box over the middle of the screen (`?`), the screen's text
/// around it dimmed.
@MainActor
public struct KeyHelpView {
    /// One line of help: the keys and what they do.
    public struct Entry: Sendable, Hashable {
        public var keys: String
        public var meaning: String

        public init(_ keys: String, _ meaning: String) {
            self.keys = keys
            self.meaning = meaning
        }
    }

    public var title: String
    public var entries: [Entry]
    /// The last line (`EngineWord.anyKeyCloses`, in the app's words).
    public var footer: String

    public init(title: String, entries: [Entry], footer: String) {
        self.title = title
        self.entries = entries
        self.footer = footer
    }

    /// The columns beside the box below which the page's text there is cleared too.
    static let sliver = 4

    /// Draws the box centred on `canvas`; returns its rectangle.
    @discardableResult
    public func draw(in canvas: Canvas) -> CellRect {
        let keyWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let textWidth = entries.map { DisplayWidth.of($0.meaning) }.max() ?? 0
        let width = min(canvas.width, max(keyWidth + 2 + textWidth, DisplayWidth.of(title), DisplayWidth.of(footer)) + 4)
        let height = min(canvas.height, entries.count + 4)
        guard width >= 6, height >= 3 else { return .zero }
        let rect = CellRect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        // Its rows are cleared a column beyond it, and across the screen when only a sliver is
        // left beside it: a letter of the page peeking out by its edge read as part of it.
        // The screen around it is dimmed, as around a sheet: what peeks out beside it reads
        // as behind it.
        canvas.dimText(in: canvas.bounds)
        let clearsRows = rect.x < Self.sliver || canvas.width - rect.maxX < Self.sliver
        canvas.fill(clearsRows
            ? CellRect(x: 0, y: rect.y, width: canvas.width, height: rect.height)
            : CellRect(x: rect.x - 1, y: rect.y, width: rect.width + 2, height: rect.height), style: .plain)
        let edge = CellStyle(attributes: .bold)
        let line = String(repeating: "─", count: width - 2)
        canvas.put("╭" + line + "╮", x: rect.x, y: rect.y, style: edge)
        canvas.put("╰" + line + "╯", x: rect.x, y: rect.maxY - 1, style: edge)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            canvas.put("│", x: rect.x, y: y, style: edge)
            canvas.put("│", x: rect.maxX - 1, y: y, style: edge)
        }
        canvas.put(" \(TextCut.fit(title, to: width - 4)) ", x: rect.x + 1, y: rect.y, style: edge)
        let inner = width - 4
        for (row, entry) in entries.prefix(height - 4).enumerated() {
            let y = rect.y + 2 + row - 1
            let keys = TextCut.fit(entry.keys, to: inner)
            canvas.put(keys, x: rect.x + 2, y: y, style: CellStyle(attributes: .bold))
            let room = inner - keyWidth - 2
            if room > 0 {
                canvas.put(TextCut.fit(entry.meaning, to: room), x: rect.x + 2 + keyWidth + 2, y: y)
            }
        }
        canvas.put(TextCut.fit(footer, to: inner), x: rect.x + 2, y: rect.maxY - 2, style: CellStyle(attributes: .dim))
        return rect
    }
}
