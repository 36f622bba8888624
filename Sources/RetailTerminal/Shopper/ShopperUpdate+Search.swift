import FlowCore
import FlowTerminal
import RetailKit
import RetailPresentation

/// The search screen's keys, on RetailPresentation's `SearchScreen`: the field keeps every
/// letter typed (keys that mean something on a page are letters here); Backspace on an empty
/// field stays; Ctrl-W deletes the last word and Ctrl-U the whole query, as in a shell; Esc
/// leaves; ↑↓ (and Tab) choose a suggestion; Enter opens the chosen one, or without one the
/// results page of the query.
extension ShopperUpdate {
    static func searchInput(_ event: InputEvent, in state: inout ShopperState) -> [ShopperEffect] {
        func asked(_ intent: SearchIntent?) -> [ShopperEffect] {
            guard let intent else {
                state.needsFrame = false
                return []
            }
            return [.search(intent)]
        }
        switch event {
        case .key(.escape, _): return [.back]
        case .key(.backspace, _): return asked(state.search.delete(.letter))
        case .key(.ctrl("u"), []): return asked(state.search.delete(.all))
        case .key(.ctrl("w"), []): return asked(state.search.delete(.word))
        case .key(.down, _), .key(.tab, _): state.search.choose(1)
        case .key(.up, _), .key(.backTab, _): state.search.choose(-1)
        case .key(.enter, _): return state.search.submit().map { [.search($0)] } ?? []
        case .text(let text), .paste(let text): return state.search.type(text).map { [.search($0)] } ?? []
        default: state.needsFrame = false
        }
        return []
    }
}
