import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit
import RetailPresentation

/// `hero_campaign`: the campaign image, the title, the subtitle, the countdown when the
/// campaign ends within two weeks (in the shopper's words: "Endet in 6 Tagen"), and the call
/// to action. It takes at most a third of the screen's rows (`maximumRows`): stacked, the
/// image gives way to the text; when that would leave a sliver of picture on a screen wide
/// enough, the image goes beside the text instead.
public struct HeroCampaignView: WidgetView, TerminalWidget {
    public let content: HeroCampaignContent
    public let widgetID: String

    public init(content: HeroCampaignContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    /// How the hero is laid out at a width.
    struct Arrangement {
        var image: CellRect
        var textX: Int
        var textWidth: Int
        var height: Int
    }

    /// A third of the screen: the body's rows and the four the bars take, divided by three.
    /// Without a known screen, 12 rows of image.
    static func maximumRows(_ environment: RenderEnvironment) -> Int? {
        environment.viewportRows.map { max(4, ($0 + 4) / 3) }
    }

    func arrangement(width: Int, environment: RenderEnvironment) -> Arrangement {
        let natural = { (columns: Int) in min(12, ImageAtom(content.image).rows(columns: columns, environment: environment)) }
        let textRows = texts(width: width, environment: environment).reduce(0) { $0 + $1.height } + ctaRows
        guard let cap = Self.maximumRows(environment), natural(width) + textRows > cap else {
            let rows = natural(width)
            return Arrangement(image: CellRect(x: 0, y: 0, width: width, height: rows), textX: 0, textWidth: width, height: rows + textRows)
        }
        if width >= 60 {
            let imageWidth = width * 2 / 5
            let textWidth = width - imageWidth - 2
            let sideText = texts(width: textWidth, environment: environment).reduce(0) { $0 + $1.height } + ctaRows
            let rows = min(cap, natural(imageWidth))
            return Arrangement(
                image: CellRect(x: 0, y: 0, width: imageWidth, height: rows), textX: imageWidth + 2, textWidth: textWidth,
                height: max(rows, sideText))
        }
        let rows = max(0, cap - textRows)
        return Arrangement(image: CellRect(x: 0, y: 0, width: width, height: rows), textX: 0, textWidth: width, height: rows + textRows)
    }

    private var ctaRows: Int { content.cta == nil ? 0 : 2 }

    func texts(width: Int, environment: RenderEnvironment) -> [TextLayout] {
        var layouts = [environment.layout(content.title, width: width, base: CellStyle(attributes: .bold), maxLines: 2)]
        if let subtitle = content.subtitle { layouts.append(environment.layout(subtitle, width: width, maxLines: 2)) }
        if let endsAt = content.endsAt {
            let text = Countdown.text(until: endsAt, now: environment.evaluation.now, in: environment.appLocale)
            layouts.append(TextLayout(StyledText(text, style: environment.secondaryStyle), width: width, maxLines: 1))
        }
        return layouts
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        return arrangement(width: width, environment: environment).height
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let layout = arrangement(width: canvas.width, environment: environment)
        if !layout.image.isEmpty { ImageAtom(content.image).draw(in: canvas, rect: layout.image, environment: environment) }
        var y = layout.textX == 0 ? layout.image.height : 0
        for text in texts(width: layout.textWidth, environment: environment) {
            text.draw(in: canvas, x: layout.textX, y: y)
            y += text.height
        }
        if let cta = content.cta {
            ButtonAtom(cta).draw(in: canvas, x: layout.textX, y: y + 1, width: cta.isFullWidth ? layout.textWidth : nil,
                                 target: .control(widgetID: widgetID, index: 0), environment: environment)
        }
    }
}
