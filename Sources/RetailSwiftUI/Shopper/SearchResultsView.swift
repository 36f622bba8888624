import FlowPresentation
import FlowSwiftUI
import Foundation
import RetailKit
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// Search as a screen (what `open_search` and `vitrine://search` lead to): a field and the
/// backend's suggestions (`SearchSuggestions`: debounced, cancellable, stale answers
/// dropped); a suggestion opens its page.
struct SearchResultsView: View {
    let search: SearchSuggestions
    let initialQuery: String?
    let open: @MainActor (SearchSuggestion) -> Void
    @State private var text = ""
    @Environment(\.locale) private var locale

    var body: some View {
        let phrases = AccessibilityPhrases(locale: locale)
        return VStack(alignment: .leading, spacing: 12) {
            TextField(phrases.search, text: $text)
                .padding(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
            ForEach(Array(search.suggestions.enumerated()), id: \.offset) { _, suggestion in
                Button(action: { open(suggestion) }) {
                    Text(verbatim: SafeText.cleaned(suggestion.text, keepingNewlines: false))
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
                .padding(EdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
            }
            Spacer(minLength: 0)
        }
        .onChange(of: text, initial: false) { _, query in search.update(query: query) }
        .onAppear { if let initialQuery, text.isEmpty { text = initialQuery } }
    }
}
