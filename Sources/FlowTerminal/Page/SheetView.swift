import FlowCore
import FlowPresentation

/// A bottom sheet over the page: its detent's height from `SheetGeometry` (one row of the page
/// stays above a large sheet), a closed edge with rounded corners when it has a corner radius
/// and the grabber in the middle of its top, its header widgets, its sections (scrolling), and its footer
/// widgets at the bottom. The page behind is dimmed, and a click on it dismisses a
/// dismissible sheet.
@MainActor
struct SheetView {
    var sheet: SheetModel
    var scroll: Int

    /// The rows the sheet takes on a screen `height` rows high.
    func height(screenHeight: Int) -> Int {
        let detent = SheetGeometry.restingDetent(of: sheet.config)
        let rows = SheetGeometry.height(for: detent, containerHeight: Double(screenHeight), topInset: 1)
        return min(screenHeight, max(3, Int(rows.rounded())))
    }

    /// What drawing a sheet produced.
    struct Drawn {
        var rect: CellRect
        var laidOut: [LaidOutWidget]
        /// The most its body can scroll (0 when it fits).
        var maxScroll: Int
    }

    /// Draws the sheet at the bottom of `canvas` (the whole screen); returns its rectangle,
    /// what it laid out and how far its body scrolls.
    func draw(in canvas: Canvas, environment: RenderEnvironment) -> Drawn {
        let height = min(canvas.height, self.height(screenHeight: canvas.height))
        let rect = CellRect(x: 0, y: canvas.height - height, width: canvas.width, height: height)
        guard !rect.isEmpty else { return Drawn(rect: rect, laidOut: [], maxScroll: 0) }
        canvas.dimText(in: CellRect(x: 0, y: 0, width: canvas.width, height: rect.y), scrim: environment.isPlain ? nil : environment.pageBackground)
        if sheet.config.isDismissible {
            canvas.addTarget(CellRect(x: 0, y: 0, width: canvas.width, height: rect.y), target: .sheetBackdrop)
        }
        canvas.surface.hitMap.cover(rect.offsetBy(dx: canvas.originX, dy: canvas.originY))
        let surface = environment.isPlain ? nil : environment.token("surface")
        canvas.fill(rect, style: CellStyle(background: surface))
        drawEdge(in: canvas, rect: rect, environment: environment)
        let inner = canvas.child(CellRect(x: rect.x + 1, y: rect.y + 1, width: max(0, rect.width - 2), height: max(0, rect.height - 2)))
        let content = drawContent(in: inner, environment: environment)
        return Drawn(rect: rect, laidOut: content.laidOut, maxScroll: content.maxScroll)
    }

    private func drawEdge(in canvas: Canvas, rect: CellRect, environment: RenderEnvironment) {
        let style = environment.sheetEdgeStyle
        let rounded = Rounding.isRounded(sheet.config.cornerRadius)
        let line = String(repeating: "─", count: max(0, rect.width - 2))
        canvas.put((rounded ? "╭" : "┌") + line + (rounded ? "╮" : "┐"), x: rect.x, y: rect.y, style: style)
        for y in (rect.y + 1)..<max(rect.y + 1, rect.maxY - 1) {
            canvas.put("│", x: rect.x, y: y, style: style)
            canvas.put("│", x: rect.maxX - 1, y: y, style: style)
        }
        // Closed at the bottom too: the status line under it is the app's, not the sheet's.
        canvas.put((rounded ? "╰" : "└") + line + (rounded ? "╯" : "┘"), x: rect.x, y: rect.maxY - 1, style: style)
        if sheet.config.showsGrabber, rect.width >= 8 {
            canvas.put("━━━━", x: rect.x + (rect.width - 4) / 2, y: rect.y, style: CellStyle(foreground: environment.token("text.secondary")))
        }
    }

    private func drawContent(in canvas: Canvas, environment: RenderEnvironment) -> (laidOut: [LaidOutWidget], maxScroll: Int) {
        var top = 0
        var laidOut: [LaidOutWidget] = []
        var maxScroll = 0
        func stack(_ widgets: [WidgetModel], from y: Int) -> Int {
            var y = y
            for (position, widget) in widgets.enumerated() {
                guard let box = WidgetBox.make(widget.resolve(in: environment.evaluation), environment: environment, position: position) else { continue }
                let width = box.outerWidth(container: canvas.width, environment: environment)
                let height = box.height(outerWidth: width, environment: environment)
                box.draw(in: canvas.child(CellRect(x: 0, y: y, width: width, height: height)), environment: environment)
                y += height
            }
            return y
        }
        func stackHeight(_ widgets: [WidgetModel]) -> Int {
            widgets.enumerated().reduce(0) { total, pair in
                guard let box = WidgetBox.make(pair.element.resolve(in: environment.evaluation), environment: environment, position: pair.offset) else { return total }
                return total + box.height(outerWidth: box.outerWidth(container: canvas.width, environment: environment), environment: environment)
            }
        }
        top = stack(sheet.header, from: 0)
        let footerHeight = min(max(0, canvas.height - top), stackHeight(sheet.footer))
        let bodyHeight = max(0, canvas.height - top - footerHeight)
        if bodyHeight > 0 {
            let body = PageBodyLayout(content: BodyContent(sections: sheet.sections), width: canvas.width)
            // A sheet holds a few rows: measuring it whole says how far it scrolls.
            body.ensureComplete(environment: environment)
            maxScroll = max(0, body.measuredHeight - bodyHeight)
            let viewport = canvas.child(CellRect(x: 0, y: top, width: canvas.width, height: bodyHeight))
            laidOut = body.paint(in: viewport, scroll: min(max(0, scroll), maxScroll), carouselOffsets: [:], lookahead: 0, environment: environment).laidOut
        }
        _ = stack(sheet.footer, from: canvas.height - footerHeight)
        return (laidOut, maxScroll)
    }
}
