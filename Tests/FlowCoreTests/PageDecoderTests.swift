import Foundation
import Testing
@testable import FlowCore

@Suite struct PageDecoderTests {
    @Test func decodesTheEnvelopeWithDefaults() throws {
        let decoded = try decode(page: "{}")
        let page = decoded.page
        #expect(page.id == "page@page")
        #expect(page.requestID == "generated-request")
        #expect(page.schemaVersion == 1)
        #expect(page.ttl == 0)
        #expect(page.experiments.isEmpty)
        #expect(page.sections.isEmpty)
        #expect(page.refresh.pullToRefresh)
        #expect(page.pagination == nil)
        #expect(decoded.diagnostics.isEmpty)
    }

    @Test func decodesTheExtensions() throws {
        let page = try decode(page: """
            {"id": "home", "request_id": "req-1", "schema_version": 1, "ttl": 300,
             "experiments": [{"id": "exp", "variant": "b"}, {"id": 3}],
             "nav": {"title": "Home", "right_buttons": [{"title": "Cart", "icon": "cart", "action": {"type": "open_page", "page_id": "cart"}}, {"style": "plain"}]},
             "pagination": {"has_more": true, "postback": {"cursor": "c2"}}, "refresh": {"pull_to_refresh": false}}
            """)
        #expect(page.page.id == "home")
        #expect(page.page.requestID == "req-1")
        #expect(page.page.ttl == 300)
        #expect(page.page.experiments == [Experiment(id: "exp", variant: "b")])
        #expect(page.page.nav?.title?.text == "Home")
        #expect(page.page.nav?.rightButtons.count == 1)
        #expect(page.page.nav?.rightButtons.first?.action?.type == "open_page")
        #expect(page.page.pagination == Pagination(hasMore: true, postback: ["cursor": "c2"]))
        #expect(page.page.refresh.pullToRefresh == false)
        #expect(page.diagnostics.map(\.kindName) == ["dropped_element", "dropped_element"])
        #expect(page.diagnostics.map(\.path) == ["page.experiments.1", "page.nav.right_buttons.1"])
    }

    @Test func refusesAHigherSchemaMajorAsAWhole() {
        #expect(throws: PageDecodingError.unsupportedSchema(version: 2, supported: 1)) {
            try decode(page: #"{"schema_version": 2, "sections": []}"#)
        }
        let error = PageDecodingError.unsupportedSchema(version: 2, supported: 1)
        #expect(error.diagnostic.kind == .unsupportedSchema)
    }

