import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import Testing
import RetailTerminal

// docs/ARCHITECTURE.md, "Recipe: add a widget type": the code the recipe shows, compiled and
// run (`RecipesInTheDocsTests` holds the recipe's blocks to this file).

public struct RatingBadgeContent: WidgetContent, Hashable {
    public static let widgetType = "rating_badge"
    public var rating: Double
    public init(from data: JSONNode) throws(DecodingFailure) {
        rating = min(max(try data.require("rating"), 0), 5)
    }
}

public struct RatingBadgeView: WidgetView, TerminalWidget {
    public let content: RatingBadgeContent
    public init(content: RatingBadgeContent, context: WidgetContext) { self.content = content }
    public func height(width: Int, environment: RenderEnvironment) -> Int { width > 0 ? 1 : 0 }
    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        canvas.put("★ \(content.rating)", x: 0, y: 0, style: environment.secondaryStyle)
    }
}

@MainActor
@Suite struct AddAWidgetTypeRecipeTests {
    static func page(_ widget: String, registry: TerminalWidgetRegistry) throws -> PageModel {
        try PageDecoder(catalog: registry.catalog).decodePage(Data(#"{"page": {"sections": [{"widgets": [\#(widget)]}]}}"#.utf8)).page
    }

    @Test func theRecipesWidgetDecodesClampsAndDraws() throws {
        var registry = RetailViews.makeRegistry()
        registry.registerTerminalView(RatingBadgeView.self)
        let page = try Self.page(#"{"type": "rating_badge", "id": "r", "data": {"rating": 7}}"#, registry: registry)
        let environment = RenderEnvironment(isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: registry)
        let widget = try #require(page.sections.first?.widgets.first)
        let box = try #require(WidgetBox.make(widget.resolve(in: environment.evaluation), environment: environment))
        let surface = DrawSurface(width: 12, height: box.height(outerWidth: 12, environment: environment))
        box.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        #expect(surface.buffer.plainLines.first?.hasPrefix("★ 5.0") == true)
    }

    @Test func aBadgeWithoutARatingIsMalformed() throws {
        var registry = RetailViews.makeRegistry()
        registry.registerTerminalView(RatingBadgeView.self)
        let page = try Self.page(#"{"type": "rating_badge", "id": "r", "data": {}}"#, registry: registry)
        let widget = try #require(page.sections.first?.widgets.first)
        let resolved = widget.resolve(in: EvaluationContext(client: VitrineApp.clientContext, now: Date()))
        #expect(resolved.status == .malformed)
    }
}
