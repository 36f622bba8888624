import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal

/// The shopper's own screens mark focus the way pages do: the edge bar and an emphasised title, on
/// a tile without a picture and on search's "all results" row.
@MainActor
@Suite struct ShopperFocusStyleTests {
    static func environment() -> RenderEnvironment {
        RenderEnvironment(isPlain: false, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
    }

    @Test func aFocusedTileWithoutAPictureEmphasisesItsTitleNotItsInitial() throws {
        var environment = Self.environment()
        environment.focusedWidgetID = "w"
        let box = try RetailViewTests.box(#"{"type": "category_tile", "id": "w", "data": {"category_id": "c", "title": "Bags", "icon": "unknown-icon"}}"#, environment: environment)
        let height = box.height(outerWidth: 12, environment: environment)
        let surface = DrawSurface(width: 12, height: height)
        box.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        let lines = surface.buffer.plainLines
        let titleRow = try #require(lines.firstIndex { $0.contains("Bags") })
        let initialRow = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "B" })
        let titleX = try #require(lines[titleRow].firstIndex(of: "B")).utf16Offset(in: lines[titleRow])
        let initialX = try #require(lines[initialRow].firstIndex(of: "B")).utf16Offset(in: lines[initialRow])
        #expect(surface.buffer[titleX, titleRow].style.attributes.contains(.underline), "\(lines)")
        #expect(!surface.buffer[initialX, initialRow].style.attributes.contains(.underline), "the initial stands for the picture")
    }

    @Test func searchsAllResultsRowHasTheEdgeBarWhileItIsWhatEnterDoes() {
        func draw(selection: Int?) -> CellBuffer {
            var search = SearchSummary()
            search.suggestions = [SearchSummary.Suggestion(text: "Wool coat Cora", kind: .product, target: "product:p-1")]
            let view = SearchScreenView.of(query: "coat", suggestions: search, selection: selection, locale: .enUS)
            let surface = DrawSurface(width: 40, height: 12)
            _ = view.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: Self.environment())
            return surface.buffer
        }
        let enter = draw(selection: nil), chosen = draw(selection: 0)
        let row = enter.plainLines.firstIndex { $0.contains("↵") } ?? 0
        #expect(enter[1, row].grapheme == String(FocusMark.bar), "\(enter.plainLines)")
        #expect(chosen[1, row].grapheme != String(FocusMark.bar), "a chosen suggestion takes the bar")
        let suggestion = chosen.plainLines.firstIndex { $0.contains("Wool coat") } ?? 0
        #expect(chosen[1, suggestion].grapheme == String(FocusMark.bar))
    }
}
