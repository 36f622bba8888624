import FlowTerminal
import RetailKit
import RetailPresentation

/// The search screen, as RetailPresentation's `SearchScreen` says it: the field (with the
/// terminal's cursor in it), what Enter does with the query as it stands (all results for it),
/// and the live suggestions below, each with what it names and, for a product, its price; the
/// chosen one marked as focus is everywhere. This view decides only where each goes.
@MainActor
struct SearchScreenView {
    var search: SearchPresentation
    /// The keys' hint, part by part (`ScreenHelp.searchKeys`).
    var keys: [String]
    var format: RetailFormat
    /// The cart's label ("Cart 3"), at the title row's end as the nav bar has it on pages.
    var cart: String?

    /// Draws the screen filling `canvas`; returns where the cursor goes.
    func draw(in canvas: Canvas, environment: RenderEnvironment) -> (x: Int, y: Int)? {
        guard canvas.width >= 10, canvas.height >= 4 else { return nil }
        canvas.fill(canvas.bounds, style: .plain)
        let title = search.title
        canvas.put(title, x: 2, y: 0, style: CellStyle(attributes: .bold))
        let titleEnd = 2 + DisplayWidth.of(title) + 2
        var keysEnd = canvas.width - 1
        if let cart, DisplayWidth.of(cart) + titleEnd + 2 <= canvas.width - 2 {
            let x = canvas.width - 2 - DisplayWidth.of(cart)
            canvas.put(cart, x: x, y: 0, style: CellStyle(attributes: .bold))
            keysEnd = x - 2
        }
        canvas.put(Self.wholeHints(keys, to: max(0, keysEnd - titleEnd)), x: titleEnd, y: 0, style: CellStyle(attributes: .dim))
        let cursor = drawField(in: canvas)
        var y = 4
        if let allResults = search.allResults {
            let text = "↵ " + allResults
            // What Enter does with no suggestion chosen: focused as a suggestion is.
            let focused = search.allResultsIsChosen
            if focused { canvas.put(String(FocusMark.bar), x: 1, y: y, style: CellStyle(foreground: environment.brand, attributes: .bold)) }
            let style = focused ? CellStyle(foreground: environment.brand, attributes: [.bold, .underline]) : CellStyle(attributes: .dim)
            canvas.put(TextCut.fit(text, to: canvas.width - 4), x: 2, y: y, style: style)
            y += 2
        }
        if let status = search.status {
            canvas.put(TextCut.fit(status, to: canvas.width - 4), x: 2, y: y, style: CellStyle(attributes: .dim))
            y += 2
        }
        for row in search.rows where y < canvas.height {
            drawSuggestion(row, y: y, in: canvas, environment: environment)
            y += 1
        }
        return cursor
    }

    /// As many of `hints`' parts (`Esc back · ↑↓ choose · …`) as fit whole in `columns`: a
    /// hint cut mid-word ("↑↓ w…") says nothing.
    static func wholeHints(_ hints: [String], to columns: Int) -> String {
        var shown = ""
        for part in hints {
            let next = shown.isEmpty ? part : shown + " · " + part
            guard DisplayWidth.of(next) <= columns else { break }
            shown = next
        }
        return shown
    }

    /// `[ ⌕ query… ]` across the screen, the end of a long query showing as a field scrolls.
    private func drawField(in canvas: Canvas) -> (x: Int, y: Int) {
        let room = max(1, canvas.width - 9)
        var shown = search.query
        while DisplayWidth.of(shown) > room, !shown.isEmpty { shown.removeFirst() }
        let field = "[ ⌕ " + shown + String(repeating: " ", count: max(0, room - DisplayWidth.of(shown))) + " ]"
        canvas.put(field, x: 2, y: 2, style: CellStyle(attributes: search.allResultsIsChosen ? .bold : []))
        return (x: canvas.originX + 6 + DisplayWidth.of(shown), y: canvas.originY + 2)
    }

    private func drawSuggestion(_ row: SearchPresentation.Row, y: Int, in canvas: Canvas, environment: RenderEnvironment) {
        let kind = row.kind
        let selected = row.isChosen
        let price = row.price.map(format.price) ?? ""
        let width = canvas.width - 4
        var trailing = (price.isEmpty ? "" : price + "  ") + kind
        // A price says it is a product: on a narrow screen the word gives its room to the name.
        if !price.isEmpty, DisplayWidth.of(row.text) > width - DisplayWidth.of(trailing) - 2 { trailing = price }
        let textRoom = max(1, width - DisplayWidth.of(trailing) - 2)
        // Products of one family differ at the end of their names: the cut keeps the end.
        let text = row.suggestion.kind == .product
            ? TextCut.fitKeepingLastWord(row.text, to: textRoom) : TextCut.fit(row.text, to: textRoom)
        var style = CellStyle()
        if selected {
            canvas.put(String(FocusMark.bar), x: 1, y: y, style: CellStyle(foreground: environment.brand, attributes: .bold))
            style.attributes.formUnion([.bold, .underline])
        }
        canvas.put(text, x: 2, y: y, style: style)
        let x = 2 + width - DisplayWidth.of(trailing)
        if !price.isEmpty { canvas.put(price, x: x, y: y, style: CellStyle(attributes: .bold)) }
        if trailing != price { canvas.put(kind, x: 2 + width - DisplayWidth.of(kind), y: y, style: environment.secondaryStyle) }
    }
}
