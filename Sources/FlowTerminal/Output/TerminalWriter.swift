/// Turns frames into the fewest bytes that make the terminal show them.
///
/// It keeps the last frame it wrote (double buffering) and sends only what differs: per run of
/// changed cells the shortest cursor move, an SGR delta and the glyphs. Two identical frames
/// write nothing. A scroll of the page body moves rows with a scroll region (DECSTBM with
/// SU/SD) and then repaints only the rows that came in. A row whose end turned blank is
/// written and then erased to the right (EL), never erased first (that flickers). A frame is
/// one byte array, for one `write`, wrapped in synchronized output (mode 2026) when the
/// terminal has it, with the cursor hidden while it draws. After the last column the cursor
/// position counts as unknown, so the next move is absolute and nothing ever wraps or scrolls.
/// So it does after a glyph terminals measure differently (`DisplayWidth.isUncertain`): it is
/// written over blanks, and the rest of its row is written again after an absolute move; at
/// the right edge, where the terminal might find it too wide and wrap, only the blanks are.
/// Text is never sent before a reset SGR state is known: every frame ends in the default style.
public struct TerminalWriter: Sendable {
    /// What the terminal shows: colour depth (escapes are assumed allowed: this writes a screen).
    public var colorDepth: ColorDepth
    /// Whether frames are wrapped in `CSI ?2026h` … `CSI ?2026l`.
    public var usesSynchronizedOutput: Bool

    private var previous: CellBuffer?
    private var cursorX: Int?
    private var cursorY: Int?
    private var cursorShown = false
    private var style = CellStyle.plain

    public init(colorDepth: ColorDepth, usesSynchronizedOutput: Bool = false) {
        self.colorDepth = colorDepth
        self.usesSynchronizedOutput = usesSynchronizedOutput
    }

    /// Forgets what the screen shows: the next frame repaints every cell (after a resize, a
    /// return from suspension, or anything else that may have drawn on the terminal).
    public mutating func invalidate() {
        previous = nil
        cursorX = nil
        cursorY = nil
    }

    /// The terminal's cursor is hidden (the modes hid it on entry).
    public mutating func assumeCursorHidden() {
        cursorShown = false
    }

    /// The bytes for `frame`; empty when nothing changed.
    public mutating func encode(_ frame: Frame) -> [UInt8] {
        let next = frame.buffer
        var body: [UInt8] = []
        if var old = previous, old.width == next.width, old.height == next.height {
            if let hint = frame.scroll, shouldScroll(hint, old: old, next: next) {
                scroll(hint, old: &old, into: &body)
            }
            for y in 0..<next.height { diffRow(y, old: old, next: next, into: &body) }
        } else {
            for y in 0..<next.height { paintRow(y, next: next, into: &body) }
        }
        previous = next
        if !SGR.isDefault(style, depth: colorDepth) {
            body += SGR.reset
            style = .plain
        }
        var bytes: [UInt8] = []
        let drew = !body.isEmpty
        if drew, cursorShown {
            bytes += Array("\u{1B}[?25l".utf8)
            cursorShown = false
        }
        bytes += body
        if let cursor = frame.cursor, next.bounds.contains(x: cursor.x, y: cursor.y) {
            bytes += CursorMotion.bytes(fromX: cursorX, fromY: cursorY, toX: cursor.x, toY: cursor.y)
            cursorX = cursor.x
            cursorY = cursor.y
            if !cursorShown {
                bytes += Array("\u{1B}[?25h".utf8)
                cursorShown = true
            }
        } else if cursorShown {
            bytes += Array("\u{1B}[?25l".utf8)
            cursorShown = false
        }
        guard !bytes.isEmpty else { return [] }
        if usesSynchronizedOutput, drew {
            return Array("\u{1B}[?2026h".utf8) + bytes + Array("\u{1B}[?2026l".utf8)
        }
        return bytes
    }

    // MARK: - Scrolling

    /// Whether moving the rows as `hint` says leaves more rows already right than not.
    private func shouldScroll(_ hint: ScrollHint, old: CellBuffer, next: CellBuffer) -> Bool {
        let top = max(0, hint.top), bottom = min(next.height, hint.bottom)
        guard bottom - top >= 2, hint.delta != 0, abs(hint.delta) < bottom - top else { return false }
        var matchedShifted = 0, matchedInPlace = 0
        for y in top..<bottom {
            let source = y + hint.delta
            if source >= top, source < bottom, next.row(y) == old.row(source) { matchedShifted += 1 }
            if next.row(y) == old.row(y) { matchedInPlace += 1 }
        }
        return matchedShifted > matchedInPlace
    }

    /// Sets the scroll region, scrolls, resets the region, and moves `old` the same way, so
    /// the diff afterwards sends only the rows that came in (blank in the emulator's model).
    private mutating func scroll(_ hint: ScrollHint, old: inout CellBuffer, into bytes: inout [UInt8]) {
        let top = max(0, hint.top), bottom = min(old.height, hint.bottom)
        let count = abs(hint.delta)
        // Lines a scroll brings in take the current background: make it the default first.
        if !SGR.isDefault(style, depth: colorDepth) {
            bytes += SGR.reset
            style = .plain
        }
        bytes += Array("\u{1B}[\(top + 1);\(bottom)r\u{1B}[\(count == 1 ? "" : String(count))\(hint.delta > 0 ? "S" : "T")\u{1B}[r".utf8)
        // DECSTBM homes the cursor.
        cursorX = 0
        cursorY = 0
        var moved = old
        for y in top..<bottom {
            let source = y + hint.delta
            moved.copyRow(from: old, sourceRow: source >= top && source < bottom ? source : nil, to: y)
        }
        old = moved
    }

