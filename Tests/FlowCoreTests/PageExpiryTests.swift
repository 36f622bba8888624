import Foundation
import Testing
@testable import FlowCore

/// When a page, as shown, next changes by itself: the first `expires_at` still to come,
/// wherever it sits (a renderer sets one timer for it).
@Suite struct PageExpiryTests {
    let now = RFC3339.date(from: "2026-11-29T12:00:00Z")!

    func at(_ seconds: Int) -> String {
        RFC3339.string(from: now.addingTimeInterval(TimeInterval(seconds)))
    }

    func page(_ sections: String, header: String = "[]", footer: String = "[]") throws -> PageModel {
        try decode(page: #"{"header": {"widgets": \#(header)}, "footer": {"widgets": \#(footer)}, "sections": \#(sections)}"#).page
    }

    func text(_ id: String, expires: Int? = nil) -> String {
        #"{"type": "test_text", "id": "\#(id)", "data": {"title": "t"}\#(expires.map { #", "expires_at": "\#(at($0))""# } ?? "")}"#
    }

    @Test func theFirstExpiryToComeWinsWhereverItSits() throws {
        let sections = #"[{"id": "a", "expires_at": "\#(at(300))", "widgets": [\#(text("w1", expires: 90))]},"#
            + #" {"id": "b", "header": \#(text("h", expires: 60)), "widgets": [\#(text("w2"))], "fallback": \#(text("fb", expires: 45))}]"#
        #expect(try page(sections).nextExpiry(after: now) == now.addingTimeInterval(45))
        #expect(try page(sections, footer: "[\(text("f", expires: 30))]").nextExpiry(after: now) == now.addingTimeInterval(30))
        #expect(try page(sections, header: "[\(text("top", expires: 20))]").nextExpiry(after: now) == now.addingTimeInterval(20))
    }

    @Test func aWidgetsFallbackCounts() throws {
        let widget = #"{"type": "test_text", "id": "w", "data": {"title": "t"}, "fallback": \#(text("fb", expires: 15))}"#
        #expect(try page(#"[{"id": "s", "widgets": [\#(widget)]}]"#).nextExpiry(after: now) == now.addingTimeInterval(15))
    }

    /// §2: an element is shown at its `expires_at` and expires after it, so that instant is
    /// still to come; one already past is not.
    @Test func theInstantItselfIsStillToComeAndThePastIsNot() throws {
        let sections = #"[{"id": "s", "widgets": [\#(text("past", expires: -10)), \#(text("now", expires: 0)), \#(text("later", expires: 10))]}]"#
        #expect(try page(sections).nextExpiry(after: now) == now)
        #expect(try page(sections).nextExpiry(after: now.addingTimeInterval(0.001)) == now.addingTimeInterval(10))
        #expect(try page(sections).nextExpiry(after: now.addingTimeInterval(11)) == nil)
    }

    @Test func nestedWidgetsCount() throws {
        let list = #"{"type": "test_list", "id": "l", "data": {"title": "t", "items": [\#(text("inner", expires: 5))]}}"#
        #expect(try page(#"[{"id": "s", "widgets": [\#(list)]}]"#).nextExpiry(after: now) == now.addingTimeInterval(5))
    }

    @Test func aPageWithoutExpiriesHasNone() throws {
        #expect(try page(#"[{"id": "s", "widgets": [\#(text("w"))]}]"#).nextExpiry(after: now) == nil)
    }
}
