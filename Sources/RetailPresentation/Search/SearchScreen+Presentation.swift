import FlowCore
import FlowPresentation
import RetailKit

/// What the search screen shows, in the shopper's words: the field's placeholder, what
/// submitting does with the query as it stands, what the list says when it has nothing to
/// show, and each suggestion with what it names and a product's price.
public struct SearchPresentation: Sendable, Hashable {
    /// "Search".
    public var title: String
    /// "Search products, brands and more".
    public var placeholder: String
    /// The query made safe to show.
    public var query: String
    /// "All results for “coat”", once the query has the letters suggestions need; whether it
    /// is what submitting does (no suggestion chosen).
    public var allResults: String?
    public var allResultsIsChosen: Bool
    /// What the list says when it has nothing to show: type more, looking, none, failed.
    public var status: String?
    public var rows: [Row]

    public struct Row: Sendable, Hashable {
        public var suggestion: SearchSummary.Suggestion
        /// Its text made safe to show.
        public var text: String
        /// "product", "category", …
        public var kind: String
        public var price: Price?
        public var isChosen: Bool
    }
}

extension SearchScreen {
    public func presentation(words: Words) -> SearchPresentation {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let hasLetters = trimmed.unicodeScalars.count >= SearchSuggestions.minimumLength
        let status: String? = switch suggestions.status {
        case .idle: hasLetters ? nil : words[.typeMore]
        case .waiting: suggestions.suggestions.isEmpty ? words[.looking] : nil
        case .loaded:
            suggestions.suggestions.isEmpty
                ? words(.noSuggestions, ["query": SafeText.cleaned(suggestions.answeredQuery ?? query, keepingNewlines: false)]) : nil
        case .failed: words[.suggestionsFailed]
        }
        let rows = suggestions.suggestions.enumerated().map { index, suggestion in
            SearchPresentation.Row(
                suggestion: suggestion, text: SafeText.cleaned(suggestion.text, keepingNewlines: false),
                kind: Self.kind(suggestion.kind, words: words), price: suggestion.price, isChosen: index == selection)
        }
        return SearchPresentation(
            title: words[EngineWord.search], placeholder: words[.searchPlaceholder], query: SafeText.cleaned(query, keepingNewlines: false),
            allResults: hasLetters ? words(.allResults, ["query": SafeText.cleaned(trimmed, keepingNewlines: false)]) : nil,
            allResultsIsChosen: selection == nil, status: status, rows: rows)
    }

    static func kind(_ kind: SearchSuggestion.Kind, words: Words) -> String {
        switch kind {
        case .product: words[.suggestionProduct]
        case .category: words[.suggestionCategory]
        case .campaign: words[.suggestionCampaign]
        case .query: words[.suggestionQuery]
        case .other: words[.suggestionOther]
        }
    }
}
