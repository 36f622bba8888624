import FlowTerminal
import RetailKit

/// The cart sheet, over the bottom of the page: each line with its quantity between `−` and
/// `+`, its total and its unit price, what the server has not confirmed yet (adding, updating,
/// removing: a line being removed stays, struck, until the server answers); the line last
/// removed with how to put it back; the subtotal; what comes next in this app (no checkout
/// here, said plainly); and the keys. In the shopper's words and formats.
@MainActor
struct CartSheetView {
    var cart: CartSummary
    var selection: Int
    var lastRemoval: CartRemoval?
    var words: Copy<ShopperWord>
    var keys: Copy<TerminalWord>
    var format: RetailFormat

    /// Rows a line takes: its title, quantity and total; its unit price and pending state.
    static let rowsPerLine = 2

    /// Draws the sheet at the bottom of `canvas`; returns its rectangle.
    @discardableResult
    func draw(in canvas: Canvas, environment: RenderEnvironment) -> CellRect {
        let inner = canvas.width - 4
        let note = TextLayout(StyledText(words[.checkoutNote], style: CellStyle(attributes: .dim)), width: max(1, inner), maxLines: 3)
        let keysText = cart.lines.isEmpty ? keys[.cartKeysEmpty] : keys[.cartKeys]
        let hint = TextLayout(StyledText(keysText, style: CellStyle(attributes: .dim)), width: max(1, inner), maxLines: 2)
        let footerRows = 1 + note.height + hint.height + (lastRemoval == nil ? 0 : 1)
        let wanted = 3 + max(1, cart.lines.count) * Self.rowsPerLine + footerRows
        let height = min(canvas.height - 1, max(10, wanted))
        guard height > 5, canvas.width >= 20 else { return .zero }
        let rect = CellRect(x: 0, y: canvas.height - height, width: canvas.width, height: height)
        Self.dimText(above: rect.y, in: canvas)
        let surface = environment.isPlain ? nil : environment.token("surface")
        canvas.fill(rect, style: CellStyle(background: surface))
        drawEdge(rect, in: canvas, environment: environment)
        var y = rect.y + 2
        if cart.lines.isEmpty {
            let text = cart.isKnown ? words[.cartEmpty] : cart.isUnavailable ? words[.cartUnavailable] : words[.cartLoading]
            canvas.put(TextCut.fit(text, to: inner), x: 2, y: y, style: CellStyle(attributes: .dim))
        }
        let footerTop = rect.maxY - footerRows
        let room = max(0, (footerTop - y) / Self.rowsPerLine)
        let first = max(0, min(selection - room + 1, cart.lines.count - room))
        for (offset, line) in cart.lines.enumerated().dropFirst(first).prefix(room) {
            draw(line, selected: offset == selection, y: y, width: inner, in: canvas, environment: environment)
            y += Self.rowsPerLine
        }
        var footer = footerTop
        if let removal = lastRemoval {
            let title = removal.title.map { SafeText.cleaned($0, keepingNewlines: false) } ?? words[.kindProduct]
            let text = words(.removed, ["title": title]) + " · " + keys[.cartUndoKey]
            canvas.put(TextCut.fit(text, to: inner), x: 2, y: footer, style: CellStyle(attributes: .bold))
            footer += 1
        }
        if let subtotal = cart.subtotal, !cart.lines.isEmpty {
            let amount = format.price(subtotal)
            let label = words[.subtotal] + "  "
            let x = max(2, rect.maxX - 2 - DisplayWidth.of(label) - DisplayWidth.of(amount))
            canvas.put(TextCut.fit(label, to: max(0, rect.maxX - 2 - x - DisplayWidth.of(amount))), x: x, y: footer)
            // Inside the sheet's border whatever its width: an amount wider than the sheet
            // (a server's 1.8e308) starts at the inner edge, never to the left of it.
            let amountX = max(2, rect.maxX - 2 - DisplayWidth.of(amount))
            canvas.child(CellRect(x: amountX, y: footer, width: max(0, rect.maxX - 2 - amountX), height: 1))
                .put(amount, x: 0, y: 0, style: CellStyle(attributes: .bold))
        }
        footer += 1
        note.draw(in: canvas.child(CellRect(x: 2, y: footer, width: max(0, inner), height: note.height)))
        hint.draw(in: canvas.child(CellRect(x: 2, y: rect.maxY - hint.height, width: max(0, inner), height: hint.height)))
        return rect
    }

