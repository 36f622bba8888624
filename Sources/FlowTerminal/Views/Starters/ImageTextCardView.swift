import FlowCore
import FlowRuntime
import FlowWidgets

/// `image_text_card`: a thumbnail at the leading side (above the text when the card is
/// narrower than 30 columns), then the title, subtitle and a row of tags, and the trailing icon
/// (a control after the tags when it has an action).
public struct ImageTextCardView: WidgetView, TerminalWidget {
    public let content: ImageTextCardContent
    public let widgetID: String

    public init(content: ImageTextCardContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    struct Plan {
        var image: CellRect?
        var textX: Int
        var textY: Int
        var textWidth: Int
        var title: TextLayout
        var subtitle: TextLayout?
        var height: Int
    }

    func plan(width: Int, environment: RenderEnvironment) -> Plan {
        let trailing = IconGlyph.glyph(content.trailingIcon) != nil ? 2 : 0
        var image: CellRect?
        var textX = 0, textY = 0
        var textWidth = max(0, width - trailing)
        if let data = content.image {
            let atom = ImageAtom(data)
            if width >= 30 {
                let columns = max(6, width / 4)
                let rows = min(6, atom.rows(columns: columns, environment: environment))
                image = CellRect(x: 0, y: 0, width: columns, height: rows)
                textX = columns + 2
                textWidth = max(0, width - textX - trailing)
            } else {
                let rows = min(8, atom.rows(columns: width, environment: environment))
                image = CellRect(x: 0, y: 0, width: width, height: rows)
                textY = rows
            }
        }
        let title = environment.layout(content.title, width: textWidth, base: CellStyle(attributes: .bold), maxLines: 2)
        let subtitle = content.subtitle.map { environment.layout($0, width: textWidth, base: environment.secondaryStyle, maxLines: 3) }
        let textRows = title.height + (subtitle?.height ?? 0) + (content.tags.isEmpty ? 0 : 1)
        let height = textWidth > 0 ? max(image.map { $0.maxY } ?? 0, textY + textRows) : (image?.maxY ?? 0)
        return Plan(image: image, textX: textX, textY: textY, textWidth: textWidth, title: title, subtitle: subtitle, height: height)
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        return plan(width: width, environment: environment).height
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let plan = plan(width: canvas.width, environment: environment)
        if let rect = plan.image, let data = content.image { ImageAtom(data).draw(in: canvas, rect: rect, environment: environment) }
        var y = plan.textY
        plan.title.draw(in: canvas, x: plan.textX, y: y)
        y += plan.title.height
        if let subtitle = plan.subtitle {
            subtitle.draw(in: canvas, x: plan.textX, y: y)
            y += subtitle.height
        }
        if !content.tags.isEmpty, plan.textWidth > 0 {
            TagAtom.drawRow(content.tags, in: canvas, x: plan.textX, y: y, width: plan.textWidth, widgetID: widgetID, environment: environment)
        }
        if let glyph = IconGlyph.glyph(content.trailingIcon) {
            let y = max(0, (plan.height - 1) / 2)
            var style = CellStyle(foreground: environment.color(content.trailingIcon?.color), attributes: .dim)
            // With an action the icon is a control of its own, after the tags.
            if let action = content.trailingIcon?.action {
                let target = HitTarget.control(widgetID: widgetID, index: content.tags.count)
                style.attributes.remove(.dim)
                style = environment.focusing(style, target)
                canvas.addTarget(CellRect(x: canvas.width - 1, y: y, width: 1, height: 1), target: target, action: action)
            }
            canvas.put(glyph, x: canvas.width - 1, y: y, style: style)
        }
    }
}
