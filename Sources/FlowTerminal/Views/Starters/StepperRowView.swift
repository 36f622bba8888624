import FlowCore
import FlowRuntime
import FlowWidgets

/// `stepper_row`: the title and subtitle at the leading side, `[−] count [+]` at the trailing
/// side. The count is the widget's local state (`WidgetStateStore`), else its `initial`.
public struct StepperRowView: WidgetView, TerminalWidget {
    public let content: StepperRowContent
    public let widgetID: String

    public init(content: StepperRowContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    /// The count shown: the stored state, clamped, else `initial`.
    public func count(environment: RenderEnvironment) -> Int {
        if let value = environment.widgetState?[widgetID]?.intValue { return content.clamped(value) }
        return content.initial
    }

    func controlText(environment: RenderEnvironment) -> String {
        "[−] \(count(environment: environment)) [+]"
    }

    func textLayouts(width: Int, environment: RenderEnvironment) -> [TextLayout] {
        let textWidth = max(0, width - DisplayWidth.of(controlText(environment: environment)) - 1)
        var layouts = [environment.layout(content.title, width: textWidth, base: CellStyle(attributes: .bold), maxLines: 2)]
        if let subtitle = content.subtitle { layouts.append(environment.layout(subtitle, width: textWidth, base: environment.secondaryStyle, maxLines: 2)) }
        return layouts
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        return max(1, textLayouts(width: width, environment: environment).reduce(0) { $0 + $1.height })
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        var y = 0
        for layout in textLayouts(width: canvas.width, environment: environment) {
            layout.draw(in: canvas, y: y)
            y += layout.height
        }
        let count = self.count(environment: environment)
        let text = controlText(environment: environment)
        var x = max(0, canvas.width - DisplayWidth.of(text))
        let minus = HitTarget.stepper(widgetID: widgetID, delta: -1), plus = HitTarget.stepper(widgetID: widgetID, delta: 1)
        var minusStyle = CellStyle(foreground: environment.brand)
        if count <= content.minimum { minusStyle.attributes.insert(.dim) }
        var plusStyle = CellStyle(foreground: environment.brand)
        if count >= content.maximum { plusStyle.attributes.insert(.dim) }
        canvas.put("[−]", x: x, y: 0, style: environment.focusing(minusStyle, minus, isEnabled: count > content.minimum))
        canvas.addTarget(CellRect(x: x, y: 0, width: 3, height: 1), target: minus)
        x += 4
        x += canvas.put(String(count), x: x, y: 0, style: CellStyle(attributes: .bold)) + 1
        canvas.put("[+]", x: x, y: 0, style: environment.focusing(plusStyle, plus, isEnabled: count < content.maximum))
        canvas.addTarget(CellRect(x: x, y: 0, width: 3, height: 1), target: plus)
    }
}
