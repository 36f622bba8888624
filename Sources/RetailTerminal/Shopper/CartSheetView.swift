import FlowCore
import FlowTerminal
import RetailKit
import RetailPresentation

/// The cart sheet, over the bottom of the page, as RetailPresentation's `CartSheet` says it:
/// each line with its quantity between `−` and `+`, its total and its unit price, what the
/// server has not confirmed yet (a line being removed stays, struck, until the server answers);
/// the line last removed with how to put it back; the subtotal; what comes next in this app;
/// and the keys. This view decides only where each goes and how much of it fits.
@MainActor
struct CartSheetView {
    var sheet: CartSheetPresentation
    /// The keys' hint, part by part (`ScreenHelp.cartKeys`), the way out last.
    var keys: [String]
    /// "u undo", said beside the removed line when it fits.
    var undoKey: String
    var words: Words
    var format: RetailFormat { RetailFormat(words.locale) }

    /// Rows a line takes: its title, quantity and total; its unit price and pending state.
    static let rowsPerLine = 2

    /// The widest the sheet gets on a screen wider than `wideScreen`: there its title and
    /// total stay near each other, the box centred in a band cleared across the screen.
    static let maximumWidth = 96
    static let wideScreen = 120

    /// What the sheet drew: its rectangle (the screen's coordinates) and where the mouse reaches
    /// its lines and their signs.
    struct Drawing {
        var rect: CellRect
        var targets: [(rect: CellRect, target: CartSheetTarget)] = []
    }

    /// Draws the sheet at the bottom of `screen` (on a wide screen at most `maximumWidth`
    /// wide, centred), dimming the page above it; returns its rectangle.
    @discardableResult
    func draw(in screen: Canvas, environment: RenderEnvironment) -> CellRect {
        drawing(in: screen, environment: environment).rect
    }

