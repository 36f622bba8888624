import FlowRuntime

/// The full-screen states of a page without content: loading, empty, and the error of a
/// failed first load with a retry button, which says when a retry is under way and how many
/// times loading failed. In the environment's words.
@MainActor
struct StatusScreenView {
    var state: PageLoadState
    var isRetrying = false
    var failedAttempts = 0
    /// The page is not there to load: said so, with no retry.
    var isGone = false

    func draw(in canvas: Canvas, environment: RenderEnvironment) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        let words = environment.words
        var lines: [(String, CellStyle)] = []
        var failure: String?
        switch state {
        case .idle, .loading:
            if isRetrying {
                failure = words.loadFailedDetail ?? ""
            } else {
                lines = [(words.loading, CellStyle(attributes: .dim))]
            }
        case .loaded: return
        case .empty: lines = [(words.nothingHere, CellStyle(attributes: .dim))]
        case .failed(let message): failure = words.loadFailedDetail ?? message
        }
        if isGone, case .failed = state {
            lines = [(words.goneTitle, CellStyle(attributes: .bold))]
            let layout = TextLayout(StyledText(words.goneDetail, style: CellStyle(attributes: .dim)), width: max(1, canvas.width - 4), maxLines: 3, alignment: .center)
            lines += layout.lines.map { (String($0.glyphs.map(\.character)), CellStyle(attributes: .dim)) }
            failure = nil
        }
        if let failure {
            lines = [(words.loadFailedTitle, CellStyle(attributes: .bold))]
            var detail = failure
            if failedAttempts > 1 {
                detail += (detail.isEmpty ? "" : " ") + words.loadFailedAttempts.replacingOccurrences(of: "{count}", with: String(failedAttempts))
            }
            let layout = TextLayout(
                StyledText(SafeText.cleaned(detail, keepingNewlines: false), style: CellStyle(attributes: .dim)),
                width: max(1, canvas.width - 4), maxLines: 3, alignment: .center)
            lines += layout.lines.map { (String($0.glyphs.map(\.character)), CellStyle(attributes: .dim)) }
        }
        let total = lines.count + (failure == nil ? 0 : 2)
        var y = max(0, (canvas.height - total) / 2)
        for (text, style) in lines {
            let shown = ButtonAtom.truncated(text, to: canvas.width)
            canvas.put(shown, x: max(0, (canvas.width - DisplayWidth.of(shown)) / 2), y: y, style: style)
            y += 1
        }
        guard failure != nil else { return }
        let button = ButtonAtom.truncated("[ \(isRetrying ? words.retrying : words.retry) ]", to: canvas.width)
        let x = max(0, (canvas.width - DisplayWidth.of(button)) / 2)
        var style = environment.focusing(CellStyle(foreground: environment.brand, attributes: .bold), .retry)
        if isRetrying { style.attributes.insert(.dim) }
        canvas.put(button, x: x, y: y + 1, style: style)
        // Focused, it has the edge bar every focused thing has, a column before it.
        if environment.focused == .retry, x >= 2 {
            FocusMark.drawEdge(in: canvas, around: CellRect(x: x - 1, y: y + 1, width: DisplayWidth.of(button) + 1, height: 1), environment: environment)
        }
        canvas.addTarget(CellRect(x: x, y: y + 1, width: DisplayWidth.of(button), height: 1), target: .retry)
    }
}
