import FlowTerminal

/// The search screen: the field (with the terminal's cursor in it), and the live suggestions
/// below, the chosen one reversed, each with what it names.
@MainActor
struct SearchScreenView {
    var query: String
    var search: SearchSummary
    var selection: Int?

    /// Draws the screen filling `canvas`; returns where the cursor goes.
    func draw(in canvas: Canvas) -> (x: Int, y: Int)? {
        guard canvas.width >= 10, canvas.height >= 4 else { return nil }
        canvas.fill(canvas.bounds, style: .plain)
        canvas.put("Search", x: 1, y: 0, style: CellStyle(attributes: .bold))
        canvas.put(TextCut.fit("Esc back · ↑↓ choose · Enter open", to: canvas.width - 10), x: 9, y: 0, style: CellStyle(attributes: .dim))
        let fieldWidth = canvas.width - 2
        let room = fieldWidth - 5
        // The end of a long query shows, as a field scrolls.
        var shown = query
        while DisplayWidth.of(shown) > room, !shown.isEmpty { shown.removeFirst() }
        let field = "[ ⌕ " + shown + String(repeating: " ", count: max(0, room - DisplayWidth.of(shown))) + "]"
        canvas.put(field, x: 1, y: 2, style: CellStyle(attributes: selection == nil ? .bold : []))
        let cursor = (x: canvas.originX + 5 + DisplayWidth.of(shown), y: canvas.originY + 2)
        var y = 4
        let status: String? = switch search.status {
        case .idle: query.unicodeScalars.count < 2 ? "Type two letters or more for suggestions." : nil
        case .waiting: search.suggestions.isEmpty ? "Looking…" : nil
        case .loaded: search.suggestions.isEmpty ? "No suggestions for “\(search.answeredQuery ?? query)”." : nil
        case .failed(let message): "Suggestions are unavailable: \(message)"
        }
        if let status {
            canvas.put(TextCut.fit(status, to: canvas.width - 2), x: 1, y: y, style: CellStyle(attributes: .dim))
            y += 2
        }
        for (index, suggestion) in search.suggestions.enumerated() where y < canvas.height {
            let kind: String = switch suggestion.kind {
            case .product: "product"
            case .category: "category"
            case .campaign: "campaign"
            case .query: "query"
            case .other(let name): TextCut.fit(name, to: 12)
            }
            let textRoom = max(0, canvas.width - 4 - DisplayWidth.of(kind) - 2)
            let text = TextCut.fit(suggestion.text, to: textRoom)
            let padding = String(repeating: " ", count: max(0, textRoom - DisplayWidth.of(text)) + 2)
            let selected = index == selection
            canvas.put(" " + text + padding + kind + " ", x: 1, y: y, style: CellStyle(attributes: selected ? .reverse : []))
            y += 1
        }
        return cursor
    }
}
