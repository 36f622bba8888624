import FlowPresentation

/// The full-screen states of a page without content, as `PageStatus` says them: loading,
/// nothing to show, a failed first load with its retry button (dimmed while a retry is under
/// way), a page that is not there with none.
@MainActor
struct StatusScreenView {
    var status: PageStatus

    func draw(in canvas: Canvas, environment: RenderEnvironment) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        var lines: [(String, CellStyle)] = []
        if let title = status.title { lines.append((title, CellStyle(attributes: .bold))) }
        if let detail = status.detail, !detail.isEmpty {
            let dim = CellStyle(attributes: .dim)
            if status.title == nil {
                lines.append((detail, dim))
            } else {
                let layout = TextLayout(
                    StyledText(SafeText.cleaned(detail, keepingNewlines: false), style: dim),
                    width: max(1, canvas.width - 4), maxLines: 3, alignment: .center)
                lines += layout.lines.map { (String($0.glyphs.map(\.character)), dim) }
            }
        }
        let total = lines.count + (status.retry == nil ? 0 : 2)
        var y = max(0, (canvas.height - total) / 2)
        for (text, style) in lines {
            let shown = ButtonAtom.truncated(text, to: canvas.width)
            canvas.put(shown, x: max(0, (canvas.width - DisplayWidth.of(shown)) / 2), y: y, style: style)
            y += 1
        }
        guard let retry = status.retry else { return }
        let button = ButtonAtom.truncated("[ \(retry) ]", to: canvas.width)
        let x = max(0, (canvas.width - DisplayWidth.of(button)) / 2)
        var style = environment.focusing(CellStyle(foreground: environment.brand, attributes: .bold), .retry)
        if status.isRetrying { style.attributes.insert(.dim) }
        canvas.put(button, x: x, y: y + 1, style: style)
        // Focused, it has the edge bar every focused thing has, a column before it.
        if environment.focused == .retry, x >= 2 {
            FocusMark.drawEdge(in: canvas, around: CellRect(x: x - 1, y: y + 1, width: DisplayWidth.of(button) + 1, height: 1), environment: environment)
        }
        canvas.addTarget(CellRect(x: x, y: y + 1, width: DisplayWidth.of(button), height: 1), target: .retry)
    }
}
