import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit

/// `hero_campaign`: the campaign image across the width (at most a third of a tall screen's
/// worth of rows, 12), then the title, the subtitle, the countdown when the campaign ends
/// within two weeks, and the call to action.
public struct HeroCampaignView: WidgetView, TerminalWidget {
    public let content: HeroCampaignContent
    public let widgetID: String

    public init(content: HeroCampaignContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    func imageRows(width: Int, environment: RenderEnvironment) -> Int {
        min(12, ImageAtom(content.image).rows(columns: width, environment: environment))
    }

    func texts(width: Int, environment: RenderEnvironment) -> [TextLayout] {
        var layouts = [environment.layout(content.title, width: width, base: CellStyle(attributes: .bold), maxLines: 2)]
        if let subtitle = content.subtitle { layouts.append(environment.layout(subtitle, width: width, maxLines: 2)) }
        if let endsAt = content.endsAt {
            let text = CampaignCountdown.text(until: endsAt, now: environment.evaluation.now)
            layouts.append(TextLayout(StyledText(text, style: environment.secondaryStyle), width: width, maxLines: 1))
        }
        return layouts
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        let text = texts(width: width, environment: environment).reduce(0) { $0 + $1.height }
        return imageRows(width: width, environment: environment) + text + (content.cta == nil ? 0 : 2)
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let rows = imageRows(width: canvas.width, environment: environment)
        ImageAtom(content.image).draw(in: canvas, rect: CellRect(x: 0, y: 0, width: canvas.width, height: rows), environment: environment)
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
