import FlowCore
import FlowRuntime
import FlowWidgets

/// `banner`: the image across the width at its aspect ratio, the title and subtitle over its
/// bottom rows (below it when the image is too short to hold them).
public struct BannerView: WidgetView, TerminalWidget {
    public let content: BannerContent

    public init(content: BannerContent, context: WidgetContext) {
        self.content = content
    }

    func texts(width: Int, environment: RenderEnvironment) -> [TextLayout] {
        let inner = max(0, width - 4)
        var layouts: [TextLayout] = []
        if let title = content.title { layouts.append(environment.layout(title, width: inner, base: CellStyle(attributes: .bold), maxLines: 2)) }
        if let subtitle = content.subtitle { layouts.append(environment.layout(subtitle, width: inner, maxLines: 2)) }
        return layouts
    }

    func imageRows(width: Int, environment: RenderEnvironment) -> Int {
        ImageAtom(content.image).rows(columns: width, environment: environment)
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        let rows = imageRows(width: width, environment: environment)
        let text = texts(width: width, environment: environment).reduce(0) { $0 + $1.height }
        return text > 0 && text + 2 > rows ? rows + text : rows
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let rows = imageRows(width: canvas.width, environment: environment)
        ImageAtom(content.image).draw(in: canvas, rect: CellRect(x: 0, y: 0, width: canvas.width, height: rows), environment: environment)
        let layouts = texts(width: canvas.width, environment: environment)
        let text = layouts.reduce(0) { $0 + $1.height }
        guard text > 0 else { return }
        var y = text + 2 > rows ? rows : rows - 1 - text
        let x = text + 2 > rows ? 0 : 2
        for layout in layouts {
            layout.draw(in: canvas, x: x, y: y)
            y += layout.height
        }
    }
}
