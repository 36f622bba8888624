import FlowCore
import FlowRuntime
import FlowWidgets

/// `title_block`: the title (bold unless its font says otherwise) and a secondary subtitle.
public struct TitleBlockView: WidgetView, TerminalWidget {
    public let content: TitleBlockContent

    public init(content: TitleBlockContent, context: WidgetContext) {
        self.content = content
    }

    func layouts(width: Int, environment: RenderEnvironment) -> [TextLayout] {
        let title = environment.layout(content.title, width: width, base: CellStyle(attributes: content.title.font?.weight == nil ? .bold : []))
        let subtitle = content.subtitle.map { environment.layout($0, width: width, base: environment.secondaryStyle) }
        return [title] + (subtitle.map { [$0] } ?? [])
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        return layouts(width: width, environment: environment).reduce(0) { $0 + $1.height }
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        var y = 0
        for layout in layouts(width: canvas.width, environment: environment) {
            layout.draw(in: canvas, y: y)
            y += layout.height
        }
    }
}
