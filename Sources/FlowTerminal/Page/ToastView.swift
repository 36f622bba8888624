/// A toast: the message in a small box at the bottom of the body, centred, at most two lines.
/// A click dismisses it. Its colours are its own (`style(environment:)`), never those of what
/// lies under it: a toast over a picture reads as well as one over text.
@MainActor
public struct ToastView {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    /// Draws the toast with its bottom row at `bottom` of `canvas`; returns its rectangle.
    @discardableResult
    public func draw(in canvas: Canvas, bottom: Int, environment: RenderEnvironment) -> CellRect {
        let room = max(0, canvas.width - 4)
        let layout = TextLayout(StyledText(SafeText.cleaned(message, keepingNewlines: false)), width: room, maxLines: 2)
        guard layout.height > 0, room > 0 else { return .zero }
        let width = min(canvas.width, layout.usedWidth + 4)
        let rect = CellRect(x: (canvas.width - width) / 2, y: bottom - layout.height + 1, width: width, height: layout.height)
        canvas.surface.hitMap.cover(rect.offsetBy(dx: canvas.originX, dy: canvas.originY))
        let style = Self.style(environment: environment)
        for y in rect.y..<rect.maxY { Self.blankWordsCut(byColumns: rect.x..<rect.maxX, row: y, in: canvas) }
        for y in rect.y..<rect.maxY { canvas.put(String(repeating: " ", count: width), x: rect.x, y: y, style: style) }
        for (row, line) in layout.lines.enumerated() {
            var x = rect.x + 2 + (layout.usedWidth - line.width) / 2
            for glyph in line.glyphs { x += canvas.put(glyph.character, x: x, y: rect.y + row, style: style) }
        }
        canvas.addTarget(rect, target: .toast)
        return rect
    }

    /// The theme's text colour as the box, and black or white on it, whichever reads better;
    /// reverse video where there is no colour (`NO_COLOR`) or no theme colour.
    public static func style(environment: RenderEnvironment) -> CellStyle {
        guard !environment.isPlain, let box = environment.token("text.primary") else { return CellStyle(attributes: [.reverse, .bold]) }
        return CellStyle(foreground: ContrastRatio.readableText(on: box), background: box, attributes: .bold)
    }

    /// The box and a blank column on each side cover the row: a word they cover part of is
    /// left out whole, so no cut piece ("91.99" of "$72.99 $91.99", "東京" of "東京都") reads as
    /// something it is not next to the toast.
    static func blankWordsCut(byColumns covered: Range<Int>, row y: Int, in canvas: Canvas) {
        guard y >= 0, y < canvas.height else { return }
        func isText(_ x: Int) -> Bool { canvas.cell(x: x, y: y)?.readsAsText == true }
        func blank(_ x: Int) {
            guard x >= 0, x < canvas.width else { return }
            canvas.put(" ", x: x, y: y, style: CellStyle(background: canvas.background(x: x, y: y)))
        }
        var left = covered.lowerBound - 1
        while isText(left) { left -= 1 }
        for x in left..<covered.lowerBound { blank(x) }
        var right = covered.upperBound
        while isText(right) { right += 1 }
        for x in covered.upperBound...right { blank(x) }
    }
}
