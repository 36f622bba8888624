import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit
import RetailPresentation

/// `search_bar`: one row, the search glyph and the placeholder across the width, on the
/// theme's surface colour (in brackets in text-only output). Its tap opens search.
public struct SearchBarView: WidgetView, TerminalWidget {
    public let content: SearchBarContent

    public init(content: SearchBarContent, context: WidgetContext) {
        self.content = content
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int { width > 0 ? 1 : 0 }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let placeholder = SafeText.cleaned(content.placeholder ?? environment.shopperWords[.searchPlaceholder], keepingNewlines: false)
        if environment.isPlain {
            let inner = max(0, canvas.width - 4)
            let text = "⌕ " + placeholder
            let shown = TextCut.fit(text, to: inner)
            canvas.put("[ " + shown + String(repeating: " ", count: max(0, inner - DisplayWidth.of(shown))) + " ]", x: 0, y: 0, style: CellStyle(attributes: .dim))
            return
        }
        canvas.fill(CellRect(x: 0, y: 0, width: canvas.width, height: 1), style: CellStyle(background: environment.token("surface")))
        canvas.put("⌕", x: 1, y: 0, style: CellStyle(foreground: environment.brand))
        canvas.put(TextCut.fit(placeholder, to: max(0, canvas.width - 4)), x: 3, y: 0, style: environment.secondaryStyle)
    }
}