    /// Draws the sheet (`draw(in:environment:)`) and returns its targets too.
    func drawing(in screen: Canvas, environment: RenderEnvironment) -> Drawing {
        let width = screen.width > Self.wideScreen ? Self.maximumWidth : screen.width
        let left = (screen.width - width) / 2
        let canvas = screen.child(CellRect(x: left, y: 0, width: width, height: screen.height))
        let inner = canvas.width - 4
        let lines = sheet.lines
        let removal = sheet.removal
        // While a removal can be undone the keys say so first (`keys` has it first): a narrow
        // sheet may have no room for the undo key beside the removed line.
        let wantedLines = max(1, lines.count) * Self.rowsPerLine
        let available = screen.height - 1
        var subtotalRows = sheet.subtotal == nil ? 0 : 1
        // The hint gives up rows (its middle keys first) until a line, or the message, has
        // room; then the subtotal does.
        var hint: [String] = []
        func lineRoom() -> Int { available - 1 - subtotalRows - hint.count - (removal == nil ? 0 : 1) }
        let needed = lines.isEmpty ? 1 : Self.rowsPerLine
        for rows in stride(from: removal == nil ? 2 : 3, through: 1, by: -1) {
            hint = Self.hintRows(keys.joined(separator: " · "), width: max(1, inner), maxRows: rows)
            if lineRoom() >= needed { break }
        }
        if lineRoom() < needed { subtotalRows = 0 }
        // What comes next in this app, said while there is a cart to keep; it gives way to the
        // lines on a short screen.
        // Closed at the bottom when that leaves a line room; on a screen shorter than that the
        // sheet runs to the status line.
        // (The top edge, a line, the subtotal, the hint, the removed line, the bottom edge.)
        let bottomEdge = available >= 1 + Self.rowsPerLine + subtotalRows + hint.count + (removal == nil ? 0 : 1) + 1
        // The subtotal, the note, the hint, the removed line, and the bottom edge.
        func footerRows(_ note: TextLayout?) -> Int {
            subtotalRows + (note?.height ?? 0) + hint.count + (removal == nil ? 0 : 1) + (bottomEdge ? 1 : 0)
        }
        var shownNote = sheet.checkoutNote.map {
            TextLayout(StyledText($0, style: CellStyle(attributes: .dim)), width: max(1, inner), maxLines: 3)
        }
        if 3 + wantedLines + footerRows(shownNote) > available { shownNote = nil }
        let height = min(available, max(10, 3 + wantedLines + footerRows(shownNote)))
        guard height >= 4, canvas.width >= 20 else { return Drawing(rect: .zero) }
        let rect = CellRect(x: 0, y: canvas.height - height, width: canvas.width, height: height)
        screen.dimText(in: CellRect(x: 0, y: 0, width: screen.width, height: rect.y), scrim: environment.isPlain ? nil : environment.pageBackground)
        if left > 0 { screen.fill(CellRect(x: 0, y: rect.y, width: screen.width, height: rect.height), style: .plain) }
        let surface = environment.isPlain ? nil : environment.token("surface")
        canvas.fill(rect, style: CellStyle(background: surface))
        drawEdge(rect, closed: bottomEdge, in: canvas, environment: environment)
        var drawing = Drawing(rect: rect.offsetBy(dx: left, dy: 0))
        let footerTop = rect.maxY - footerRows(shownNote)
        // A blank row under the title, unless what the sheet says would then not fit.
        let message = lines.isEmpty ? sheet.message.map { TextLayout(StyledText($0, style: CellStyle(attributes: .dim)), width: max(1, inner)) } : nil
        let wanted = message?.height ?? Self.rowsPerLine
        var y = footerTop - (rect.y + 2) >= wanted ? rect.y + 2 : rect.y + 1
        if let text = sheet.message, lines.isEmpty {
            // Wrapped in the rows above the footer: "couldn't be loaded" ends with what to do about it.
            let said = TextLayout(StyledText(text, style: CellStyle(attributes: .dim)), width: max(1, inner), maxLines: max(1, footerTop - y))
            said.draw(in: canvas.child(CellRect(x: 2, y: y, width: max(0, inner), height: min(said.height, max(0, footerTop - y)))))
        }
        let room = max(0, (footerTop - y) / Self.rowsPerLine)
        let selection = lines.firstIndex(where: \.isSelected) ?? 0
        let first = max(0, min(selection - room + 1, lines.count - room))
        // The totals' column is as wide as the widest shown: every line's `+` stands in one
        // column, whatever its total's width.
        let shownLines = lines.dropFirst(first).prefix(room)
        let totalsWidth = shownLines.map { DisplayWidth.of(lineTotal($0, within: Self.totalRoom(width: inner, line: $0, format: format))) }.max() ?? 0
        for (offset, line) in lines.enumerated().dropFirst(first).prefix(room) {
            let targets = draw(line, y: y, width: inner, totalsWidth: totalsWidth, in: canvas, environment: environment)
            drawing.targets += targets.map { (rect: $0.rect.offsetBy(dx: left, dy: 0), target: $0.target.at(offset)) }
            y += Self.rowsPerLine
        }
        drawMore(above: first, below: max(0, lines.count - first - room), rect: rect, closed: bottomEdge, in: canvas, environment: environment)
        var footer = footerTop
        if let removal {
            canvas.put(removedText(removal, width: inner), x: 2, y: footer, style: CellStyle(attributes: .bold))
            footer += 1
        }
        if let subtotal = sheet.subtotal, subtotalRows > 0 {
            // The word and the amount whole: the amount shortened to leave the word its room.
            let label = sheet.subtotalLabel + "  "
            let amount = format.price(subtotal, within: max(0, inner - DisplayWidth.of(label)), width: DisplayWidth.of)
                ?? format.price(subtotal, within: max(0, inner), width: DisplayWidth.of) ?? ""
            let x = max(2, rect.maxX - 2 - DisplayWidth.of(label) - DisplayWidth.of(amount))
            canvas.put(TextCut.fit(label, to: max(0, rect.maxX - 2 - x - DisplayWidth.of(amount))), x: x, y: footer)
            // Inside the sheet's border whatever its width: an amount wider than the sheet
            // (a server's 1.8e308) is cut at the inner edge, never to the left of it.
            let amountX = max(2, rect.maxX - 2 - DisplayWidth.of(amount))
            canvas.child(CellRect(x: amountX, y: footer, width: max(0, rect.maxX - 2 - amountX), height: 1))
                .put(amount, x: 0, y: 0, style: CellStyle(attributes: .bold))
            footer += 1
        }
        if let shownNote { shownNote.draw(in: canvas.child(CellRect(x: 2, y: footer, width: max(0, inner), height: shownNote.height))) }
        for (index, row) in hint.enumerated() {
            canvas.put(row, x: 2, y: rect.maxY - (bottomEdge ? 1 : 0) - hint.count + index, style: CellStyle(attributes: .dim))
        }
        return drawing
    }

    /// `hints` (`x remove · Esc close`) on at most two rows `width` wide, broken only between
    /// its parts, so a key stays with its word ("x" ended a row and "retirer" began the next);
    /// a part wider than a row is cut. When they need more rows, the parts just before the last
    /// give way first: the last is the way out (`Esc close`), which always stays.
    static func hintRows(_ hints: String, width: Int, maxRows: Int = 2) -> [String] {
        var parts = hints.components(separatedBy: " · ")
        var rows = wrapped(parts, width: width)
        while rows.count > maxRows, parts.count > 1 {
            parts.remove(at: parts.count - 2)
            rows = wrapped(parts, width: width)
        }
        return rows.prefix(maxRows).map { TextCut.fit($0, to: width) }
    }

