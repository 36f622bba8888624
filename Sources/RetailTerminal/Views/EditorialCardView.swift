import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit
import RetailPresentation

/// `editorial_card`: the image (at most 10 rows), the kicker (secondary, bold), the title, the
/// body (markdown when it says so; four lines unless its `max_lines` says otherwise) and the
/// call to action.
public struct EditorialCardView: WidgetView, TerminalWidget {
    public let content: EditorialCardContent
    public let widgetID: String

    public init(content: EditorialCardContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    func imageRows(width: Int, environment: RenderEnvironment) -> Int {
        content.image.map { min(10, ImageAtom($0).rows(columns: width, environment: environment)) } ?? 0
    }

    func texts(width: Int, environment: RenderEnvironment) -> [TextLayout] {
        var layouts: [TextLayout] = []
        if let kicker = content.kicker { layouts.append(environment.layout(kicker, width: width, base: environment.secondaryStyle.adding(.bold), maxLines: 1)) }
        layouts.append(environment.layout(content.title, width: width, base: CellStyle(attributes: .bold), maxLines: 3))
        if let body = content.body { layouts.append(environment.layout(body, width: width, maxLines: 4)) }
        return layouts
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        let text = texts(width: width, environment: environment).reduce(0) { $0 + $1.height }
        return imageRows(width: width, environment: environment) + text + (content.cta == nil ? 0 : 2)
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let rows = imageRows(width: canvas.width, environment: environment)
        if let image = content.image {
            ImageAtom(image).draw(in: canvas, rect: CellRect(x: 0, y: 0, width: canvas.width, height: rows), environment: environment)
        }
        var y = rows
        for layout in texts(width: canvas.width, environment: environment) {
            layout.draw(in: canvas, y: y)
            y += layout.height
        }
        if let cta = content.cta {
            ButtonAtom(cta).draw(in: canvas, x: 0, y: y + 1, width: cta.isFullWidth ? canvas.width : nil,
                                 target: .control(widgetID: widgetID, index: 0), environment: environment)
        }
    }
}