    // MARK: - Rows

    /// Writes every cell of row `y` (nothing about the screen is known).
    private mutating func paintRow(_ y: Int, next: CellBuffer, into bytes: inout [UInt8]) {
        let dirty = [Bool](repeating: true, count: next.width)
        writeRuns(y, dirty: dirty, next: next, into: &bytes)
    }

    /// Writes the cells of row `y` that differ from `old`.
    private mutating func diffRow(_ y: Int, old: CellBuffer, next: CellBuffer, into bytes: inout [UInt8]) {
        let oldRow = old.row(y), newRow = next.row(y)
        guard oldRow != newRow else { return }
        let width = next.width
        var dirty = [Bool](repeating: false, count: width)
        let base = y * width
        for x in 0..<width where old.cells[base + x] != next.cells[base + x] {
            dirty[x] = true
            let before = old.cells[base + x]
            // A wide glyph replaced: its old right half must be written again.
            if before.width == 2, x + 1 < width { dirty[x + 1] = true }
            // A wide glyph's right half overwritten: terminals blank its left half too.
            if before.isContinuation, x > 0 { dirty[x - 1] = true }
        }
        writeRuns(y, dirty: dirty, next: next, into: &bytes)
    }

    /// Writes the dirty cells of row `y` as runs. A gap of up to three clean cells inside a
    /// run is rewritten rather than jumped (a move costs about as much); a dirty tail that is
    /// all default blanks is erased with EL after the glyphs before it.
    private mutating func writeRuns(_ y: Int, dirty: [Bool], next: CellBuffer, into bytes: inout [UInt8]) {
        let width = next.width
        let base = y * width
        var dirty = dirty
        for x in 0..<width where dirty[x] && next.cells[base + x].isContinuation && x > 0 { dirty[x - 1] = true }
        guard let firstDirty = dirty.firstIndex(of: true) else { return }
        // A glyph the terminal may measure otherwise may push or leave the cells after it:
        // once one is written, the rest of the row is written again.
        if let uncertain = (firstDirty..<width).first(where: { dirty[$0] && DisplayWidth.isUncertain(next.cells[base + $0].grapheme) }) {
            for x in uncertain..<width { dirty[x] = true }
        }
        // The blank tail: from `tail` on, every cell is a default blank.
        var tail = width
        while tail > 0, next.cells[base + tail - 1].isBlank, SGR.isDefault(next.cells[base + tail - 1].style, depth: colorDepth) {
            tail -= 1
        }
        let tailIsDirty = tail < width && dirty[tail..<width].contains(true)
        let eraseTail = tailIsDirty && width - max(tail, firstDirty) > 3
        let end = eraseTail ? max(tail, firstDirty) : width
        var x = firstDirty
        while x < end {
            guard dirty[x] else {
                var gapEnd = x
                while gapEnd < end, !dirty[gapEnd] { gapEnd += 1 }
                if gapEnd < end, gapEnd - x <= 3, !next.cells[base + x].isContinuation {
                    for gap in x..<gapEnd { dirty[gap] = true }
                    continue
                }
                x = gapEnd
                continue
            }
            let cell = next.cells[base + x]
            if cell.isContinuation {
                x += 1
                continue
            }
            bytes += CursorMotion.bytes(fromX: cursorX, fromY: cursorY, toX: x, toY: y)
            SGR.append(from: style, to: cell.style, depth: colorDepth, into: &bytes)
            style = cell.style
            let advance = Int(cell.width)
            let uncertain = DisplayWidth.isUncertain(cell.grapheme)
            if uncertain {
                // Blanks first, so a terminal that draws it narrower leaves no stale cell.
                bytes += Array(repeating: 0x20, count: advance)
                bytes += x + advance >= width ? CursorMotion.absolute(x: x, y: y) : Array("\u{1B}[\(advance)D".utf8)
            }
            // One the terminal may find too wide for the row would wrap (and on the last row
            // scroll the screen): the blanks stay.
            if !uncertain || x + max(advance, DisplayWidth.widthByScalars(cell.grapheme)) <= width {
                bytes += cell.grapheme.utf8
            }
            if uncertain || x + advance >= width {
                // Where the terminal put the cursor after it is not relied on.
                cursorX = nil
            } else {
                cursorX = x + advance
            }
            cursorY = y
            x += advance
        }
        if eraseTail {
            bytes += CursorMotion.bytes(fromX: cursorX, fromY: cursorY, toX: end, toY: y)
            if !SGR.isDefault(style, depth: colorDepth) {
                bytes += SGR.reset
                style = .plain
            }
            bytes += Array("\u{1B}[K".utf8)
            cursorX = end
            cursorY = y
        }
    }
}

extension CellBuffer {
    /// Replaces row `y` with `source`'s row `sourceRow`, or with default blanks when `nil`.
    mutating func copyRow(from source: CellBuffer, sourceRow: Int?, to y: Int) {
        let start = y * width
        if let sourceRow {
            let from = sourceRow * width
            for x in 0..<width { replaceCell(at: start + x, with: source.cells[from + x]) }
        } else {
            for x in 0..<width { replaceCell(at: start + x, with: .blank()) }
        }
    }
}