    private static func wrapped(_ parts: [String], width: Int) -> [String] {
        var rows: [String] = []
        var row = ""
        for part in parts {
            let next = row.isEmpty ? part : row + " · " + part
            if DisplayWidth.of(next) <= width || row.isEmpty {
                row = next
            } else {
                rows.append(row)
                row = part
            }
        }
        rows.append(row)
        return rows
    }

    /// "Brio removed · u undo" in `width` columns: the undo key is never the part cut (it is in
    /// the keys below too, and goes whole when it does not fit); the title is shortened keeping
    /// its last word, so two products of one family read apart.
    func removedText(_ removal: CartSheetPresentation.Removal, width: Int) -> String {
        let title = CartSheet.title(removal.removal.title, words: words)
        let undo = " · " + undoKey
        let whole = removal.text
        if DisplayWidth.of(whole + undo) <= width { return whole + undo }
        let frame = DisplayWidth.of(words(.removed, ["title": ""]))
        for tail in [undo, ""] {
            let titleRoom = width - frame - DisplayWidth.of(tail)
            guard titleRoom >= 8 else { continue }
            return words(.removed, ["title": TextCut.fitKeepingLastWord(title, to: titleRoom)]) + tail
        }
        return TextCut.fit(whole, to: width)
    }

    /// "↑ 2 more" in the sheet's top edge and "↓ 3 more" in its bottom edge, at the right,
    /// when the sheet cannot show every line: in the frame, they never cover a line. Without a
    /// bottom edge (a very short screen) the count below is not said; the selection still moves.
    private func drawMore(above: Int, below: Int, rect: CellRect, closed: Bool, in canvas: Canvas, environment: RenderEnvironment) {
        let style = CellStyle(foreground: environment.brand, attributes: .bold)
        // Right of the title, never over it.
        let titleEnd = 2 + DisplayWidth.of(" \(TextCut.fit(sheet.title, to: rect.width - 6)) ")
        if above > 0 {
            // "↑ 2 more", or "↑2" where the title leaves no more room.
            for text in [" ↑ " + words(.moreLines, ["count": format.number(above)]) + " ", " ↑\(format.number(above)) "] {
                let x = rect.maxX - 2 - DisplayWidth.of(text)
                guard x > titleEnd else { continue }
                canvas.put(text, x: x, y: rect.y, style: style)
                break
            }
        }
        if below > 0, closed {
            let text = " ↓ " + words(.moreLines, ["count": format.number(below)]) + " "
            canvas.put(text, x: max(2, rect.maxX - 2 - DisplayWidth.of(text)), y: rect.maxY - 1, style: style)
        }
    }

    private func drawEdge(_ rect: CellRect, closed: Bool, in canvas: Canvas, environment: RenderEnvironment) {
        let edge = environment.sheetEdgeStyle
        canvas.put("╭" + String(repeating: "─", count: rect.width - 2) + "╮", x: 0, y: rect.y, style: edge)
        for y in (rect.y + 1)..<(closed ? rect.maxY - 1 : rect.maxY) {
            canvas.put("│", x: 0, y: y, style: edge)
            canvas.put("│", x: rect.maxX - 1, y: y, style: edge)
        }
        if closed { canvas.put("╰" + String(repeating: "─", count: rect.width - 2) + "╯", x: 0, y: rect.maxY - 1, style: edge) }
        canvas.put(" \(TextCut.fit(sheet.title, to: rect.width - 6)) ", x: 2, y: rect.y, style: CellStyle(attributes: .bold))
    }

