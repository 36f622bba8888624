/// The end of a paginated list: "Loading more…" while the next page is on its way, the
/// failure with a retry button when it failed (the loaded page stays), and a retry button
/// when next pages in a row added nothing.
struct PaginationRowView {
    var state: PaginationRow

    @MainActor
    func draw(in canvas: Canvas, environment: RenderEnvironment) {
        switch state {
        case .loading:
            let text = environment.words[.loadingMore]
            canvas.put(text, x: max(0, (canvas.width - DisplayWidth.of(text)) / 2), y: 0, style: CellStyle(attributes: .dim))
        case .failed:
            drawRetry(environment.words[.moreFailed], in: canvas, environment: environment)
        case .ended:
            drawRetry(environment.words[.nothingMore], in: canvas, environment: environment)
        }
    }

    /// `text` and a retry button, centred.
    @MainActor
    private func drawRetry(_ message: String, in canvas: Canvas, environment: RenderEnvironment) {
        let button = "[ \(environment.words[.retry]) ]"
        let room = max(0, canvas.width - DisplayWidth.of(button) - 1)
        let text = ButtonAtom.truncated(message, to: room)
        let total = DisplayWidth.of(text) + 1 + DisplayWidth.of(button)
        var x = max(0, (canvas.width - total) / 2)
        x += canvas.put(text, x: x, y: 0, style: CellStyle(attributes: .dim)) + 1
        let style = environment.focusing(CellStyle(foreground: environment.brand, attributes: .bold), .retry)
        canvas.put(button, x: x, y: 0, style: style)
        // Focused, the row has the edge bar every focused thing has, in the sections' margin.
        if environment.focused == .retry { FocusMark.drawEdge(in: canvas, around: CellRect(x: 2, y: 0, width: canvas.width - 2, height: 1), environment: environment) }
        canvas.addTarget(CellRect(x: x, y: 0, width: DisplayWidth.of(button), height: 1), target: .retry)
    }
}
