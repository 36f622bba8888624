import FlowCore

/// Lays styled text out in lines of at most `width` columns.
///
/// Lines break at spaces (a word longer than the line breaks between grapheme clusters, never
/// inside one) and at newlines; spaces at a break are dropped. With `maxLines`, the last line
/// kept ends in "…" when text was cut. Alignment shifts each line within the width. Widths come
/// from `DisplayWidth`, the same function the buffer uses, so a laid-out line always fits.
public struct TextLayout: Sendable {
    public struct Glyph: Sendable, Hashable {
        public var character: Character
        public var width: Int
        public var style: CellStyle
    }

    /// One laid-out line and where it starts.
    public struct Line: Sendable, Hashable {
        public var glyphs: [Glyph]
        public var offset: Int
        public var width: Int { glyphs.reduce(0) { $0 + $1.width } }
    }

    public let lines: [Line]

    /// With `keepsWordsWhole`, a word wider than the line is never broken across lines: it is
    /// shortened to the line with "…" (a title under a narrow tile reads "Électroni…", not
    /// "Électroniq" over "ue").
    public init(_ text: StyledText, width: Int, maxLines: Int? = nil, alignment: TextData.Alignment = .leading, keepsWordsWhole: Bool = false) {
        guard width > 0 else {
            lines = []
            return
        }
        var wrapped = Self.wrap(text, width: width, keepsWordsWhole: keepsWordsWhole)
        if let maxLines, maxLines > 0, wrapped.count > maxLines {
            wrapped = Array(wrapped.prefix(maxLines))
            wrapped[maxLines - 1] = Self.ellipsized(wrapped[maxLines - 1], width: width)
        }
        lines = wrapped.map { glyphs in
            let used = glyphs.reduce(0) { $0 + $1.width }
            let offset: Int
            switch alignment {
            case .leading: offset = 0
            case .center: offset = (width - used) / 2
            case .trailing: offset = width - used
            }
            return Line(glyphs: glyphs, offset: max(0, offset))
        }
    }

    /// Rows the text takes.
    public var height: Int { lines.count }

    /// The widest line's columns.
    public var usedWidth: Int { lines.map { $0.offset + $0.width }.max() ?? 0 }

    /// Draws the lines from row `y` of `canvas`, starting at column `x`.
    public func draw(in canvas: Canvas, x: Int = 0, y: Int = 0) {
        for (row, line) in lines.enumerated() {
            var column = x + line.offset
            for glyph in line.glyphs {
                column += canvas.put(glyph.character, x: column, y: y + row, style: glyph.style)
            }
        }
    }

    // MARK: - Wrapping

    private static func glyphs(of text: StyledText) -> [Glyph] {
        var glyphs: [Glyph] = []
        for run in text.runs {
            for character in run.text {
                let width = character == "\n" ? 0 : DisplayWidth.of(character)
                if width == 0 && character != "\n" { continue }
                glyphs.append(Glyph(character: character, width: width, style: run.style))
            }
        }
        return glyphs
    }

    private static func wrap(_ text: StyledText, width: Int, keepsWordsWhole: Bool) -> [[Glyph]] {
        var lines: [[Glyph]] = []
        var line: [Glyph] = []
        var lineWidth = 0
        var word: [Glyph] = []
        var wordWidth = 0
        var pendingSpaces: [Glyph] = []

        func endLine() {
            lines.append(line)
            line = []
            lineWidth = 0
            pendingSpaces = []
        }
        func placeWord() {
            guard !word.isEmpty else { return }
            let spaces = pendingSpaces.reduce(0) { $0 + $1.width }
            if lineWidth > 0, lineWidth + spaces + wordWidth > width { endLine() }
            if lineWidth > 0 {
                line += pendingSpaces
                lineWidth += spaces
            }
            pendingSpaces = []
            if keepsWordsWhole, wordWidth > width {
                if lineWidth > 0 { endLine() }
                line = ellipsized(word, width: width)
                lineWidth = line.reduce(0) { $0 + $1.width }
                word = []
                wordWidth = 0
                return
            }
            for glyph in word {
                if lineWidth + glyph.width > width, lineWidth > 0 { endLine() }
                if glyph.width > width { continue }  // a wide glyph in a one-column box
                line.append(glyph)
                lineWidth += glyph.width
            }
            word = []
            wordWidth = 0
        }

        for glyph in glyphs(of: text) {
            if glyph.character == "\n" {
                placeWord()
                endLine()
            } else if glyph.character == " " {
                placeWord()
                if lineWidth > 0 { pendingSpaces.append(glyph) }
            } else {
                word.append(glyph)
                wordWidth += glyph.width
            }
        }
        placeWord()
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        if lines.count == 1, lines[0].isEmpty, text.isEmpty { return [] }
        return lines
    }

    private static func ellipsized(_ line: [Glyph], width: Int) -> [Glyph] {
        var kept = line
        let style = kept.last?.style ?? .plain
        while !kept.isEmpty, kept.reduce(0, { $0 + $1.width }) + 1 > width { kept.removeLast() }
        while kept.last?.character == " " { kept.removeLast() }
        kept.append(Glyph(character: "…", width: 1, style: style))
        return kept
    }
}
