/// The one focus style of every kind of widget, in the app and in `vitrine preview` alike: an
/// edge bar in the brand colour down the left of the focused widget's box, and its title (its
/// first row of text) bold and underlined. A focused button is the same button, brighter.
/// Nothing is ever reversed: half-reversed text reads as a selection bug, and a reversed
/// picture as its negative.
@MainActor
public enum FocusMark {
    /// The bar's glyph: a left half block, which reads as a bar with or without colour.
    public static let bar: Character = "▌"

    /// Draws the edge bar for a focused box at `rect` of `canvas`, in the column left of it
    /// (the section's inset, the gap between cards). A box against the canvas's left edge (a
    /// full-bleed hero) has no such column, and the bar runs down its own first column: over
    /// blanks and picture cells as the bar, behind a letter as the brand colour (the letter
    /// kept, readable on it), so that every focused widget has its bar and no text is lost.
    /// Only the rows within `clip` (the canvas's coordinates) are drawn.
    public static func drawEdge(in canvas: Canvas, around rect: CellRect, clip: CellRect? = nil, environment: RenderEnvironment) {
        guard rect.width > 0, rect.x >= 0 else { return }
        let inside = rect.x == 0
        let x = inside ? 0 : rect.x - 1
        let style = CellStyle(foreground: environment.brand, attributes: .bold)
        let rows = clip.map { max(rect.y, $0.y)..<min(rect.maxY, $0.maxY) } ?? rect.y..<rect.maxY
        let buffer = canvas.surface.buffer
        for y in rows where y >= 0 && y < canvas.height {
            let (bx, by) = (x + canvas.originX, y + canvas.originY)
            guard inside, buffer.bounds.contains(x: bx, y: by) else {
                canvas.put(String(bar), x: x, y: y, style: style)
                continue
            }
            let cell = buffer[bx, by]
            if cell.isContinuation || cell.grapheme.allSatisfy({ $0.isWhitespace || pictureGlyphs.contains($0) }) {
                canvas.put(String(bar), x: x, y: y, style: style.over(background: cell.style.background))
            } else if let brand = environment.brand, !environment.isPlain {
                canvas.restyle(CellRect(x: x, y: y, width: 1, height: 1)) {
                    $0.background = brand
                    $0.foreground = ContrastRatio.readableText(on: brand)
                }
            }
        }
    }

    /// The half blocks pictures are drawn in: the bar may cover them.
    static let pictureGlyphs: Set<Character> = ["▀", "▄", "█", "▌", "▐"]

    /// Emphasises the title of a focused box: its first row that holds text outside its
    /// images and controls (`images`: a picture beside the text leaves the text's cells, a
    /// row of buttons is no title), those cells only.
    public static func emphasiseTitle(in canvas: Canvas, box: CellRect, images: [CellRect]) {
        let buffer = canvas.surface.buffer
        for y in box.y..<box.maxY {
            let row = y + canvas.originY
            guard row >= 0, row < buffer.height else { continue }
            let columns = (box.x + canvas.originX)..<(box.maxX + canvas.originX)
            let text = columns.filter { x in
                x >= 0 && x < buffer.width
                    && !images.contains { $0.contains(x: x, y: row) }
                    && !buffer[x, row].grapheme.isEmpty && !buffer[x, row].grapheme.allSatisfy(\.isWhitespace)
            }
            guard let first = text.first, let last = text.last else { continue }
            canvas.restyle(CellRect(x: first - canvas.originX, y: y, width: last - first + 1, height: 1)) {
                $0.attributes.formUnion([.bold, .underline])
            }
            return
        }
    }

    /// `style` as a focused control shows it: bold and underlined, its background lifted
    /// toward white so that it stays legible over it. A disabled control (`isEnabled` false)
    /// is only underlined: focus shows where the keys are without making it look usable.
    public static func brighter(_ style: CellStyle, environment: RenderEnvironment, isEnabled: Bool = true) -> CellStyle {
        var style = style
        guard isEnabled else {
            style.attributes.insert(.underline)
            return style
        }
        style.attributes.formUnion([.bold, .underline])
        style.attributes.remove(.dim)
        if let background = style.background {
            style.background = background.mixed(with: TerminalColor(red: 255, green: 255, blue: 255), amount: 0.25)
            style.foreground = ContrastRatio.readableText(on: style.background ?? background)
        } else if style.foreground == nil {
            style.foreground = environment.brand
        }
        return style
    }
}
