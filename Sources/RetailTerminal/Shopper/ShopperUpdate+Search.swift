import FlowCore
import FlowTerminal
import RetailKit

/// The search screen's keys: the field keeps every letter typed (keys that mean something on
/// a page are letters here); Backspace on an empty field stays; Ctrl-W deletes the last word
/// and Ctrl-U the whole query, as in a shell; Esc leaves; ↑↓ choose a suggestion; Enter opens
/// the chosen one, or without one the results page of the query.
extension ShopperUpdate {
    static func searchInput(_ event: InputEvent, in state: inout ShopperState) -> [ShopperEffect] {
        let count = state.search.suggestions.count
        switch event {
        case .key(.escape, _):
            return [.back]
        case .key(.backspace, _):
            guard !state.query.isEmpty else {
                state.needsFrame = false
                return []
            }
            state.query.removeLast()
            state.searchSelection = nil
            return [.search(state.query)]
        case .key(.ctrl("u"), []), .key(.ctrl("w"), []):
            guard !state.query.isEmpty else {
                state.needsFrame = false
                return []
            }
            state.query = event == .key(.ctrl("u")) ? "" : withoutLastWord(state.query)
            state.searchSelection = nil
            return [.search(state.query)]
        case .key(.down, _), .key(.tab, _):
            if count > 0 { state.searchSelection = min(count - 1, (state.searchSelection ?? -1) + 1) }
        case .key(.up, _), .key(.backTab, _):
            if let selection = state.searchSelection { state.searchSelection = selection == 0 ? nil : selection - 1 }
        case .key(.enter, _):
            if let chosen = state.searchSelection, chosen < count { return choose(state.search.suggestions[chosen], in: &state) }
            return results(for: state.query)
        case .text(let text), .paste(let text):
            let typed = SafeText.cleaned(text, keepingNewlines: false)
            guard !typed.isEmpty else { return [] }
            var query = state.query + typed
            while query.utf8.count > RetailLimits.queryBytes { query.removeLast() }
            state.query = query
            state.searchSelection = nil
            return [.search(query)]
        default:
            state.needsFrame = false
        }
        return []
    }

    /// `query` without its last word and the spaces after it (readline's Ctrl-W).
    static func withoutLastWord(_ query: String) -> String {
        var rest = Substring(query)
        while rest.last?.isWhitespace == true { rest.removeLast() }
        while let last = rest.last, !last.isWhitespace { rest.removeLast() }
        return String(rest)
    }

    /// The results page of `query`, once it has the letters suggestions need.
    static func results(for query: String) -> [ShopperEffect] {
        Destination.results(forQuery: query).map { [.open($0)] } ?? []
    }

    private static func choose(_ suggestion: SearchSummary.Suggestion, in state: inout ShopperState) -> [ShopperEffect] {
        switch suggestion.kind {
        case .query:
            state.query = suggestion.target
            state.searchSelection = nil
            return results(for: suggestion.target)
        case .product, .category, .campaign, .other:
            return [.open(.page(PageID(suggestion.target)))]
        }
    }
}
