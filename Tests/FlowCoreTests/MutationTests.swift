import Foundation
import Testing
@testable import FlowCore

@Suite struct MutationTests {
    let decoder = testDecoder()
    var page: PageModel

    init() throws {
        page = try decode(page: """
            {"id": "p", "header": {"widgets": [{"type": "test_text", "id": "header_title", "data": {"title": "H"}}]},
             "sections": [
               {"id": "s1", "header": {"type": "test_text", "id": "s1_header", "data": {"title": "S1"}},
                "widgets": [{"type": "test_text", "id": "a", "data": {"title": "A"}}, {"type": "test_text", "id": "b", "data": {"title": "B"}}]},
               {"id": "s2", "widgets": [{"type": "test_text", "id": "c", "data": {"title": "C"}}]}],
             "footer": {"widgets": [{"type": "test_text", "id": "footer_cta", "data": {"title": "F"}}]}}
            """).page
    }

    func widget(_ id: String, _ title: String) -> JSONValue {
        ["type": "test_text", "id": .string(id), "data": ["title": .string(title)]]
    }

    @Test mutating func replaceAndRemoveReachEveryAddressablePlace() {
        let result = page.apply([
            .replaceWidget("header_title", with: widget("header_title", "H2")),
            .replaceWidget("footer_cta", with: widget("footer_cta", "F2")),
            .replaceWidget("s1_header", with: widget("s1_header", "S1b")),
            .replaceWidget("b", with: widget("b", "B2")),
            .removeWidget("a"),
        ], mode: .partial, decoder: decoder)
        #expect(result.appliedCount == 5)
        #expect(result.diagnostics.isEmpty)
        #expect(text(page.header?.widgets.first) == "H2")
        #expect(text(page.footer?.widgets.first) == "F2")
        #expect(text(page.sections[0].header) == "S1b")
        #expect(page.sections[0].widgets.map(\.id) == ["b"])
        #expect(text(page.widget(id: "b")) == "B2")
        #expect(page.widget(id: "a") == nil)
        #expect(!page.widgetIDs.contains("a"))
    }

    @Test mutating func aReplacementWithoutAnIdKeepsTheTargetsId() {
        _ = page.apply([.replaceWidget("c", with: ["type": "test_text", "data": ["title": "C2"]])], mode: .partial, decoder: decoder)
        #expect(text(page.widget(id: "c")) == "C2")
    }

    @Test mutating func aReplacementThatClaimsAnotherWidgetsIdIsRenamed() {
        let result = page.apply([.replaceWidget("c", with: widget("a", "not a"))], mode: .partial, decoder: decoder)
        #expect(page.sections[1].widgets.map(\.id) == ["a#2"])
        #expect(result.diagnostics.map(\.kind) == [.duplicateID])
        #expect(text(page.widget(id: "a")) == "A")
    }

    @Test mutating func partialModeReportsEachMissingTargetAndAppliesTheRest() {
        let result = page.apply([.removeWidget("ghost"), .removeWidget("c"), PageMutation(kind: .removeSection, targetID: "nope")], mode: .partial, decoder: decoder)
        #expect(result.appliedCount == 1)
        #expect(result.diagnostics.map(\.kind) == [.mutationFailed, .mutationFailed])
        #expect(result.diagnostics[0].message.contains("ghost"))
        #expect(result.diagnostics[0].path == "response.mutations.0")
        #expect(page.sections[1].widgets.isEmpty)
    }

    @Test mutating func transactionalModeAppliesAllOrNone() {
        let before = page.widgetsInDocumentOrder
        let failed = page.apply([.removeWidget("a"), .removeWidget("ghost")], mode: .transactional, decoder: decoder)
        #expect(failed.isRolledBack)
        #expect(failed.appliedCount == 0)
        #expect(page.widgetsInDocumentOrder == before)
        #expect(page.widgetIDs.contains("a"))

        let succeeded = page.apply([.removeWidget("a"), .removeWidget("b")], mode: .transactional, decoder: decoder)
        #expect(!succeeded.isRolledBack)
        #expect(page.sections[0].widgets.isEmpty)
    }

