/// A grid of cells that views draw into. Views never touch the terminal: a frame is drawn
/// whole into a buffer, and the writer sends the difference from the last one.
///
/// Every write goes through `put`, which keeps the grid consistent: a wide glyph that would
/// straddle the clip's edge is replaced by a blank, overwriting half of a wide glyph blanks
/// the other half, zero-width clusters are not placed, and a cluster holding anything
/// `SafeText` rejects becomes U+FFFD, so no control character ever reaches a cell; a cluster of
/// more than `maximumScalarsInACell` scalars keeps only its first ones.
public struct CellBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    /// The most scalars one cell keeps: more than the longest emoji sequence (ten), far fewer
    /// than a payload can stack on one base.
    public static let maximumScalarsInACell = 32

    public init(width: Int, height: Int, fill: Cell = .blank()) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The whole buffer as a rectangle.
    public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// The cells of row `y`.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        cells[(y * width)..<((y + 1) * width)]
    }

    /// Puts `character` at (`x`, `y`) in `style`, inside `clip` (the whole buffer when nil).
    /// A style without a background keeps the background already there, so text drawn over a
    /// filled box takes the box's colour. Returns the columns the character takes (also when
    /// it is clipped), so a caller can advance.
    @discardableResult
    public mutating func put(_ character: Character, x: Int, y: Int, style: CellStyle, clip: CellRect? = nil) -> Int {
        var grapheme = String(character)
        var glyphWidth = DisplayWidth.of(character)
        if !SafeText.isSafe(grapheme) {
            grapheme = "\u{FFFD}"
            glyphWidth = 1
        } else if grapheme.unicodeScalars.count > Self.maximumScalarsInACell {
            // Marks stacked by the thousand on one base would cost kilobytes a cell and frame.
            grapheme = String(String.UnicodeScalarView(grapheme.unicodeScalars.prefix(Self.maximumScalarsInACell)))
        }
        guard glyphWidth > 0 else { return 0 }
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard y >= area.y, y < area.maxY else { return glyphWidth }
        if glyphWidth == 2 {
            let leftIn = x >= area.x && x < area.maxX
            let rightIn = x + 1 >= area.x && x + 1 < area.maxX
            if leftIn && rightIn {
                place(Cell(grapheme: grapheme, width: 2, style: resolved(style, x, y)), x: x, y: y)
                place(.continuation(resolved(style, x + 1, y)), x: x + 1, y: y)
            } else if leftIn {
                place(.blank(resolved(style, x, y)), x: x, y: y)
            } else if rightIn {
                place(.blank(resolved(style, x + 1, y)), x: x + 1, y: y)
            }
            return 2
        }
        guard x >= area.x, x < area.maxX else { return 1 }
        place(Cell(grapheme: grapheme, width: 1, style: resolved(style, x, y)), x: x, y: y)
        return 1
    }

    /// Writes `text` from (`x`, `y`) on one line; returns the columns it took.
    @discardableResult
    public mutating func put(text: String, x: Int, y: Int, style: CellStyle, clip: CellRect? = nil) -> Int {
        var column = x
        for character in text {
            column += put(character, x: column, y: y, style: style, clip: clip)
        }
        return column - x
    }

    /// Fills `rect` (clipped to `clip` and the buffer) with blanks in `style`.
    public mutating func fill(_ rect: CellRect, style: CellStyle, clip: CellRect? = nil) {
        let area = rect.intersection(clip.map { $0.intersection(bounds) } ?? bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { place(.blank(style), x: x, y: y) }
        }
    }

    /// Changes the style of every cell in `rect` (a dimmed backdrop, a focus highlight).
    public mutating func restyle(_ rect: CellRect, _ change: (inout CellStyle) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { change(&cells[y * width + x].style) }
        }
    }

    /// Copies `cells` (a pre-encoded image, or a whole drawn buffer, `columns` wide) with its
    /// top-left at (`x`, `y`). A wide glyph is copied with its right half when both fit inside
    /// the clip; when only one half does, that half becomes a blank, as `put` does.
    public mutating func blit(_ source: [Cell], columns: Int, x: Int, y: Int, clip: CellRect? = nil) {
        guard columns > 0 else { return }
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        for (index, cell) in source.enumerated() where !cell.isContinuation {
            let cx = x + index % columns, cy = y + index / columns
            guard cell.width == 2 else {
                if area.contains(x: cx, y: cy) { place(cell, x: cx, y: cy) }
                continue
            }
            let rightStyle = index + 1 < source.count && (index + 1) % columns != 0 ? source[index + 1].style : cell.style
            let leftIn = area.contains(x: cx, y: cy), rightIn = area.contains(x: cx + 1, y: cy) && (index + 1) % columns != 0
            if leftIn && rightIn {
                place(cell, x: cx, y: cy)
                place(.continuation(rightStyle), x: cx + 1, y: cy)
            } else if leftIn {
                place(.blank(cell.style), x: cx, y: cy)
            } else if rightIn {
                place(.blank(rightStyle), x: cx + 1, y: cy)
            }
        }
    }

    /// Stores `cell` at `index` as is: for the writer's model of the screen, not for drawing.
    mutating func replaceCell(at index: Int, with cell: Cell) {
        cells[index] = cell
    }

    /// `style` over what is drawn at (`x`, `y`): the cell's background when the style has
    /// none, and a readable foreground (black or white, whichever contrasts more:
    /// `ContrastRatio.readableText`) when the style leaves it to the terminal, whose own colour
    /// may vanish on that background.
    private func resolved(_ style: CellStyle, _ x: Int, _ y: Int) -> CellStyle {
        var style = style
        if style.background == nil { style.background = cells[y * width + x].style.background }
        if style.foreground == nil, let background = style.background {
            style.foreground = ContrastRatio.readableText(on: background)
        }
        return style
    }

    /// Stores `cell`, first blanking whatever half of a wide glyph it would orphan.
    private mutating func place(_ cell: Cell, x: Int, y: Int) {
        let index = y * width + x
        let old = cells[index]
        if old.isContinuation, !cell.isContinuation, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if old.width == 2, cell.width != 2, x + 1 < width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        if cell.width == 2, x + 2 < width, cells[index + 2].isContinuation, cells[index + 1].width == 2 {
            cells[index + 2] = .blank(cells[index + 2].style)
        }
        cells[index] = cell
    }
}
