import FlowCore

/// An `ImageData` in a box of cells: the half-block image once it has arrived; until then and
/// on failure a placeholder of the same size in `placeholder_color` with the `alt` text, and in
/// text-only output a labelled frame with the `alt` text, so the reserved space reads as an image.
public struct ImageAtom {
    public var image: ImageData

    public init(_ image: ImageData) {
        self.image = image
    }

    /// Rows the image reserves at `columns` wide (its aspect ratio; a row is two columns).
    @MainActor
    public func rows(columns: Int, environment: RenderEnvironment) -> Int {
        environment.metrics.imageRows(columns: columns, aspectRatio: image.aspectRatio)
    }

    /// Draws the image filling `rect` of `canvas`.
    @MainActor
    public func draw(in canvas: Canvas, rect: CellRect, environment: RenderEnvironment) {
        guard !rect.isEmpty, !canvas.isClippedAway else { return }
        canvas.noteImage(rect)
        let placeholder = environment.color(image.placeholderColor) ?? environment.token("surface") ?? environment.pageBackground
        if !environment.isPlain,
            let cells = environment.images?.cells(for: image, columns: rect.width, rows: rect.height, background: environment.pageBackground)
        {
            canvas.blit(cells, columns: rect.width, x: rect.x, y: rect.y)
            return
        }
        let alt = SafeText.cleaned(image.alt ?? "", keepingNewlines: false)
        if environment.isPlain {
            drawFrame(in: canvas, rect: rect, label: alt.isEmpty ? environment.words[.image] : alt)
        } else {
            canvas.fill(rect, style: CellStyle(background: placeholder))
            // The label is centred in the part that shows: a card cut by the screen's edge (the
            // next one of a carousel) showed an empty box, its label centred off screen.
            let shown = Self.visible(rect, in: canvas)
            if !alt.isEmpty, shown.width > 2, shown.height > 0 {
                let text = ButtonAtom.truncated(alt, to: shown.width - 2)
                let x = shown.x + (shown.width - DisplayWidth.of(text)) / 2
                canvas.put(text, x: x, y: shown.y + (shown.height - 1) / 2, style: CellStyle(attributes: .dim))
            }
        }
    }

    /// The part of `rect` (the canvas's coordinates) that the canvas's clip lets show.
    static func visible(_ rect: CellRect, in canvas: Canvas) -> CellRect {
        rect.offsetBy(dx: canvas.originX, dy: canvas.originY).intersection(canvas.clip).offsetBy(dx: -canvas.originX, dy: -canvas.originY)
    }

    /// A thin frame with the label centred, for text-only output.
    private func drawFrame(in canvas: Canvas, rect: CellRect, label: String) {
        let style = CellStyle(attributes: .dim)
        guard rect.height >= 3, rect.width >= 4 else {
            let text = ButtonAtom.truncated("[\(label)]", to: rect.width)
            canvas.put(text, x: rect.x, y: rect.y, style: style)
            return
        }
        let horizontal = String(repeating: "─", count: rect.width - 2)
        canvas.put("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            canvas.put("│", x: rect.x, y: y, style: style)
            canvas.put("│", x: rect.maxX - 1, y: y, style: style)
        }
        canvas.put("└" + horizontal + "┘", x: rect.x, y: rect.maxY - 1, style: style)
        let text = ButtonAtom.truncated(label, to: rect.width - 4)
        let x = rect.x + (rect.width - DisplayWidth.of(text)) / 2
        canvas.put(text, x: x, y: rect.y + (rect.height - 1) / 2, style: style)
    }
}
