import FlowTerminal

/// The cart sheet: over the bottom of the page, its lines with quantities and prices (a
/// pending mark on those the server has not confirmed), the subtotal, and how to remove one.
@MainActor
struct CartSheetView {
    var cart: CartSummary
    var selection: Int

    /// Draws the sheet at the bottom of `canvas`; returns its rectangle.
    @discardableResult
    func draw(in canvas: Canvas) -> CellRect {
        let wanted = max(cart.lines.count, 1) + 6
        let height = min(canvas.height - 1, max(8, wanted))
        guard height > 3, canvas.width >= 20 else { return .zero }
        let rect = CellRect(x: 0, y: canvas.height - height, width: canvas.width, height: height)
        Self.dimText(above: rect.y, in: canvas)
        canvas.fill(rect, style: .plain)
        let edge = CellStyle(attributes: .dim)
        canvas.put("╭" + String(repeating: "─", count: rect.width - 2) + "╮", x: 0, y: rect.y, style: edge)
        for y in (rect.y + 1)..<rect.maxY {
            canvas.put("│", x: 0, y: y, style: edge)
            canvas.put("│", x: rect.maxX - 1, y: y, style: edge)
        }
        let inner = rect.width - 4
        let items = cart.badgeCount
        let title = "Your cart" + (items == 0 ? "" : " · \(items) item\(items == 1 ? "" : "s")")
        canvas.put(" \(title) ", x: 2, y: rect.y, style: CellStyle(attributes: .bold))
        var y = rect.y + 2
        if cart.lines.isEmpty {
            canvas.put(TextCut.fit(cart.isKnown ? "Your cart is empty." : "Loading your cart…", to: inner), x: 2, y: y, style: CellStyle(attributes: .dim))
        }
        let room = max(0, rect.maxY - 3 - y)
        let first = max(0, min(selection - room + 1, cart.lines.count - room))
        for (offset, line) in cart.lines.enumerated().dropFirst(first).prefix(room) {
            draw(line, selected: offset == selection, x: 2, y: y, width: inner, in: canvas)
            y += 1
        }
        let footerY = rect.maxY - 2
        if let subtotal = cart.subtotal, !cart.lines.isEmpty {
            let text = "Subtotal \(PriceText.string(subtotal))"
            canvas.put(text, x: rect.maxX - 2 - DisplayWidth.of(text), y: footerY, style: CellStyle(attributes: .bold))
        }
        let hint = cart.lines.isEmpty ? "Esc close" : "↑↓ choose · Enter or x remove · Esc close"
        canvas.put(TextCut.fit(hint, to: max(0, inner - 20)), x: 2, y: footerY, style: CellStyle(attributes: .dim))
        return rect
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

    private func draw(_ line: CartSummary.Line, selected: Bool, x: Int, y: Int, width: Int, in canvas: Canvas) {
        let mark = line.isPending ? "… " : "  "
        let quantity = "×\(line.quantity)"
        let price = line.unitPrice.map(PriceText.string) ?? ""
        let action = "[ Remove ]"
        let tail = "\(quantity)  \(price.isEmpty ? "" : price + "  ")\(action)"
        let titleRoom = max(0, width - DisplayWidth.of(mark) - DisplayWidth.of(tail) - 1)
        let title = TextCut.fit(line.title, to: titleRoom)
        let padding = String(repeating: " ", count: max(0, titleRoom - DisplayWidth.of(title)) + 1)
        var style = CellStyle()
        if selected { style.attributes.insert(.reverse) }
        if line.isPending { style.attributes.insert(.dim) }
        canvas.put(mark + title + padding + tail, x: x, y: y, style: style)
    }
}