    @Test(arguments: ["2", "2.5", "1e300", "9223372036854775808", "1.0000001"])
    func refusesAnyNumberAboveTheSupportedMajor(version: String) {
        #expect(throws: PageDecodingError.self) { try decode(page: #"{"schema_version": \#(version)}"#) }
        var page = try? decode(page: "{}").page
        let next = Data(#"{"page": {"schema_version": \#(version), "sections": [{"widgets": []}]}}"#.utf8)
        #expect(throws: PageDecodingError.self) { _ = try testDecoder().appendNextPage(next, to: &page!) }
        #expect(page?.sections.isEmpty == true)
    }

    @Test func refusesDocumentsWithoutAPageObject() {
        #expect(throws: PageDecodingError.missingRoot("page")) { try testDecoder().decodePage(Data(#"{"sheet": {}}"#.utf8)) }
        #expect(throws: PageDecodingError.missingRoot("page")) { try testDecoder().decodePage(Data(#"{"page": []}"#.utf8)) }
        #expect(throws: PageDecodingError.self) { try testDecoder().decodePage(Data("not json".utf8)) }
    }

    @Test func containsWrongTypedEnvelopeMembers() throws {
        let decoded = try decode(page: #"{"id": 5, "ttl": "long", "nav": [], "sections": {"x": 1}, "schema_version": "one"}"#)
        #expect(decoded.page.id == "page@page")
        #expect(decoded.page.ttl == 0)
        #expect(decoded.page.nav == nil)
        #expect(Set(decoded.diagnostics.map(\.path)) == ["page.id", "page.ttl", "page.nav", "page.sections", "page.schema_version"])
        #expect(decoded.diagnostics.allSatisfy { $0.kind == .malformedPayload })
    }

    @Test func dropsElementsThatAreNotWidgetsAndReportsThem() throws {
        let decoded = try decode(page: """
            {"sections": [{"id": "s", "widgets": [
              {"type": "test_text", "id": "a", "data": {"title": "A"}},
              42,
              {"id": "typeless", "data": {"title": "no type"}},
              {"type": 7, "id": "numeric-type"},
              {"type": "test_text", "id": "b", "data": {"title": "B"}}]}, "not a section"]}
            """)
        let section = try #require(decoded.page.sections.first)
        #expect(section.widgets.map(\.id) == ["a", "b"])
        #expect(decoded.page.sections.count == 1)
        let drops = decoded.diagnostics.filter { $0.kind == .droppedElement }
        #expect(drops.map(\.path) == ["page.sections.0.widgets.1", "page.sections.0.widgets.2", "page.sections.0.widgets.3", "page.sections.1"])
        #expect(drops[1].message.contains("'type'"))
    }

    @Test func keepsUnknownAndMalformedWidgetsWithDiagnostics() throws {
        let decoded = try decode(page: """
            {"sections": [{"widgets": [
              {"type": "hologram", "id": "h", "data": {"beam": 11}},
              {"type": "test_text", "id": "m", "data": {"not_title": "x"}},
              {"type": "test_text", "id": "s", "data": "not-an-object"}]}]}
            """)
        let widgets = decoded.page.sections[0].widgets
        #expect(widgets.map(\.id) == ["h", "m", "s"])
        guard case .unknown = widgets[0].content, case .malformed(let missing) = widgets[1].content,
            case .malformed(let wrongType) = widgets[2].content
        else {
            Issue.record("expected unknown, malformed, malformed")
            return
        }
        #expect(missing.reason == .missingKey("title"))
        #expect(wrongType.reason == .typeMismatch(expected: "an object", found: "a string"))
        #expect(decoded.diagnostics.map(\.kindName) == ["unknown_type", "malformed_payload", "malformed_payload"])
        #expect(decoded.diagnostics[0].widgetType == "hologram")
        #expect(decoded.diagnostics[1].message.contains("'title'"))
        #expect(decoded.diagnostics[1].path == "page.sections.0.widgets.1")
    }

    @Test func lossyInnerArraysDropBadElementsAndKeepSiblings() throws {
        let decoded = try decode(page: #"{"sections": [{"widgets": [{"type": "test_tags", "id": "t", "data": {"tags": ["a", 1, "b", null]}}]}]}"#)
        let tags = decoded.page.sections[0].widgets[0].content(as: TestTags.self)?.tags
        #expect(tags == ["a", "b"])
        #expect(decoded.diagnostics.map(\.path) == ["page.sections.0.widgets.0.data.tags.1", "page.sections.0.widgets.0.data.tags.3"])
        #expect(decoded.diagnostics.allSatisfy { $0.kind == .droppedElement && $0.widgetType == "test_tags" })
    }

    @Test func containsWrongTypedWidgetEnvelopeMembers() throws {
        let decoded = try decode(page: """
            {"sections": [{"widgets": [{"type": "test_text", "id": "w", "data": {"title": "T"},
              "layout": {"padding": 4}, "tracking": [], "actions": {"tap": {"type": "toast", "message": "hi"}, "bad": "x"},
              "impression": {"min_visible_percent": 150}, "expires_at": "soon"}]}]}
            """)
        let widget = decoded.page.sections[0].widgets[0]
        #expect(text(widget) == "T")
        #expect(widget.layout == nil)
        #expect(widget.tracking.isEmpty)
        // Out of range, the percentage is clamped (and reported), not the whole rule dropped.
        #expect(widget.impression == ImpressionRule(minVisiblePercent: 100))
        #expect(widget.expiresAt == .distantPast, "an expiry that cannot be read is taken as passed")
        #expect(try widget.actions["tap"]?.decode(ToastAction.self).message == "hi")
        #expect(widget.actions["bad"] == nil)
        #expect(decoded.diagnostics.count == 5)
    }

    @Test func unknownArrangementRendersVerticalAndIsReported() throws {
        let decoded = try decode(page: #"{"sections": [{"layout": {"arrangement": "spiral", "columns": 3}, "widgets": []}, {"layout": {"arrangement": "grid"}}]}"#)
        #expect(decoded.page.sections[0].layout.arrangement == .vertical)
        #expect(decoded.page.sections[0].layout.columns == 3)
        #expect(decoded.page.sections[1].layout == SectionLayout(arrangement: .grid, columns: 2))
        #expect(decoded.diagnostics.map(\.kindName) == ["unknown_arrangement"])
        #expect(decoded.diagnostics[0].message.contains("spiral"))
    }

    @Test func decodesSectionExtensions() throws {
        let decoded = try decode(page: """
            {"sections": [{"id": "deals", "tracking": {"section_id": "deals-1", "campaign_id": "c"},
              "requires": {"min_app_version": "2.4", "capabilities": ["video"]}, "expires_at": "2027-01-01T00:00:00Z",
              "header": {"type": "test_text", "data": {"title": "Deals"}},
              "fallback": {"type": "test_text", "id": "deals-fallback", "data": {"title": "Update"}, "fallback": {"type": "test_text"}},
              "widgets": [{"type": "test_text", "data": {"title": "one"}}]}]}
            """)
        let section = decoded.page.sections[0]
        #expect(section.tracking["campaign_id"] == "c")
        #expect(section.requires == Requirements(minAppVersion: AppVersion("2.4"), capabilities: ["video"]))
        #expect(section.expiresAt == RFC3339.date(from: "2027-01-01T00:00:00Z"))
        #expect(text(section.header) == "Deals")
        #expect(section.fallback?.id == "deals-fallback")
        #expect(section.fallback?.fallback == nil)
        #expect(decoded.diagnostics.isEmpty)
    }

    @Test func decodesASheetDocument() throws {
        let data = Data(#"{"sheet": {"id": "s", "config": {"detents": ["medium", 0.4, "huge"], "corner_radius": 24}, "header": {"widgets": [{"type": "test_text", "data": {"title": "h"}}]}, "sections": [{"widgets": []}], "footer": {"widgets": []}}}"#.utf8)
        let decoded = try testDecoder().decodeSheet(data)
        #expect(decoded.sheet.id == "s")
        #expect(decoded.sheet.config.detents == [.medium, .fraction(0.4)])
        #expect(decoded.sheet.config.cornerRadius == 24)
        #expect(decoded.sheet.header.first?.id == "test_text@sheet.header.widgets.0")
        #expect(decoded.diagnostics.map(\.path) == ["sheet.config.detents.2"])
    }

    @Test func nestedWidgetsDecodeWithTheSameRules() throws {
        let decoded = try decode(page: """
            {"sections": [{"widgets": [{"type": "test_list", "id": "list", "data": {"items": [
              {"type": "test_text", "data": {"title": "inner"}}, {"type": "ghost"}, {"data": {}}]}}]}]}
            """)
        let list = try #require(decoded.page.sections[0].widgets[0].content(as: TestList.self))
        #expect(list.items.map(\.id) == ["test_text@page.sections.0.widgets.0.data.items.0", "ghost@page.sections.0.widgets.0.data.items.1"])
        #expect(decoded.diagnostics.map(\.kindName) == ["unknown_type", "dropped_element"])
        #expect(decoded.page.widgetIDs.contains("test_text@page.sections.0.widgets.0.data.items.0"))
    }


    /// A leading byte order mark is ignored, as RFC 8259 §8.1 allows and Foundation's reader
    /// does: a page saved with one by a Windows tool is the page, not "not JSON".
    @Test func aLeadingByteOrderMarkIsNotAWholePageFailure() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"page": {"id": "p", "sections": []}}"#.utf8)
        let foundation = try? JSONSerialization.jsonObject(with: data)
        #expect(foundation != nil)
        #expect(throws: Never.self) { try testDecoder().decodePage(data) }
    }
}

/// Valid JSON that the tree cannot hold costs only the value that holds it (CONTRACT §1).
@Suite struct ContainedValueTests {
    @Test func anOutOfRangeNumberInTrackingCostsNothingButItself() throws {
        let decoded = try decode(page: #"""
            {"id": "p", "sections": [{"id": "s", "widgets": [
              {"type": "test_text", "id": "a", "data": {"title": "A"}, "tracking": {"n": 1e400, "m": 2}},
              {"type": "test_text", "id": "b", "data": {"title": "B"}}]}]}
            """#)
        #expect(decoded.page.sections.first?.widgets.map(\.id) == ["a", "b"])
        #expect(decoded.page.widget(id: "a")?.tracking["m"] == 2)
        #expect(decoded.page.widget(id: "a")?.tracking["n"] == .null)
        let diagnostic = try #require(decoded.diagnostics.first)
        #expect(diagnostic.kind == .malformedPayload)
        #expect(diagnostic.path == "page.sections.0.widgets.0.tracking.n")
        #expect(diagnostic.message.contains("beyond the range"))
    }

    @Test func nestingDeeperThanTheLimitCostsOnlyTheValueThatHoldsIt() throws {
        let deep = String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000)
        let decoded = try decode(page: #"""
            {"id": "p", "sections": [{"id": "s", "widgets": [
              {"type": "test_text", "id": "a", "data": {"title": "A"}, "tracking": {"deep": \#(deep)}},
              {"type": "test_text", "id": "b", "data": {"title": {"text": \#(deep)}}},
              {"type": "test_text", "id": "c", "data": {"title": "C"}}]}]}
            """#)
        let widgets = try #require(decoded.page.sections.first?.widgets)
        #expect(widgets.map(\.id) == ["a", "b", "c"])
        #expect(text(widgets[0]) == "A")
        #expect(text(widgets[2]) == "C")
        // The over-deep title is null: a missing required key, so that one widget is malformed.
        guard case .malformed = widgets[1].content else { Issue.record("b should be malformed"); return }
        let paths = decoded.diagnostics.filter { $0.message.contains("deeper than") }.map(\.path)
        #expect(paths.count == 2)
        #expect(paths.allSatisfy { $0.hasPrefix("page.sections.0.widgets.") })
    }

    @Test func aRepeatedKeyIsReportedAndTheFirstWins() throws {
        let decoded = try decode(page: #"""
            {"id": "p", "sections": [{"id": "s", "widgets": [
              {"type": "test_text", "id": "a", "data": {"title": "first", "title": "second"}}]}]}
            """#)
        #expect(text(decoded.page.widget(id: "a")) == "first")
        #expect(decoded.diagnostics.map(\.path) == ["page.sections.0.widgets.0.data"])
        #expect(decoded.diagnostics.first?.message.contains("repeated key 'title'") == true)
    }


    /// The paths of contained problems have a bound that does not grow with the input: the
    /// first `maximumReportedProblems` are reported with their paths and the rest counted, so
    /// deep values cannot each keep a long path (600 KB of input would make gigabytes).
    @Test func containedProblemsDoNotAmplifyWithDepth() throws {
        let depth = 500, count = 2000
        let tracking = "{\"x\":" + String(repeating: "[", count: depth) + Array(repeating: "1e400", count: count).joined(separator: ",")
            + String(repeating: "]", count: depth) + "}"
        let input = "{\"page\": {\"id\": \"p\", \"sections\": [{\"id\": \"s\", \"widgets\": [{\"type\": \"test_text\", \"data\": {\"title\": \"t\"}, \"tracking\": \(tracking)}]}]}}"
        let decoded = try testDecoder().decodePage(Data(input.utf8))
        let pathBytes = decoded.diagnostics.reduce(0) { $0 + $1.path.utf8.count }
        // At most 100 paths of at most 512 steps of a few bytes each.
        #expect(pathBytes < JSONParser.maximumReportedProblems * JSONParser.maximumDepth * 8, "\(pathBytes) bytes of paths")
        #expect(decoded.diagnostics.count == JSONParser.maximumReportedProblems + 1)
    }
}

@Suite struct NullActionTests {
    /// `null` counts as absent (the documented decision), for an action as for any member.
    @Test func aNullActionIsAbsentAndNotReported() throws {
        let decoded = try decode(page: #"""
            {"sections": [{"widgets": [{"type": "test_text", "id": "a", "data": {"title": "A"},
              "actions": {"tap": null, "long_press": {"type": "dismiss"}}}]}]}
            """#)
        #expect(decoded.diagnostics.isEmpty)
        #expect(decoded.page.widget(id: "a")?.actions.events == ["long_press"])
        #expect(decoded.page.widget(id: "a")?.actions["tap"] == nil)
    }
}
