import FlowCore
import FlowPresentation
import FlowSwiftUI
import Foundation
import RetailKit
import RetailPresentation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// Search as a screen (what `open_search` and `vitrine://search` lead to), as RetailPresentation's
/// `SearchScreen` says it (the terminal's search screen draws the same): a field, what
/// submitting does with the query ("All results for …"), what the list says when it has
/// nothing to show, and the backend's suggestions with what each names and a product's price.
/// The query's rules (made safe, bounded) and what a suggestion opens are the model's.
struct SearchResultsView: View {
    let services: any ShopperScreenServices
    let initialQuery: String?
    @State private var screen = SearchScreen()
    @State private var text = ""
    @State private var hasAppeared = false
    @Environment(\.locale) private var locale

    var body: some View {
        let words = locale.shopperWords
        let shown = Self.shown(screen, summary: services.searchSummary, words: words)
        return VStack(alignment: .leading, spacing: 12) {
            TextField(shown.placeholder, text: $text)
                .onSubmit { perform { $0.submit() } }
                .padding(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
            if let allResults = shown.allResults {
                Button(action: { perform { $0.submit() } }) { Text(verbatim: allResults) }
                    .padding(EdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
            }
            if let status = shown.status {
                Text(verbatim: status).padding(EdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
            }
            ForEach(Array(shown.rows.enumerated()), id: \.offset) { _, row in
                Button(action: { perform { $0.open(row.suggestion) } }) {
                    HStack(spacing: 8) {
                        Text(verbatim: row.text).frame(maxWidth: .infinity, alignment: .leading)
                        if let price = row.price { Text(verbatim: locale.shopperFormat.price(price)) }
                        Text(verbatim: row.kind)
                    }
                }
                .padding(EdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
            }
            Spacer(minLength: 0)
        }
        .onChange(of: text, initial: false) { _, query in perform { $0.replace(with: query) } }
        .onChange(of: services.searchSummary, initial: false) { _, summary in screen.update(summary) }
        .onAppear {
            // Appearing again is coming back from a results page: the letters stay.
            services.perform(screen.opened(with: hasAppeared ? nil : initialQuery, isReturn: hasAppeared))
            hasAppeared = true
            text = screen.query
        }
    }

    /// Runs a rule of the screen and does what it asks; the field shows the query as the
    /// model keeps it (made safe, bounded).
    private func perform(_ rule: (inout SearchScreen) -> SearchIntent?) {
        Self.run(rule, on: &screen, services: services)
        if !text.utf8.elementsEqual(screen.query.utf8) { text = screen.query }
    }

    /// What the screen draws: `screen` with the services' suggestions now, in `words`.
    static func shown(_ screen: SearchScreen, summary: SearchSummary, words: Words) -> SearchPresentation {
        var current = screen
        current.update(summary)
        return current.presentation(words: words)
    }

    /// A control: `rule` run on `screen` with the services' suggestions now, and its intent
    /// done by the services.
    static func run(_ rule: (inout SearchScreen) -> SearchIntent?, on screen: inout SearchScreen, services: any ShopperScreenServices) {
        screen.update(services.searchSummary)
        if let intent = rule(&screen) { services.perform(intent) }
    }
}
