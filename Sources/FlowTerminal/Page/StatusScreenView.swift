import FlowRuntime

/// The full-screen states of a page without content: loading, empty, and the error of a
/// failed first load with a retry button.
@MainActor
struct StatusScreenView {
    var state: PageLoadState

    func draw(in canvas: Canvas, environment: RenderEnvironment) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        var lines: [(String, CellStyle)] = []
        var hasRetry = false
        switch state {
        case .idle, .loading: lines = [("Loading…", CellStyle(attributes: .dim))]
        case .loaded: return
        case .empty: lines = [("Nothing to show here yet.", CellStyle(attributes: .dim))]
        case .failed(let message):
            lines = [("Something went wrong", CellStyle(attributes: .bold))]
            let detail = TextLayout(StyledText(SafeText.cleaned(message, keepingNewlines: false), style: CellStyle(attributes: .dim)), width: max(1, canvas.width - 4), maxLines: 3, alignment: .center)
            lines += detail.lines.map { (String($0.glyphs.map(\.character)), CellStyle(attributes: .dim)) }
            hasRetry = true
        }
        let total = lines.count + (hasRetry ? 2 : 0)
        var y = max(0, (canvas.height - total) / 2)
        for (text, style) in lines {
            let shown = ButtonAtom.truncated(text, to: canvas.width)
            canvas.put(shown, x: max(0, (canvas.width - DisplayWidth.of(shown)) / 2), y: y, style: style)
            y += 1
        }
        if hasRetry {
            let button = "[ Retry ]"
            let x = max(0, (canvas.width - DisplayWidth.of(button)) / 2)
            canvas.put(button, x: x, y: y + 1, style: environment.focusing(CellStyle(foreground: environment.brand, attributes: .bold), .retry))
            canvas.addTarget(CellRect(x: x, y: y + 1, width: DisplayWidth.of(button), height: 1), target: .retry)
        }
    }
}
