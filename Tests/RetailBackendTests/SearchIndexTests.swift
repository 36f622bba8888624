import FlowCore
import RetailContract
import Foundation
import Testing
@testable import RetailBackend

@Suite struct SearchIndexTests {
    let clock = TestClock()
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend(clock: clock)
    }

    func suggest(_ query: String, locale: String = "en-US", segment: String? = nil) throws -> [JSONValue] {
        var parameters = [("q", query), ("locale", locale)]
        if let segment { parameters.append(("userSegment", segment)) }
        let response = backend.respond(to: get("/v1/search/suggestions", parameters))
        #expect(response.status == 200)
        let body = try parse(response)
        #expect(body["query"] == .string(query))
        return body["suggestions"]?.arrayValue ?? []
    }

    @Test(arguments: ["ﬂ", "ß", " f ", "é"])
    func oneTypedCharacterGivesNothingEvenWhenFoldingLengthensIt(query: String) throws {
        #expect(try suggest(query).isEmpty)
        #expect(try suggest(query, locale: "fr-FR").isEmpty)
    }

    @Test func shortQueriesGiveNothing() throws {
        #expect(try suggest("").isEmpty)
        #expect(try suggest("s").isEmpty)
        #expect(try suggest(" w ").isEmpty)
    }

    @Test func atMostEightAndRankedByMatchThenKind() throws {
        let results = try suggest("wo")
        #expect(results.count == 8)
        // "Wool coat …" (prefix) before "… wool" words later in a title; prefix products first.
        let texts = results.compactMap { $0["text"]?.stringValue }
        #expect(texts.allSatisfy { $0.lowercased().hasPrefix("wo") || $0.lowercased().contains(" wo") })
        let shoes = try suggest("shoes")
        #expect(shoes.first?["kind"] == "category")
        #expect(shoes.first?["target"] == "category:shoes")
    }

    @Test func exactBeforePrefixBeforeLaterWord() {
        let index = SearchIndex(entries: [
            ("Rain coat Alto", .product, "product:1"), ("Coats", .category, "category:coats"),
            ("Coat", .product, "product:2"), ("Wool coat Brio", .product, "product:3"),
        ])
        let ranked = index.suggestions(for: "coat").map(\.target)
        #expect(ranked == ["product:2", "category:coats", "product:1", "product:3"])
    }

    /// A part of a compound word finds it: "schuh" finds "Trailschuh" (German joins words
    /// into one).
    @Test func aPartOfACompoundFindsItAfterEveryWordPrefix() throws {
        let index = SearchIndex(entries: [
            ("Trailschuh Brio", .product, "p:1"), ("Schuhe", .category, "c:1"), ("Wollmantel Cora", .product, "p:2"),
        ])
        #expect(index.suggestions(for: "schuh").map(\.target) == ["c:1", "p:1"], "the word that starts with it first")
        #expect(index.suggestions(for: "mantel").map(\.target) == ["p:2"])
        #expect(index.suggestions(for: "ant").isEmpty, "three letters inside a word are chance")
        let backend = try makeBackend()
        let german = try #require(backend.catalogues.current.searchIndexes[.deDE])
        #expect(german.suggestions(for: "schuh").contains { $0.text.lowercased().hasSuffix("schuh") || $0.text.lowercased().contains("schuh ") })
    }

    @Test func multiWordQueriesMatchWordPrefixes() {
        let index = SearchIndex(entries: [("Wool coat Brio", .product, "p:1"), ("Wool scarf", .product, "p:2")])
        #expect(index.suggestions(for: "brio wool").map(\.target) == ["p:1"])
    }

    @Test func searchesInTheRequestLocaleFoldingAccents() throws {
        let french = try suggest("echarpe", locale: "fr-FR")
        #expect(french.first?["text"]?.stringValue?.hasPrefix("Écharpe") == true)
        let german = try suggest("Mäntel", locale: "de-DE")
        #expect(german.first?["target"] == "category:coats")
        #expect(try suggest("echarpe", locale: "en-US").isEmpty)
    }

    @Test func onlyLiveCampaignsVisibleToTheSegment() throws {
        #expect(try suggest("flash").first?["target"] == "campaign:cmp-flash")
        clock.set(hoursAfterAnchor: 3)
        #expect(try suggest("flash").isEmpty)
        #expect(try suggest("vip", segment: "returning").isEmpty)
        #expect(try suggest("vip", segment: "vip").first?["kind"] == "campaign")
    }
}
