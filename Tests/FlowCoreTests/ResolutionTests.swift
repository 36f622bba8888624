import Foundation
import Testing
@testable import FlowCore

@Suite struct ResolutionTests {
    let now = RFC3339.date(from: "2026-11-29T12:00:00Z")!
    let modern = ClientContext(appVersion: AppVersion(major: 3), capabilities: ["video"])
    let old = ClientContext(appVersion: AppVersion(major: 2, minor: 0))

    func context(_ client: ClientContext) -> EvaluationContext {
        EvaluationContext(client: client, now: now)
    }

    func widget(_ json: String) throws -> WidgetModel {
        try #require(decode(page: #"{"sections": [{"widgets": [\#(json)]}]}"#).page.sections.first?.widgets.first)
    }

    @Test func okWidgetsAreShownAsThemselves() throws {
        let resolved = try widget(#"{"type": "test_text", "id": "w", "data": {"title": "t"}}"#).resolve(in: context(modern))
        #expect(resolved.status == .ok)
        #expect(resolved.shown?.id == "w")
    }

    @Test func unknownAndMalformedUseTheirFallback() throws {
        let unknown = try widget(#"{"type": "hologram", "fallback": {"type": "test_text", "id": "fb", "data": {"title": "f"}}}"#)
        let malformed = try widget(#"{"type": "test_text", "data": {}, "fallback": {"type": "test_text", "id": "fb", "data": {"title": "f"}}}"#)
        #expect(unknown.resolve(in: context(modern)).status == .fallback)
        #expect(unknown.resolve(in: context(modern)).shown?.id == "fb")
        #expect(malformed.resolve(in: context(modern)).status == .fallback)
    }

    @Test func withoutAUsableFallbackTheOutcomeStays() throws {
        let unknown = try widget(#"{"type": "hologram", "fallback": {"type": "hologram2"}}"#)
        let malformed = try widget(#"{"type": "test_text", "data": {}}"#)
        #expect(unknown.resolve(in: context(modern)).status == .unknown)
        #expect(unknown.resolve(in: context(modern)).shown == nil)
        #expect(malformed.resolve(in: context(modern)).status == .malformed)
    }

    @Test func unmetRequirementsAreIncompatibleOrFallBack() throws {
        let gated = try widget(#"{"type": "test_text", "data": {"title": "live"}, "requires": {"min_app_version": "2.6", "capabilities": ["video"]}}"#)
        let gatedWithFallback = try widget(#"{"type": "test_text", "data": {"title": "live"}, "requires": {"capabilities": ["video"]}, "fallback": {"type": "test_text", "id": "still", "data": {"title": "still"}}}"#)
        var reported: [Diagnostic] = []
        #expect(gated.resolve(in: context(modern)).status == .ok)
        #expect(gated.resolve(in: context(old)) { reported.append($0) }.status == .incompatible)
        #expect(gatedWithFallback.resolve(in: context(old)).shown?.id == "still")
        #expect(reported.map(\.kindName) == ["incompatible"])
        #expect(reported[0].message.contains("2.6"))
    }

    @Test func unreadableRequirementsAreNeverMet() throws {
        let decoded = try decode(page: #"{"sections": [{"widgets": [{"type": "test_text", "data": {"title": "x"}, "requires": {"min_app_version": "two"}}]}]}"#)
        #expect(decoded.diagnostics.map(\.kindName) == ["malformed_payload"])
        #expect(decoded.page.sections[0].widgets[0].resolve(in: context(modern)).status == .incompatible)
    }

    @Test func expiryIsEvaluatedAgainstThePassedInstant() throws {
        let expiring = try widget(#"{"type": "test_text", "data": {"title": "x"}, "expires_at": "2026-11-29T12:00:00Z", "fallback": {"type": "test_text", "data": {"title": "f"}}}"#)
        let before = EvaluationContext(client: modern, now: now.addingTimeInterval(-1))
        let after = EvaluationContext(client: modern, now: now.addingTimeInterval(0.001))
        #expect(expiring.resolve(in: before).status == .ok)
        #expect(expiring.resolve(in: after).status == .expired)
        #expect(expiring.resolve(in: after).shown == nil)
    }

    /// An expiry that cannot be read counts as passed, and is reported: an instant the
    /// schema's pattern lets through but no calendar has (30 February, 24:00 offsets) must
    /// not keep what it guards for ever.
    @Test(arguments: ["2026-02-30T00:00:00Z", "2026-12-03T08:00:00+24:00", "2026-12-03T99:99:99Z", "soon", "1796282625"])
    func anExpiryThatCannotBeReadHidesWhatItGuards(instant: String) throws {
        let decoded = try decode(page: #"""
            {"sections": [{"id": "s", "expires_at": "\#(instant)", "widgets": [{"type": "test_text", "data": {"title": "x"}}]},
                          {"id": "t", "widgets": [{"type": "test_text", "data": {"title": "y"}, "expires_at": "\#(instant)"}]}]}
            """#)
        let resolved = decoded.page.resolve(in: context(modern))
        #expect(resolved.sections[0].status == .expired)
        #expect(resolved.sections[1].widgets[0].status == .expired)
        #expect(decoded.diagnostics.map(\.kindName) == ["malformed_payload", "malformed_payload"])
        #expect(decoded.diagnostics.allSatisfy { $0.message.contains("taken as passed") })
    }

    /// §2: "after it": at exactly `expires_at` the element is still shown.
    @Test func atExactlyItsExpiryAnElementIsStillShown() throws {
        let decoded = try decode(page: #"""
            {"sections": [{"id": "s", "expires_at": "2026-11-29T12:00:00Z", "widgets": [
              {"type": "test_text", "data": {"title": "x"}, "expires_at": "2026-11-29T12:00:00Z"}]}]}
            """#)
        let resolved = decoded.page.resolve(in: context(modern))
        #expect(resolved.sections.first?.status == .ok)
        #expect(resolved.sections.first?.widgets.first?.status == .ok)
        #expect(resolved.diagnostics.isEmpty)
    }


    /// An element is shown at exactly its `expires_at` and expired a millisecond after it:
    /// expiry is after the instant, to the millisecond.
    @Test func expiryIsAfterTheInstant() throws {
        let page = """
            {"sections": [{"id": "s", "widgets": [{"type": "test_text", "id": "t", "data": {"title": "x"}, "expires_at": "2030-01-01T00:00:00.000Z"}]}]}
            """
        let decoded = try decode(page: page)
        let widget = try #require(decoded.page.widget(id: "t"))
        let at = try #require(RFC3339.date(from: "2030-01-01T00:00:00Z"))
        let client = ClientContext(appVersion: AppVersion(major: 9))
        #expect(widget.resolve(in: EvaluationContext(client: client, now: at)).status == .ok)
        #expect(widget.resolve(in: EvaluationContext(client: client, now: at.addingTimeInterval(0.001))).status == .expired)
    }

    @Test func aFallbackMustItselfBeShowable() throws {
        let gatedFallback = try widget(#"{"type": "hologram", "fallback": {"type": "test_text", "data": {"title": "f"}, "requires": {"capabilities": ["ar"]}}}"#)
        #expect(gatedFallback.resolve(in: context(modern)).status == .unknown)
    }

    @Test func sectionStatuses() throws {
        let page = try decode(page: """
            {"sections": [
              {"id": "ok", "widgets": [{"type": "test_text", "data": {"title": "a"}}, {"type": "hologram"}]},
              {"id": "gated", "requires": {"capabilities": ["ar"]}, "widgets": [{"type": "test_text", "data": {"title": "a"}}]},
              {"id": "gated-fb", "requires": {"capabilities": ["ar"]}, "fallback": {"type": "test_text", "data": {"title": "f"}}, "widgets": []},
              {"id": "expired", "expires_at": "2026-01-01T00:00:00Z", "widgets": [{"type": "test_text", "data": {"title": "a"}}]},
              {"id": "empty", "header": {"type": "test_text", "data": {"title": "h"}}, "widgets": [{"type": "hologram"}]},
              {"id": "empty-fb", "fallback": {"type": "test_text", "data": {"title": "f"}}, "widgets": [{"type": "test_text", "data": {}}]}]}
            """).page
        let resolved = page.resolve(in: context(modern))
        #expect(resolved.sections.map(\.status) == [.ok, .incompatible, .fallback, .expired, .empty, .fallback])
        #expect(resolved.sections[2].shownFallback?.type == "test_text")
        #expect(resolved.sections[0].widgets.map(\.status) == [.ok, .unknown])
        #expect(resolved.diagnostics.map(\.kindName) == ["incompatible", "incompatible", "expired"])
    }
}
