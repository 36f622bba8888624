extension Destination {
    /// Where choosing a search suggestion leads: a query fills search in with its target; a
    /// product, category or campaign (or a kind this client does not know) opens the page its
    /// target names. The terminal's search screen makes the same choice.
    public init(suggestion: SearchSuggestion) {
        switch suggestion.kind {
        case .query: self = .search(query: suggestion.target)
        default: self = .page(PageID(suggestion.target))
        }
    }
}
