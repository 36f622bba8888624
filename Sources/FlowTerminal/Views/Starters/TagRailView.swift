import FlowCore
import FlowRuntime
import FlowWidgets

/// `tag_rail`: tags on one row, cut at the edge as a scrolling rail is.
public struct TagRailView: WidgetView, TerminalWidget {
    public let content: TagRailContent
    public let widgetID: String

    public init(content: TagRailContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        width > 0 && !content.tags.isEmpty ? 1 : 0
    }

    public func intrinsicWidth(environment: RenderEnvironment) -> Int? {
        max(0, content.tags.reduce(0) { $0 + TagAtom($1).width + 1 } - 1)
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        TagAtom.drawRow(content.tags, in: canvas, x: 0, y: 0, width: canvas.width, widgetID: widgetID, environment: environment)
    }
}
