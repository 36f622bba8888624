import FlowCore
import FlowRuntime
import Foundation
import Testing
@testable import FlowTerminal

/// Any cosmetic value the decoder accepts renders without trapping or exhausting memory: a margin
/// of 1e21 must not trap converting to Int, nor `columns: 1e15` allocate per column. FlowCore
/// clamps them (CosmeticLimits), and the renderer never converts an unbounded length anyway.
@MainActor
@Suite struct ExtremeValueTests {
    @Test(arguments: [
        #"{"id": "s", "widgets": [{"type": "title_block", "id": "t", "layout": {"margin": {"top": 1e21, "left": 1e300}}, "data": {"title": "T"}}]}"#,
        #"{"id": "s", "widgets": [{"type": "title_block", "id": "t", "layout": {"padding": {"bottom": -1e300, "right": 1e21}}, "data": {"title": "T"}}]}"#,
        #"{"id": "s", "layout": {"item_spacing": 1e300, "insets": {"left": 1e21}}, "widgets": [{"type": "title_block", "id": "t", "data": {"title": "T"}}, {"type": "title_block", "id": "u", "data": {"title": "U"}}]}"#,
        #"{"id": "s", "layout": {"arrangement": "grid", "columns": 1e15}, "widgets": [{"type": "banner", "id": "b", "data": {"image": {"url": "u", "aspect_ratio": 1e-300}}}]}"#,
        #"{"id": "s", "layout": {"arrangement": "carousel", "item_spacing": 1e300}, "widgets": [{"type": "banner", "id": "b", "layout": {"corner_radius": 1e300, "border": {"width": 1e300}}, "data": {"image": {"url": "u", "aspect_ratio": 1e300}}}]}"#,
        #"{"id": "s", "widgets": [{"type": "title_block", "id": "t", "data": {"title": {"text": "T", "max_lines": 1e300, "font": {"size": 1e300}}}}]}"#,
    ])
    func extremeCosmeticValuesRenderWithoutTrapping(section: String) throws {
        let page = try TestPages.page(TestPages.json(sections: section))
        for (width, height) in [(80, 24), (40, 10), (1, 1)] {
            let frame = TestPages.render(.showing(page), width: width, height: height)
            #expect(frame.buffer.width == width && frame.buffer.height == height)
        }
    }

    @Test func decodingClampsThemAndSaysSo() throws {
        let decoded = try PageDecoder(catalog: TestPages.registry.catalog).decodePage(Data(TestPages.json(sections:
            #"{"id": "s", "layout": {"arrangement": "grid", "columns": 2.5, "item_spacing": 1e300}, "widgets": [{"type": "title_block", "id": "t", "layout": {"margin": {"top": 1e21}}, "impression": {"min_duration_ms": 2.5, "limit": 1e300}, "data": {"title": "T"}}]}"#).utf8))
        let section = try #require(decoded.page.sections.first)
        #expect(section.layout.arrangement == .grid)
        #expect(section.layout.columns == 2)
        #expect(section.layout.itemSpacing == CosmeticLimits.length)
        #expect(section.widgets.first?.layout?.margin.top == CosmeticLimits.length)
        #expect(section.widgets.first?.impression == ImpressionRule(minDurationMilliseconds: 2, limit: CosmeticLimits.impressionLimit.upperBound))
        #expect(decoded.diagnostics.count == 5)
        #expect(decoded.diagnostics.allSatisfy { $0.message.hasPrefix("adjusted:") })
    }
}
