import FlowCore
import Foundation
import Testing
@testable import FlowPresentation

/// The reading order: nav, header strip, sections as arranged, footer; a sheet on its own.
@Suite struct ReadingOrderTests {
    func title(_ id: String) -> String { #"{"type": "title_block", "id": "\#(id)", "data": {"title": "\#(id)"}}"# }

    func read(_ page: String) throws -> [String] {
        let model = try A11y.page(page)
        return ReadingOrder(catalog: StarterAccessibility.catalog, environment: A11y.environment()).elements(of: model).map(\.label)
    }

    @Test func navHeaderSectionsAndFooterInThatOrder() throws {
        let page = #"{"page": {"nav": {"title": "Shop", "left_button": {"title": "Back"}, "right_buttons": [{"icon": "cart"}]},"#
            + #" "footer": {"widgets": [\#(title("foot"))]}, "header": {"widgets": [\#(title("head"))]},"#
            + #" "sections": [{"id": "a", "header": \#(title("a-header")), "widgets": [\#(title("a1")), \#(title("a2"))]}, {"id": "b", "widgets": [\#(title("b1"))]}]}}"#
        #expect(try read(page) == ["Back", "Shop", "cart", "head", "a-header", "a1", "a2", "b1", "foot"])
    }

    @Test func aCarouselReadsLeadingToTrailingAtAnyWidth() throws {
        let page = #"{"page": {"sections": [{"id": "c", "layout": {"arrangement": "carousel", "item_spacing": 8},"#
            + #" "widgets": [\#(title("c1")), \#(title("c2")), \#(title("c3"))]}, {"id": "after", "widgets": [\#(title("after"))]}]}}"#
        for width in [0.0, 320, 1024] {
            let model = try A11y.page(page)
            let order = ReadingOrder(catalog: StarterAccessibility.catalog, environment: A11y.environment(), containerWidth: width)
            #expect(order.elements(of: model).map(\.label) == ["c1", "c2", "c3", "after"], "at \(width)")
        }
    }

    @Test func aGridReadsRowByRow() throws {
        let items = (1...5).map { title("g\($0)") }.joined(separator: ", ")
        let page = #"{"page": {"sections": [{"id": "g", "layout": {"arrangement": "grid", "columns": 2, "item_spacing": 12}, "widgets": [\#(items)]}]}}"#
        #expect(try read(page) == ["g1", "g2", "g3", "g4", "g5"])
    }

    @Test func hiddenAndUnshownSectionsAreNotRead() throws {
        let page = #"{"page": {"sections": [{"id": "x", "expires_at": "2000-01-01T00:00:00Z", "widgets": [\#(title("expired"))]},"#
            + #" {"id": "y", "requires": {"min_app_version": "99"}, "fallback": \#(title("instead")), "widgets": [\#(title("unmet"))]},"#
            + #" {"id": "z", "widgets": [{"type": "title_block", "id": "h", "data": {"title": "hidden"}, "accessibility": {"hidden": true}}, \#(title("shown"))]}]}}"#
        #expect(try read(page) == ["instead", "shown"])
    }

    @Test func aSheetReadsItsOwnWidgets() throws {
        let decoder = PageDecoder(catalog: A11y.catalog)
        let sheet = try decoder.decodeSheet(Data(#"{"sheet": {"id": "s", "header": {"widgets": [\#(title("sh"))]}, "sections": [{"widgets": [\#(title("s1"))]}], "footer": {"widgets": [\#(title("sf"))]}}}"#.utf8)).sheet
        let order = ReadingOrder(catalog: StarterAccessibility.catalog, environment: A11y.environment())
        #expect(order.elements(of: sheet).map(\.label) == ["sh", "s1", "sf"])
    }
}
