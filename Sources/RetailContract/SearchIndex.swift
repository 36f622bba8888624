import Foundation

/// Search suggestions over products, categories and campaigns in one locale: the one ranking
/// the backend's suggestions and search pages and the app's bundled demo shop use.
///
/// Ranking (best first), on case- and accent-folded text:
/// 1. the whole text equals the query;
/// 2. the text starts with the query;
/// 3. a later word of the text starts with the query;
/// 4. every word of a multi-word query starts some word of the text;
/// 5. a query of at least `minimumInnerLength` characters is inside a word: a part of a
///    compound ("schuh" finds "Trailschuh", "mantel" "Wollmantel").
/// Ties go to campaigns, then categories, then products (broader first), then shorter
/// text, then alphabetical order. At most 8; queries under 2 characters give nothing.
public struct SearchIndex: Sendable {
    /// What an entry leads to.
    public enum Kind: String, Sendable {
        case campaign, category, product

        var rank: Int {
            switch self {
            case .campaign: return 0
            case .category: return 1
            case .product: return 2
            }
        }
    }

    /// One suggestible text and the page it leads to.
    public struct Entry: Sendable {
        public var text: String
        public var kind: Kind
        /// The page id (`product:p-1001`).
        public var target: String
        var folded: String
        var words: [Substring]
    }

    /// The most suggestions one query gives.
    public static let limit = 8
    /// The shortest query that suggests anything, in characters typed.
    public static let minimumQueryLength = 2
    /// The shortest query found inside a word: shorter ones match too much by chance.
    public static let minimumInnerLength = 4

    private let entries: [Entry]

    public init(entries: [(text: String, kind: Kind, target: String)]) {
        self.entries = entries.map {
            let folded = Self.fold($0.text)
            return Entry(text: $0.text, kind: $0.kind, target: $0.target, folded: folded, words: Self.words(folded))
        }
    }

    /// Ranked suggestions for a query, `extra` entries (live campaigns) included.
    public func suggestions(for query: String, extra: [Entry] = [], limit: Int = SearchIndex.limit) -> [Entry] {
        // The minimum is counted on what the shopper typed: folding can lengthen text
        // ("ﬂ" becomes "fl"), and one character must never suggest anything.
        let typed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard typed.count >= Self.minimumQueryLength else { return [] }
        let folded = Self.fold(typed)
        let queryWords = Self.words(folded)
        var scored: [(score: Int, entry: Entry)] = []
        for entry in entries + extra {
            if let score = Self.score(entry, query: folded, queryWords: queryWords) {
                scored.append((score, entry))
            }
        }
        scored.sort {
            ($0.score, $0.entry.kind.rank, $0.entry.text.count, $0.entry.folded, $0.entry.target)
                < ($1.score, $1.entry.kind.rank, $1.entry.text.count, $1.entry.folded, $1.entry.target)
        }
        return scored.prefix(max(0, limit)).map(\.entry)
    }

    /// An entry made on the fly (a live campaign).
    public static func entry(text: String, kind: Kind, target: String) -> Entry {
        let folded = fold(text)
        return Entry(text: text, kind: kind, target: target, folded: folded, words: words(folded))
    }

    private static func score(_ entry: Entry, query: String, queryWords: [Substring]) -> Int? {
        if entry.folded == query { return 0 }
        if entry.folded.hasPrefix(query) { return 1 }
        if entry.words.dropFirst().contains(where: { $0.hasPrefix(query) }) { return 2 }
        if queryWords.count > 1,
            queryWords.allSatisfy({ word in entry.words.contains { $0.hasPrefix(word) } })
        {
            return 3
        }
        if queryWords.count == 1, query.count >= minimumInnerLength, entry.words.contains(where: { $0.contains(query) }) { return 4 }
        return nil
    }

    /// Case- and accent-folded, as entries and queries are compared.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func words(_ folded: String) -> [Substring] {
        folded.split { !$0.isLetter && !$0.isNumber }
    }
}
