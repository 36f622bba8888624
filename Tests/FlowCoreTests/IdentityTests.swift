import Foundation
import Testing
@testable import FlowCore

@Suite struct IdentityTests {
    let json = """
        {"header": {"widgets": [{"type": "test_text", "id": "dup", "data": {"title": "h"}}]},
         "sections": [
           {"id": "sec", "header": {"type": "test_text", "data": {"title": "sh"}},
            "widgets": [{"type": "test_text", "data": {"title": "a"}}, {"type": "test_text", "id": "dup", "data": {"title": "b"}}]},
           {"id": "sec", "widgets": [{"type": "test_text", "id": "dup", "data": {"title": "c"}},
            {"type": "test_text", "id": "dup#2", "data": {"title": "d"}}]},
           {"widgets": []}],
         "footer": {"widgets": [{"type": "test_text", "data": {"title": "f"}}]}}
        """

    @Test func missingIdsComeFromTheCodingPath() throws {
        let page = try decode(page: json).page
        #expect(page.sections[0].header?.id == "test_text@page.sections.0.header")
        #expect(page.sections[0].widgets[0].id == "test_text@page.sections.0.widgets.0")
        #expect(page.footer?.widgets[0].id == "test_text@page.footer.widgets.0")
        #expect(page.sections[2].id == "section@page.sections.2")
    }

    @Test func duplicatesAreRenamedInDocumentOrderAndReported() throws {
        let decoded = try decode(page: json)
        let page = decoded.page
        #expect(page.header?.widgets[0].id == "dup")
        // A rename never takes an id the document declares for another widget (`dup#2`).
        #expect(page.sections[0].widgets[1].id == "dup#3")
        #expect(page.sections[1].widgets[0].id == "dup#4")
        #expect(page.sections[1].widgets[1].id == "dup#2")
        #expect(page.sections[1].id == "sec#2")
        let duplicates = decoded.diagnostics.filter { $0.kind == .duplicateID }
        #expect(duplicates.count == 3)
        #expect(duplicates[0].message.contains("'dup'"))
        let all = page.widgetsInDocumentOrder.map(\.id)
        #expect(Set(all).count == all.count)
    }

    @Test func theSameBytesGiveTheSameIds() throws {
        let first = try decode(page: json).page.widgetsInDocumentOrder.map(\.id)
        let second = try decode(page: json).page.widgetsInDocumentOrder.map(\.id)
        #expect(first == second)
    }

    @Test func idsStayUniqueAfterMergingANextPage() throws {
        var page = try decode(page: json).page
        let next = Data("""
            {"page": {"sections": [{"id": "sec", "widgets": [{"type": "test_text", "id": "dup", "data": {"title": "n"}},
              {"type": "test_text", "data": {"title": "positional"}}]}], "pagination": {"has_more": false}}}
            """.utf8)
        let diagnostics = try testDecoder().appendNextPage(next, to: &page)
        #expect(page.sections.count == 4)
        #expect(page.sections[3].id == "sec#3")
        #expect(page.sections[3].widgets.map(\.id) == ["dup#5", "test_text@page.sections.3.widgets.1"])
        #expect(page.pagination?.hasMore == false)
        #expect(diagnostics.filter { $0.kind == .duplicateID }.count == 2)
        let all = page.widgetsInDocumentOrder.map(\.id)
        #expect(Set(all).count == all.count)
        #expect(page.widget(id: "dup#5").map(text) == "n")
    }

    /// Ids compare by their code points, as JSON compares strings: canonically equivalent but
    /// byte-different ids are two ids, neither renamed, each addressable.
    @Test func canonicallyEquivalentIdsAreDistinct() throws {
        let decoded = try decode(page: #"""
            {"sections": [{"id": "caf\u00e9", "widgets": [
              {"type": "test_text", "id": "\u00e9", "data": {"title": "composed"}},
              {"type": "test_text", "id": "e\u0301", "data": {"title": "decomposed"}},
              {"type": "test_text", "id": "\u212a", "data": {"title": "kelvin"}},
              {"type": "test_text", "id": "K", "data": {"title": "k"}}]},
             {"id": "cafe\u0301", "widgets": []}]}
            """#)
        #expect(!decoded.diagnostics.contains { $0.kind == .duplicateID })
        let page = decoded.page
        #expect(page.sections.map(\.id.unicodeScalars.count) == [4, 5])
        #expect(text(page.widget(id: "\u{E9}")) == "composed")
        #expect(text(page.widget(id: "e\u{301}")) == "decomposed")
        #expect(text(page.widget(id: "\u{212A}")) == "kelvin")
        #expect(text(page.widget(id: "K")) == "k")
        #expect(page.section(id: "cafe\u{301}")?.widgets.isEmpty == true)
        #expect(page.section(id: "caf\u{E9}")?.widgets.count == 4)
        var mutated = page
        let result = mutated.apply([.removeWidget("e\u{301}")], mode: .partial, decoder: testDecoder())
        #expect(result.appliedCount == 1)
        #expect(text(mutated.widget(id: "\u{E9}")) == "composed")
        #expect(mutated.widget(id: "e\u{301}") == nil)
    }


    /// A repeated id is renamed to one the document does not declare: a later widget may
    /// declare `a#2` itself, and a server mutation for "a#2" must hit that widget, not the
    /// duplicate of "a".
    @Test func aRenamedDuplicateNeverTakesAnIdTheDocumentDeclares() throws {
        let decoded = try decode(page: """
            {"sections": [{"id": "s", "widgets": [
              {"type": "test_text", "id": "a", "data": {"title": "first a"}},
              {"type": "test_text", "id": "a", "data": {"title": "second a"}},
              {"type": "test_text", "id": "a#2", "data": {"title": "declared a#2"}}]}]}
            """)
        let ids = decoded.page.sections[0].widgets.map(\.id)
        #expect(text(decoded.page.widget(id: "a#2")) == "declared a#2", "ids: \(ids)")
    }

    /// A lone surrogate (`\ud800`, `\udbff`) has no Unicode string, so each reads as U+FFFD
    /// and two ids that differ only there read alike. Each lone surrogate is reported
    /// (CONTRACT, "Decisions"), and the ids stay unique by the ordinary renaming, also reported.
    @Test func loneSurrogateIdsAreReportedAndStayUnique() throws {
        let decoded = try decode(page: #"""
            {"sections": [{"id": "s", "widgets": [
              {"type": "test_text", "id": "x\ud800", "data": {"title": "one"}},
              {"type": "test_text", "id": "x\udbff", "data": {"title": "two"}}]}]}
            """#)
        #expect(decoded.diagnostics.filter { $0.message.contains("lone surrogate") }.count == 2, "\(decoded.diagnostics)")
        #expect(decoded.diagnostics.contains { $0.kind == .duplicateID })
        let ids = decoded.page.widgetsInDocumentOrder.map(\.id)
        #expect(Set(ids.map { ExactString($0) }).count == 2)
    }
}