    @Test mutating func sectionMutations() {
        let newSection: JSONValue = ["id": "s3", "widgets": [widget("d", "D")]]
        let result = page.apply([
            PageMutation(kind: .appendSections, payload: [newSection]),
            PageMutation(kind: .prependSections, payload: [["widgets": [widget("e", "E")]]]),
            PageMutation(kind: .replaceSection, targetID: "s2", payload: ["widgets": [widget("c", "C2")]]),
            PageMutation(kind: .removeSection, targetID: "s1"),
        ], mode: .partial, decoder: decoder)
        #expect(result.appliedCount == 4)
        // Sections that arrive later continue the coding paths: the prepended one is the fourth decoded.
        #expect(page.sections.map(\.id) == ["section@page.sections.3", "s2", "s3"])
        #expect(!result.diagnostics.contains { $0.kind == .duplicateID })
        #expect(text(page.widget(id: "c")) == "C2")
        #expect(page.widget(id: "a") == nil)
        #expect(text(page.widget(id: "d")) == "D")
        #expect(page.section(id: "s3")?.widgets.count == 1)
        // Widgets of the removed section gave their ids back.
        _ = page.apply([PageMutation(kind: .appendSections, payload: [["widgets": [widget("a", "again")]]])], mode: .partial, decoder: decoder)
        #expect(text(page.widget(id: "a")) == "again")
    }

    @Test mutating func idLessSectionsThatArriveLaterNeverCollideWithEarlierPositionalIds() throws {
        var page = try decode(page: #"{"sections": [{"widgets": [{"type": "test_text", "data": {"title": "first"}}]}]}"#).page
        let idLess: JSONValue = ["widgets": [["type": "test_text", "data": ["title": "later"]]]]
        let prepended = page.apply([PageMutation(kind: .prependSections, payload: [idLess])], mode: .partial, decoder: decoder)
        let removed = page.apply([PageMutation(kind: .removeSection, targetID: "section@page.sections.0")], mode: .partial, decoder: decoder)
        let appended = page.apply([PageMutation(kind: .appendSections, payload: [idLess])], mode: .partial, decoder: decoder)
        #expect(page.sections.map(\.id) == ["section@page.sections.1", "section@page.sections.2"])
        for result in [prepended, removed, appended] {
            #expect(result.diagnostics.isEmpty)
        }
        let ids = page.widgetsInDocumentOrder.map(\.id)
        #expect(ids == ["test_text@page.sections.1.widgets.0", "test_text@page.sections.2.widgets.0"])
    }

    @Test mutating func aNullIdCountsAsAbsentAndKeepsTheTargetsId() {
        _ = page.apply([.replaceWidget("a", with: ["type": "test_text", "id": nil, "data": ["title": "A2"]])], mode: .partial, decoder: decoder)
        _ = page.apply([PageMutation(kind: .replaceSection, targetID: "s2", payload: ["id": nil, "widgets": []])], mode: .partial, decoder: decoder)
        #expect(text(page.widget(id: "a")) == "A2")
        #expect(page.section(id: "s2") != nil)
    }

    @Test mutating func replacePageInstallsTheNewPageAndItsIdentity() {
        let result = page.apply([PageMutation(kind: .replacePage, payload: ["id": "new", "sections": [["id": "x", "widgets": [widget("a", "fresh")]]]])],
                                mode: .partial, decoder: decoder)
        #expect(result.appliedCount == 1)
        #expect(page.id == "new")
        #expect(page.sections.map(\.id) == ["x"])
        #expect(text(page.widget(id: "a")) == "fresh")
        #expect(page.widget(id: "b") == nil)
        _ = page.apply([.replaceWidget("a", with: widget("a", "again"))], mode: .partial, decoder: decoder)
        #expect(text(page.widget(id: "a")) == "again")
    }

    @Test mutating func anUndecodableReplacementFailsAndKeepsTheOldWidget() {
        let result = page.apply([.replaceWidget("a", with: ["id": "a", "data": [:]])], mode: .partial, decoder: decoder)
        #expect(result.appliedCount == 0)
        #expect(result.diagnostics.map(\.kind).contains(.mutationFailed))
        #expect(text(page.widget(id: "a")) == "A")
    }

    @Test func decodesActionResponsesLossily() throws {
        let data = Data("""
            {"mode": "partial", "mutations": [{"kind": "replace_widget", "id": "a", "widget": {"type": "test_text"}},
              {"kind": "teleport"}, {"kind": "remove_widget"}, {"kind": "remove_section", "id": "s2"}],
             "toast": {"message": "Added"}}
            """.utf8)
        let response = try decoder.decodeActionResponse(data)
        #expect(response.mutations.map(\.kind) == [.replaceWidget, .removeSection])
        #expect(response.toast?.message == "Added")
        #expect(response.diagnostics.map(\.kind) == [.droppedElement, .droppedElement])
    }

    @Test func aTransactionalResponseWithAnUnreadableMutationAppliesNothing() throws {
        let data = Data(#"{"mode": "transactional", "mutations": [{"kind": "remove_widget", "id": "a"}, {"kind": "teleport"}]}"#.utf8)
        let response = try decoder.decodeActionResponse(data)
        #expect(response.mutations.isEmpty)
        #expect(response.diagnostics.map(\.kind).contains(.mutationFailed))
    }
}
