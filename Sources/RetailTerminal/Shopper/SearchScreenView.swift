import FlowTerminal
import RetailKit

/// The search screen: the field (with the terminal's cursor in it), what Enter does with the
/// query as it stands (all results for it), and the live suggestions below, each with what it
/// names and, for a product, its price; the chosen one marked as focus is everywhere. In the
/// shopper's words and formats.
@MainActor
struct SearchScreenView {
    var query: String
    var search: SearchSummary
    var selection: Int?
    var words: Copy<ShopperWord>
    var keys: Copy<TerminalWord>
    var format: RetailFormat
    /// The cart's label ("Cart 3"), at the title row's end as the nav bar has it on pages.
    var cart: String?

    /// Draws the screen filling `canvas`; returns where the cursor goes.
    func draw(in canvas: Canvas, environment: RenderEnvironment) -> (x: Int, y: Int)? {
        guard canvas.width >= 10, canvas.height >= 4 else { return nil }
        canvas.fill(canvas.bounds, style: .plain)
        let title = words[.search]
        canvas.put(title, x: 2, y: 0, style: CellStyle(attributes: .bold))
        let titleEnd = 2 + DisplayWidth.of(title) + 2
        var keysEnd = canvas.width - 1
        if let cart, DisplayWidth.of(cart) + titleEnd + 2 <= canvas.width - 2 {
            let x = canvas.width - 2 - DisplayWidth.of(cart)
            canvas.put(cart, x: x, y: 0, style: CellStyle(attributes: .bold))
            keysEnd = x - 2
        }
        canvas.put(Self.wholeHints(keys[.searchKeys], to: max(0, keysEnd - titleEnd)), x: titleEnd, y: 0, style: CellStyle(attributes: .dim))
        let cursor = drawField(in: canvas)
        var y = 4
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        if trimmed.unicodeScalars.count >= SearchSuggestions.minimumLength {
            let text = "↵ " + words(.allResults, ["query": SafeText.cleaned(trimmed, keepingNewlines: false)])
            // What Enter does with no suggestion chosen: focused as a suggestion is.
            let focused = selection == nil
            if focused { canvas.put(String(FocusMark.bar), x: 1, y: y, style: CellStyle(foreground: environment.brand, attributes: .bold)) }
            let style = focused ? CellStyle(foreground: environment.brand, attributes: [.bold, .underline]) : CellStyle(attributes: .dim)
            canvas.put(TextCut.fit(text, to: canvas.width - 4), x: 2, y: y, style: style)
            y += 2
        }
        if let status = statusLine {
            canvas.put(TextCut.fit(status, to: canvas.width - 4), x: 2, y: y, style: CellStyle(attributes: .dim))
            y += 2
        }
        for (index, suggestion) in search.suggestions.enumerated() where y < canvas.height {
            drawSuggestion(suggestion, selected: index == selection, y: y, in: canvas, environment: environment)
            y += 1
        }
        return cursor
    }

    /// As many of `hints`' parts (`Esc back · ↑↓ choose · …`) as fit whole in `columns`: a
    /// hint cut mid-word ("↑↓ w…") says nothing.
    static func wholeHints(_ hints: String, to columns: Int) -> String {
        var shown = ""
        for part in hints.components(separatedBy: " · ") {
            let next = shown.isEmpty ? part : shown + " · " + part
            guard DisplayWidth.of(next) <= columns else { break }
            shown = next
        }
        return shown
    }

    /// What the list says when it has nothing to show.
    private var statusLine: String? {
        switch search.status {
        case .idle: query.unicodeScalars.count < SearchSuggestions.minimumLength ? words[.typeMore] : nil
        case .waiting: search.suggestions.isEmpty ? words[.looking] : nil
        case .loaded:
            search.suggestions.isEmpty
                ? words(.noSuggestions, ["query": SafeText.cleaned(search.answeredQuery ?? query, keepingNewlines: false)]) : nil
        case .failed: words[.suggestionsFailed]
        }
    }

    /// `[ ⌕ query… ]` across the screen, the end of a long query showing as a field scrolls.
    private func drawField(in canvas: Canvas) -> (x: Int, y: Int) {
        let room = max(1, canvas.width - 9)
        var shown = SafeText.cleaned(query, keepingNewlines: false)
        while DisplayWidth.of(shown) > room, !shown.isEmpty { shown.removeFirst() }
        let field = "[ ⌕ " + shown + String(repeating: " ", count: max(0, room - DisplayWidth.of(shown))) + " ]"
        canvas.put(field, x: 2, y: 2, style: CellStyle(attributes: selection == nil ? .bold : []))
        return (x: canvas.originX + 6 + DisplayWidth.of(shown), y: canvas.originY + 2)
    }

    private func drawSuggestion(_ suggestion: SearchSummary.Suggestion, selected: Bool, y: Int, in canvas: Canvas, environment: RenderEnvironment) {
        let kind: String = switch suggestion.kind {
        case .product: words[.suggestionProduct]
        case .category: words[.suggestionCategory]
        case .campaign: words[.suggestionCampaign]
        case .query: words[.suggestionQuery]
        case .other: words[.suggestionOther]
        }
        let price = suggestion.price.map(format.price) ?? ""
        let width = canvas.width - 4
        var trailing = (price.isEmpty ? "" : price + "  ") + kind
        // A price says it is a product: on a narrow screen the word gives its room to the name.
        if !price.isEmpty, DisplayWidth.of(suggestion.text) > width - DisplayWidth.of(trailing) - 2 { trailing = price }
        let textRoom = max(1, width - DisplayWidth.of(trailing) - 2)
        // Products of one family differ at the end of their names: the cut keeps the end.
        let text = suggestion.kind == .product
            ? TextCut.fitKeepingLastWord(suggestion.text, to: textRoom) : TextCut.fit(suggestion.text, to: textRoom)
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