    /// `▌ Title            − 2 +   183,98 €` over `  91,99 € each · updating…`; the selected
    /// line has the edge bar and a bold title, as focus does everywhere; a product no longer
    /// sold says so in place of its prices, its `+` dimmed.
    /// Returns where the mouse reaches the line and its signs (the sheet's coordinates).
    private func draw(
        _ line: CartSheetPresentation.Line, y: Int, width: Int, totalsWidth: Int, in canvas: Canvas, environment: RenderEnvironment
    ) -> [(rect: CellRect, target: CartSheetTarget.Part)] {
        let removing = line.isBeingRemoved
        var base = CellStyle()
        if removing { base.attributes.formUnion([.dim, .strikethrough]) }
        if !line.isAvailable { base.attributes.insert(.dim) }
        if line.isSelected {
            canvas.put(String(FocusMark.bar), x: 1, y: y, style: CellStyle(foreground: environment.brand, attributes: .bold))
            canvas.put(String(FocusMark.bar), x: 1, y: y + 1, style: CellStyle(foreground: environment.brand, attributes: .bold))
        }
        // Everything of the line is drawn inside the sheet's inner width: a total wider than
        // the sheet (a server's 1.8e308) is cut at the inner edge, never over the border.
        let row = canvas.child(CellRect(x: 2, y: y, width: max(0, width), height: Self.rowsPerLine))
        let quantity = format.number(line.quantity)
        let stepper = "− \(quantity) +"
        let total = lineTotal(line, within: Self.totalRoom(width: width, line: line, format: format))
        let tail = "  " + stepper + "  " + String(repeating: " ", count: max(DisplayWidth.of(total), totalsWidth))
        let titleRoom = max(1, width - DisplayWidth.of(tail))
        // Products of one family differ at their end ("Trail runner Brio", "… Alto").
        let title = TextCut.fitKeepingLastWord(line.title, to: titleRoom)
        var titleStyle = base
        titleStyle.attributes.insert(.bold)
        if line.isSelected { titleStyle.attributes.insert(.underline) }
        row.put(title, x: 0, y: 0, style: titleStyle)
        var x = max(0, width - DisplayWidth.of(tail)) + 2
        let control = CellStyle(foreground: removing ? nil : environment.brand, attributes: removing ? .dim : .bold)
        let minusX = x
        x += row.put("−", x: x, y: 0, style: line.decreased == nil ? base.adding(.dim) : control)
        x += row.put(" \(quantity) ", x: x, y: 0, style: base.adding(.bold))
        let plusX = x
        x += row.put("+", x: x, y: 0, style: line.increased == nil ? base.adding(.dim) : control)
        row.put(total, x: max(x + 2, width - DisplayWidth.of(total)), y: 0, style: base.adding(.bold))
        // The model's parts in its order, each price shortened as the totals are, never cut
        // mid-number, and said only when it fits; the limit on the chosen line, where the keys act.
        var detail = line.details.compactMap { part in
            part.text(words: words) { format.price($0, within: width - 2 - part.frame(words: words, width: DisplayWidth.of), width: DisplayWidth.of) }
        }
        if line.isSelected, let note = line.limitNote { detail.append(note) }
        row.put(TextCut.fit(detail.joined(separator: " · "), to: width - 2), x: 2, y: 1, style: environment.secondaryStyle)
        // The signs are a cell each: the cell either side of one reaches it too.
        let signs = removing ? [] : [
            (rect: CellRect(x: 2 + minusX - 1, y: y, width: 3, height: 1), target: CartSheetTarget.Part.step(-1)),
            (rect: CellRect(x: 2 + plusX - 1, y: y, width: 3, height: 1), target: .step(1)),
        ]
        return signs + [(rect: CellRect(x: 1, y: y, width: width + 2, height: Self.rowsPerLine), target: .line)]
    }
}

extension CartSheetView {
    /// The columns a line's total may take: never cut mid-number, shortened when wider than
    /// what the title and count leave, and at most a third of the line (12 columns on a narrow
    /// sheet), so the title shows.
    static func totalRoom(width: Int, line: CartSheetPresentation.Line, format: RetailFormat) -> Int {
        max(0, min(width - DisplayWidth.of("− \(format.number(line.quantity)) +") - 6, max(12, width / 3)))
    }

    /// The line's total in `columns`, shortened as the subtotal is; a total past the largest
    /// number (quantity × a server's 1e308) is said as more than that, never left blank.
    func lineTotal(_ line: CartSheetPresentation.Line, within columns: Int) -> String {
        if let total = line.total { return format.price(total, within: columns, width: DisplayWidth.of) ?? "" }
        guard let beyond = line.totalBeyond else { return "" }
        return format.price(beyond, within: columns - 2, width: DisplayWidth.of).map { (beyond.amount < 0 ? "< " : "> ") + $0 } ?? ""
    }
}

/// Where a click lands on the cart sheet: a line (choose it) or one of its signs (choose it and
/// change its quantity).
enum CartSheetTarget: Sendable, Hashable {
    case line(Int)
    case step(Int, delta: Int)

    /// A part of a line, before the line's index is known.
    enum Part: Sendable, Hashable {
        case line
        case step(Int)
    }
}

extension CartSheetTarget.Part {
    /// This part of the line at `index`.
    func at(_ index: Int) -> CartSheetTarget {
        switch self {
        case .line: .line(index)
        case .step(let delta): .step(index, delta: delta)
        }
    }
}
