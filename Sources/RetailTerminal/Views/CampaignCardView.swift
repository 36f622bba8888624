import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit
import RetailPresentation

/// `campaign_card`: the image (at most 8 rows), the title and the subtitle.
public struct CampaignCardView: WidgetView, TerminalWidget {
    public let content: CampaignCardContent

    public init(content: CampaignCardContent, context: WidgetContext) {
        self.content = content
    }

    func imageRows(width: Int, environment: RenderEnvironment) -> Int {
        content.image.map { min(8, ImageAtom($0).rows(columns: width, environment: environment)) } ?? 0
    }

    func texts(width: Int, environment: RenderEnvironment) -> [TextLayout] {
        var layouts = [environment.layout(content.title, width: width, base: CellStyle(attributes: .bold), maxLines: 2)]
        if let subtitle = content.subtitle { layouts.append(environment.layout(subtitle, width: width, base: environment.secondaryStyle, maxLines: 2)) }
        return layouts
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        return imageRows(width: width, environment: environment) + texts(width: width, environment: environment).reduce(0) { $0 + $1.height }
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
    }
}
