/// One terminal cell: a grapheme cluster, its width, and its style.
///
/// A wide glyph (two columns) is stored in its left cell with `width` 2; the cell to its right
/// is a continuation (`width` 0, empty grapheme) that draws nothing of its own, so the buffer,
/// the plain text and the writer's diff all agree on where every glyph starts.
public struct Cell: Sendable, Hashable {
    /// What the cell shows; `" "` for a blank, `""` for the right half of a wide glyph.
    public var grapheme: String
    /// 1, 2 for a wide glyph's left half, 0 for its right half.
    public var width: UInt8
    public var style: CellStyle

    public init(grapheme: String, width: UInt8 = 1, style: CellStyle = .plain) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A blank cell in `style`.
    public static func blank(_ style: CellStyle = .plain) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// The right half of a wide glyph.
    static func continuation(_ style: CellStyle) -> Cell {
        Cell(grapheme: "", width: 0, style: style)
    }

    /// Whether this is the right half of a wide glyph.
    public var isContinuation: Bool { width == 0 }

    /// Whether the cell shows a mark that reads with its neighbours: a letter, a digit, a
    /// star, a comma, a hyphen, a wide glyph's right half. An edge that cuts a run of them cuts
    /// a word ("★★★★" of a 4.9, "Water-" of "Water-resistant"); blanks, a picture's half blocks
    /// and frame lines are no part of one.
    public var readsAsText: Bool {
        if isContinuation { return true }
        guard !HalfBlockEncoder.isPictureCell(grapheme) else { return false }
        return grapheme.unicodeScalars.contains { scalar in
            !scalar.properties.isWhitespace && !(0x2500...0x259F).contains(scalar.value)
        }
    }

    /// Whether it shows nothing but its background.
    public var isBlank: Bool { grapheme == " " }
}
