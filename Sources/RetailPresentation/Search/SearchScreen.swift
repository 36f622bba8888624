import FlowCore
import FlowPresentation
import Foundation
import RetailContract
import RetailKit

/// The search screen of either renderer: the query as typed, the suggestions for it
/// (`SearchSummary`), the one chosen, and the rules of its keys and gestures. Each change of
/// the query is an intent to ask for suggestions; choosing opens a destination.
///
/// The rules, once for both apps:
/// - the query keeps every letter typed, made safe (no control character), at most
///   `RetailLimits.queryBytes` bytes; a letter that would pass the bound is not taken;
/// - deleting a letter, the last word (readline's Ctrl-W) or the whole query on an empty
///   query changes nothing;
/// - a search opened anew starts empty (or with its link's query); one the shopper comes back
///   to (back from a results page) keeps their letters;
/// - the arrows choose a suggestion, and up from the first gives the keys back to the field;
/// - submitting opens the chosen suggestion's page, or without one the results page of the
///   query once it has the letters suggestions need; a query suggestion searches for itself.
public struct SearchScreen: Sendable {
    public private(set) var query = ""
    public private(set) var suggestions = SearchSummary()
    /// The suggestion chosen, nil while the field has the keys.
    public private(set) var selection: Int?

    /// A screen holding `query` (made safe and bounded), its `suggestions`, and `selection`
    /// chosen among them.
    public init(query: String = "", suggestions: SearchSummary = SearchSummary(), selection: Int? = nil) {
        self.query = Self.bounded(SafeText.cleaned(query, keepingNewlines: false))
        self.suggestions = suggestions
        self.selection = selection.flatMap { suggestions.suggestions.indices.contains($0) ? $0 : nil }
    }

    /// The screen opened, with the query a link gave, else empty; or come back to
    /// (`isReturn`), keeping the shopper's letters. The intent asks for its suggestions.
    public mutating func opened(with query: String?, isReturn: Bool = false) -> SearchIntent {
        if let query {
            self.query = Self.bounded(SafeText.cleaned(query, keepingNewlines: false))
        } else if !isReturn {
            self.query = ""
            suggestions = SearchSummary()
        }
        selection = nil
        return .suggest(self.query)
    }

    /// New suggestions: the choice stays within them.
    public mutating func update(_ suggestions: SearchSummary) {
        self.suggestions = suggestions
        if let selection, selection >= suggestions.suggestions.count {
            self.selection = suggestions.suggestions.isEmpty ? nil : suggestions.suggestions.count - 1
        }
    }

    /// Letters typed or pasted at the end of the query.
    public mutating func type(_ text: String) -> SearchIntent? {
        let typed = SafeText.cleaned(text, keepingNewlines: false)
        guard !typed.isEmpty else { return nil }
        return replace(with: query + typed)
    }

    /// The whole query as a field holds it (SwiftUI's text field hands it whole).
    public mutating func replace(with text: String) -> SearchIntent? {
        let next = Self.bounded(SafeText.cleaned(text, keepingNewlines: false))
        guard !next.utf8.elementsEqual(query.utf8) else { return nil }
        query = next
        selection = nil
        return .suggest(query)
    }

    /// What a deletion takes.
    public enum Deletion: Sendable, Hashable {
        case letter, word, all
    }

    public mutating func delete(_ deletion: Deletion) -> SearchIntent? {
        guard !query.isEmpty else { return nil }
        switch deletion {
        case .letter: query.removeLast()
        case .word: query = Self.withoutLastWord(query)
        case .all: query = ""
        }
        selection = nil
        return .suggest(query)
    }

    /// The next suggestion down (`1`) or up (`-1`); up from the first gives the field the keys.
    public mutating func choose(_ step: Int) {
        let count = suggestions.suggestions.count
        if step > 0 {
            if count > 0 { selection = min(count - 1, (selection ?? -1) + 1) }
        } else if let current = selection {
            selection = current == 0 ? nil : current - 1
        }
    }

    /// What submitting does: the chosen suggestion, else the query's results once it has the
    /// letters suggestions need; nil when it does nothing.
    public mutating func submit() -> SearchIntent? {
        if let chosen = selection, suggestions.suggestions.indices.contains(chosen) {
            return open(suggestions.suggestions[chosen])
        }
        return Destination.results(forQuery: query).map(SearchIntent.open)
    }

    /// Opens `suggestion` (a click or a tap on it).
    public mutating func open(_ suggestion: SearchSummary.Suggestion) -> SearchIntent? {
        switch suggestion.kind {
        case .query:
            // The server's text, made safe as typed text is before it is kept or sent.
            query = Self.bounded(SafeText.cleaned(suggestion.target, keepingNewlines: false))
            selection = nil
            return Destination.results(forQuery: query).map(SearchIntent.open)
        case .product, .category, .campaign, .other:
            return .open(.page(PageID(suggestion.target)))
        }
    }

    /// `query` without its last word and the spaces after it (readline's Ctrl-W).
    static func withoutLastWord(_ query: String) -> String {
        var rest = Substring(query)
        while rest.last?.isWhitespace == true { rest.removeLast() }
        while let last = rest.last, !last.isWhitespace { rest.removeLast() }
        return String(rest)
    }

    /// `text` within the query's bound, whole characters only.
    static func bounded(_ text: String) -> String {
        var text = text
        while text.utf8.count > RetailLimits.queryBytes { text.removeLast() }
        return text
    }
}

/// What a search screen asks of the app.
public enum SearchIntent: Sendable, Hashable {
    /// Suggestions for the query as it is now.
    case suggest(String)
    /// A page (a suggestion's, the query's results).
    case open(Destination)
}