    private func drawEdge(_ rect: CellRect, in canvas: Canvas, environment: RenderEnvironment) {
        let edge = CellStyle(foreground: environment.token("separator"))
        canvas.put("╭" + String(repeating: "─", count: rect.width - 2) + "╮", x: 0, y: rect.y, style: edge)
        for y in (rect.y + 1)..<rect.maxY {
            canvas.put("│", x: 0, y: y, style: edge)
            canvas.put("│", x: rect.maxX - 1, y: y, style: edge)
        }
        let count = cart.badgeCount
        let items = count == 0 ? "" : " · " + words.plural(.itemsOne, .itemsOther, count: count)
        canvas.put(" \(TextCut.fit(words[.cartTitle] + items, to: rect.width - 6)) ", x: 2, y: rect.y, style: CellStyle(attributes: .bold))
    }

    /// Dims the page's text above the sheet. Image cells keep their colours: dimming a half
    /// block dims only its top pixel and stripes the picture.
    static func dimText(above rows: Int, in canvas: Canvas) {
        let buffer = canvas.surface.buffer
        for y in 0..<min(rows, canvas.height) {
            for x in 0..<canvas.width {
                let grapheme = buffer[canvas.originX + x, canvas.originY + y].grapheme
                guard grapheme != "▀", grapheme != "▄" else { continue }
                canvas.restyle(CellRect(x: x, y: y, width: 1, height: 1)) { $0.attributes.insert(.dim) }
            }
        }
    }

    /// `▌ Title            − 2 +   183,98 €` over `  91,99 € each · updating…`; the selected
    /// line has the edge bar and a bold title, as focus does everywhere.
    private func draw(_ line: CartSummary.Line, selected: Bool, y: Int, width: Int, in canvas: Canvas, environment: RenderEnvironment) {
        let removing = line.pending == .removing
        var base = CellStyle()
        if removing { base.attributes.formUnion([.dim, .strikethrough]) }
        if selected {
            canvas.put(String(FocusMark.bar), x: 1, y: y, style: CellStyle(foreground: environment.brand, attributes: .bold))
            canvas.put(String(FocusMark.bar), x: 1, y: y + 1, style: CellStyle(foreground: environment.brand, attributes: .bold))
        }
        // Everything of the line is drawn inside the sheet's inner width: a total wider than
        // the sheet (a server's 1.8e308) is cut at the inner edge, never over the border.
        let row = canvas.child(CellRect(x: 2, y: y, width: max(0, width), height: Self.rowsPerLine))
        let total = line.total.map(format.price) ?? ""
        let quantity = format.number(line.quantity)
        let stepper = "− \(quantity) +"
        let tail = "  " + stepper + "  " + total
        let titleRoom = max(1, width - DisplayWidth.of(tail))
        let name = line.title.map { SafeText.cleaned($0, keepingNewlines: false) } ?? words[.kindProduct]
        let title = TextCut.fit(name, to: titleRoom)
        var titleStyle = base
        titleStyle.attributes.insert(.bold)
        if selected { titleStyle.attributes.insert(.underline) }
        row.put(title, x: 0, y: 0, style: titleStyle)
        var x = max(0, width - DisplayWidth.of(tail)) + 2
        let control = CellStyle(foreground: removing ? nil : environment.brand, attributes: removing ? .dim : .bold)
        x += row.put("−", x: x, y: 0, style: line.quantity <= RetailLimits.lineQuantity.lowerBound ? base.adding(.dim) : control)
        x += row.put(" \(quantity) ", x: x, y: 0, style: base.adding(.bold))
        x += row.put("+", x: x, y: 0, style: line.quantity >= RetailLimits.lineQuantity.upperBound ? base.adding(.dim) : control)
        row.put(total, x: max(x + 2, width - DisplayWidth.of(total)), y: 0, style: base.adding(.bold))
        var detail: [String] = []
        if let price = line.unitPrice { detail.append(words(.eachPrice, ["price": format.price(price)])) }
        switch line.pending {
        case .adding?: detail.append(words[.adding])
        case .updating?: detail.append(words[.updatingLine])
        case .removing?: detail.append(words[.removing])
        case nil: break
        }
        row.put(TextCut.fit(detail.joined(separator: " · "), to: width - 2), x: 2, y: 1, style: environment.secondaryStyle)
    }
}
