import FlowCore
import FlowPresentation
import Foundation
import RetailContract
import RetailKit
@testable import RetailPresentation
import Testing

/// The search screen's rules (`SearchScreen`), once for both apps: what typing keeps, what
/// deleting takes, what the arrows choose and what submitting opens; and what the list says.
@Suite struct SearchScreenModelTests {
    let words = Words(.enUS)
    static let suggestions = SearchSummary(suggestions: [
        .init(text: "Coats", kind: .category, target: "category:coats"),
        .init(text: "cotton", kind: .query, target: "cotton"),
    ], answeredQuery: "co", status: .loaded)

    @Test func typingKeepsEveryLetterMadeSafeAndBounded() {
        var screen = SearchScreen()
        #expect(screen.type("co") == .suggest("co"))
        #expect(screen.type("\u{1B}[2J") == .suggest("co[2J"), "an escape sequence loses its escape")
        #expect(screen.type("\u{7}") == nil, "nothing left to type: nothing asked")
        var long = SearchScreen()
        _ = long.type(String(repeating: "é", count: 150))
        #expect(long.query.utf8.count <= RetailLimits.queryBytes && long.query.utf8.count >= RetailLimits.queryBytes - 1)
        #expect(long.type("x") == nil, "a letter past the bound is not taken")
    }

    /// Search opened anew starts empty, or with its link's query; come back to, it keeps the
    /// shopper's letters.
    @Test func searchOpenedAnewStartsEmptyAndComeBackToKeepsTheLetters() {
        var screen = SearchScreen(query: "xyzzy", suggestions: Self.suggestions, selection: 1)
        #expect(screen.opened(with: nil, isReturn: true) == .suggest("xyzzy"))
        #expect(screen.selection == nil)
        #expect(screen.opened(with: nil) == .suggest(""))
        #expect(screen.query == "" && screen.suggestions.suggestions.isEmpty, "nothing of the last search shows")
        #expect(screen.type("leder") == .suggest("leder"))
        #expect(screen.opened(with: "wool\u{1B}") == .suggest("wool"), "a link's query, made safe")
    }

    /// A query suggestion's target is the server's text: kept and sent made safe, as typed
    /// text is.
    @Test func aQuerySuggestionIsKeptMadeSafe() {
        var screen = SearchScreen()
        let hostile = SearchSummary.Suggestion(text: "coats", kind: .query, target: "co\u{1B}]0;pwned\u{07}\u{202E}ats")
        let opened = screen.open(hostile)
        #expect(SafeText.isSafe(screen.query) && screen.query == "co]0;pwnedats")
        #expect(opened == Destination.results(forQuery: "co]0;pwnedats").map(SearchIntent.open))
    }

    @Test func deletingTakesALetterTheLastWordOrAllAndNothingFromNothing() {
        var screen = SearchScreen(query: "wool  coat cora  ")
        #expect(screen.delete(.word) == .suggest("wool  coat "))
        #expect(screen.delete(.letter) == .suggest("wool  coat"))
        #expect(screen.delete(.all) == .suggest(""))
        #expect(screen.delete(.letter) == nil && screen.delete(.word) == nil && screen.delete(.all) == nil)
    }

    @Test func theArrowsChooseAndSubmittingOpensTheChosenOrTheResults() {
        var screen = SearchScreen(query: "co")
        screen.update(Self.suggestions)
        screen.choose(1)
        #expect(screen.submit() == .open(.page("category:coats")))
        screen.choose(1)
        #expect(screen.submit() == .open(.page(.search("cotton"))), "a query suggestion opens its results")
        #expect(screen.query == "cotton")
        screen.choose(-1)
        #expect(screen.selection == nil, "up from the first gives the field the keys")
        #expect(screen.submit() == .open(.page(.search("cotton"))))
        var short = SearchScreen(query: "c")
        #expect(short.submit() == nil, "too short for results")
    }

    @Test func newSuggestionsKeepTheChoiceWithinThem() {
        var screen = SearchScreen(query: "co", suggestions: Self.suggestions, selection: 1)
        screen.update(SearchSummary(suggestions: [Self.suggestions.suggestions[0]], status: .loaded))
        #expect(screen.selection == 0)
        screen.update(SearchSummary(status: .loaded))
        #expect(screen.selection == nil)
    }

    @Test func theListSaysWhyItIsEmpty() {
        #expect(SearchScreen(query: "c").presentation(words: words).status == words[.typeMore])
        #expect(SearchScreen(query: "co", suggestions: SearchSummary(status: .waiting)).presentation(words: words).status == words[.looking])
        #expect(SearchScreen(query: "xy", suggestions: SearchSummary(answeredQuery: "xy", status: .loaded)).presentation(words: words).status
            == "No suggestions for “xy”.")
        #expect(SearchScreen(query: "xy", suggestions: SearchSummary(status: .failed("503"))).presentation(words: words).status
            == words[.suggestionsFailed])
        let shown = SearchScreen(query: "co", suggestions: Self.suggestions, selection: 0).presentation(words: words)
        #expect(shown.status == nil && shown.allResults == "All results for “co”" && !shown.allResultsIsChosen)
        #expect(shown.rows.map(\.kind) == ["category", "search"] && shown.rows[0].isChosen)
    }

    /// SwiftUI's field hands the query whole: the same rules hold for it.
    @Test func aWholeQueryFollowsTheSameRules() {
        var screen = SearchScreen()
        #expect(screen.replace(with: "coat\u{1B}") == .suggest("coat"))
        #expect(screen.replace(with: "coat") == nil, "the same query asks nothing again")
    }
}
