import FlowCore
import FlowRuntime
import FlowWidgets

/// `separator`: a line (`─`), a dashed line (`╌`) or blank space, inside its insets; a space
/// is as many rows as its thickness (at least one), a line one row.
public struct SeparatorView: WidgetView, TerminalWidget {
    public let content: SeparatorContent

    public init(content: SeparatorContent, context: WidgetContext) {
        self.content = content
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        let insets = environment.metrics.insets(content.separator.insets)
        let body = content.separator.style == .space ? max(1, environment.metrics.rows(content.separator.thickness ?? 16)) : 1
        return insets.vertical + body
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let separator = content.separator
        guard separator.style != .space else { return }
        let insets = environment.metrics.insets(separator.insets)
        let width = canvas.width - insets.horizontal
        guard width > 0 else { return }
        let glyph = separator.style == .dashed ? "╌" : "─"
        let style = CellStyle(foreground: environment.color(separator.color) ?? environment.token("separator"), attributes: environment.isPlain ? [] : [])
        canvas.put(String(repeating: glyph, count: width), x: insets.left, y: insets.top, style: style)
    }
}
