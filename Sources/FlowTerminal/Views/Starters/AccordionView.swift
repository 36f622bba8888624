import FlowCore
import FlowRuntime
import FlowWidgets

/// `accordion`: a header row (`▸` closed, `▾` open) and, when open, its items below, each a
/// widget of any type with its own chrome, indented two columns. Expansion is the widget's local
/// state (a Bool in `WidgetStateStore`), else `initially_expanded`.
public struct AccordionView: WidgetView, TerminalWidget {
    public let content: AccordionContent
    public let widgetID: String

    public init(content: AccordionContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    public func isExpanded(environment: RenderEnvironment) -> Bool {
        if case .bool(let expanded)? = environment.widgetState?[widgetID] { return expanded }
        return content.isInitiallyExpanded
    }

    func header(width: Int, environment: RenderEnvironment) -> TextLayout {
        environment.layout(content.header, width: max(0, width - 2), base: CellStyle(attributes: .bold), maxLines: 2)
    }

    func items(environment: RenderEnvironment) -> [WidgetBox] {
        content.items.enumerated().compactMap { index, item in
            WidgetBox.make(item.resolve(in: environment.evaluation), environment: environment, position: index)
        }
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        var height = max(1, header(width: width, environment: environment).height)
        guard isExpanded(environment: environment) else { return height }
        let inner = max(0, width - 2)
        for item in items(environment: environment) {
            height += item.height(outerWidth: item.outerWidth(container: inner, environment: environment), environment: environment)
        }
        return height
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let expanded = isExpanded(environment: environment)
        let target = HitTarget.disclosure(widgetID: widgetID)
        let header = header(width: canvas.width, environment: environment)
        canvas.put(expanded ? "▾" : "▸", x: 0, y: 0, style: environment.focusing(CellStyle(foreground: environment.brand), target))
        header.draw(in: canvas, x: 2, y: 0)
        let headerRows = max(1, header.height)
        canvas.addTarget(CellRect(x: 0, y: 0, width: canvas.width, height: headerRows), target: target)
        guard expanded else { return }
        var y = headerRows
        let inner = max(0, canvas.width - 2)
        for item in items(environment: environment) {
            let width = item.outerWidth(container: inner, environment: environment)
            let height = item.height(outerWidth: width, environment: environment)
            item.draw(in: canvas.child(CellRect(x: 2, y: y, width: width, height: height)), environment: environment)
            y += height
        }
    }
}
