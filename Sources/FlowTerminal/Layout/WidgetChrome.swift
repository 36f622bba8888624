import Foundation
import FlowCore
import FlowPresentation

/// The backend's chrome around a widget (CONTRACT §5) in cells, applied in the contract's
/// order (`ChromeLayer.contractOrder`): padding around the content, the background (or a
/// gradient across the cells) under content and padding, the corner clip, the border, then
/// the margin outside.
///
/// A border takes one cell on each side whatever its width in points (a cell is the finest
/// line a terminal draws), solid `─│` or dashed `╌╎` when it has a dash width, with rounded
/// corners `╭╮╰╯` where that corner's radius is above 0 and square ones elsewhere. Without a
/// border, a rounded corner of a coloured box is clipped: its cell shows the parent's
/// background with a quadrant block in the box's colour, the closest a cell comes to a curve.
public struct WidgetChrome: Sendable, Hashable {
    public var margin: CellInsets
    public var padding: CellInsets
    public var hasBorder: Bool
    public var layout: WidgetLayout?

    public init(_ layout: WidgetLayout?, metrics: CellMetrics) {
        self.layout = layout
        margin = layout.map { metrics.insets($0.margin) } ?? .zero
        padding = layout.map { metrics.insets($0.padding) } ?? .zero
        hasBorder = layout?.chromeLayers.contains(.border) ?? false
    }

    /// Everything between the outer box and the content.
    public var totalInsets: CellInsets {
        let border = hasBorder ? 1 : 0
        return margin + padding + CellInsets(top: border, left: border, bottom: border, right: border)
    }

    /// The content's width inside an outer width.
    public func contentWidth(outer: Int) -> Int { max(0, outer - totalInsets.horizontal) }

    /// The outer height around content `height` rows high.
    public func outerHeight(content height: Int) -> Int { height + totalInsets.vertical }

    /// The box inside the margin (background, corners and border), in `outer`'s coordinates.
    public func box(in outer: CellRect) -> CellRect {
        outer.inset(top: margin.top, left: margin.left, bottom: margin.bottom, right: margin.right)
    }

    /// The content's rectangle inside `outer`.
    public func content(in outer: CellRect) -> CellRect {
        let insets = totalInsets
        return outer.inset(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }

    /// Draws the chrome in `canvas` (its bounds are the outer box), in the contract's order;
    /// the caller draws the content into `content(in:)` afterwards.
    @MainActor
    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        guard let layout else { return }
        let box = box(in: canvas.bounds)
        guard !box.isEmpty else { return }
        for layer in layout.chromeLayers {
            switch layer {
            case .padding, .width, .margin: break  // space (the width is the outer box's): nothing to draw
            case .background: drawBackground(layout, box: box, canvas: canvas, environment: environment)
            case .cornerClip where !hasBorder: clipCorners(layout, box: box, canvas: canvas, environment: environment)
            case .cornerClip: break  // the border draws the rounded corners
            case .border: drawBorder(layout, box: box, canvas: canvas, environment: environment)
            }
        }
    }

    /// The background of a box: one colour, or a gradient across its cells. Its colours are
    /// resolved once per box, not once per cell (a hero's gradient has thousands).
    private struct Background {
        /// Whether it is drawn cell by cell: a gradient of more than one colour.
        let isGradient: Bool
        private let colors: [TerminalColor]
        private let dx: Double, dy: Double, low: Double, high: Double

        @MainActor
        init(_ layout: WidgetLayout, box: CellRect, environment: RenderEnvironment) {
            isGradient = layout.gradient.map { $0.colors.count > 1 } == true
            if let gradient = layout.gradient, !gradient.colors.isEmpty {
                colors = gradient.colors.compactMap(environment.color)
                let radians = gradient.angle * .pi / 180
                let dx = cos(radians), dy = sin(radians) * 2  // a row is two columns high
                let corners = [(0.0, 0.0), (Double(box.width - 1), 0.0), (0.0, Double(box.height - 1)), (Double(box.width - 1), Double(box.height - 1))]
                let projections = corners.map { $0.0 * dx + $0.1 * dy }
                (self.dx, self.dy) = (dx, dy)
                low = projections.min() ?? 0
                high = projections.max() ?? 1
            } else {
                colors = environment.color(layout.background).map { [$0] } ?? []
                (dx, dy, low, high) = (0, 0, 0, 0)
            }
        }

        /// The colour at column `x`, row `y` of the box.
        func color(x: Int, y: Int) -> TerminalColor? {
            guard colors.count > 1 else { return colors.first }
            let t = high > low ? ((Double(x) * dx + Double(y) * dy) - low) / (high - low) : 0
            let scaled = t * Double(colors.count - 1)
            let index = min(colors.count - 2, max(0, Int(scaled)))
            return colors[index].mixed(with: colors[index + 1], amount: scaled - Double(index))
        }
    }

    @MainActor
    private func drawBackground(_ layout: WidgetLayout, box: CellRect, canvas: Canvas, environment: RenderEnvironment) {
        let background = Background(layout, box: box, environment: environment)
        if background.isGradient {
            for x in 0..<box.width {
                for y in 0..<box.height {
                    canvas.fill(CellRect(x: box.x + x, y: box.y + y, width: 1, height: 1), style: CellStyle(background: background.color(x: x, y: y)))
                }
            }
        } else if let color = background.color(x: 0, y: 0) {
            canvas.fill(box, style: CellStyle(background: color))
        }
    }

    @MainActor
    private func clipCorners(_ layout: WidgetLayout, box: CellRect, canvas: Canvas, environment: RenderEnvironment) {
        guard let radius = layout.cornerRadius, box.width >= 2, box.height >= 2,
            layout.chromeLayers.contains(.background)
        else { return }
        // A corner is rounded only where padding keeps the content out of its cell: a letter in
        // it would lose its background and read as a notch.
        let top = padding.top > 0, bottom = padding.bottom > 0, left = padding.left > 0, right = padding.right > 0
        let corners: [(Double, Bool, Int, Int, Character)] = [
            (radius.topLeft, top && left, box.x, box.y, "▗"), (radius.topRight, top && right, box.maxX - 1, box.y, "▖"),
            (radius.bottomLeft, bottom && left, box.x, box.maxY - 1, "▝"),
            (radius.bottomRight, bottom && right, box.maxX - 1, box.maxY - 1, "▘"),
        ]
        let background = Background(layout, box: box, environment: environment)
        for (value, isClear, x, y, glyph) in corners where value > 0 && value.isFinite && isClear {
            let inside = background.color(x: x - box.x, y: y - box.y)
            // The parent's background shows around the curve; the quadrant keeps the box's colour.
            canvas.fill(CellRect(x: x, y: y, width: 1, height: 1), style: CellStyle(background: nil))
            if !environment.isPlain {
                canvas.put(glyph, x: x, y: y, style: CellStyle(foreground: inside))
            }
        }
    }

    @MainActor
    private func drawBorder(_ layout: WidgetLayout, box: CellRect, canvas: Canvas, environment: RenderEnvironment) {
        guard let border = layout.border else { return }
        let radius = layout.cornerRadius ?? CornerRadius(0)
        let dashed = (border.dashWidth ?? 0) > 0
        let style = CellStyle(foreground: environment.color(border.color) ?? environment.token("separator"))
        let horizontal: Character = dashed ? "╌" : "─", vertical: Character = dashed ? "╎" : "│"
        let right = box.maxX - 1, bottom = box.maxY - 1
        if box.width >= 2 {
            for x in (box.x + 1)..<right {
                canvas.put(horizontal, x: x, y: box.y, style: style)
                if box.height >= 2 { canvas.put(horizontal, x: x, y: bottom, style: style) }
            }
        }
        if box.height >= 2 {
            for y in (box.y + 1)..<bottom {
                canvas.put(vertical, x: box.x, y: y, style: style)
                if box.width >= 2 { canvas.put(vertical, x: right, y: y, style: style) }
            }
        }
        func corner(_ value: Double, round: Character, square: Character) -> Character { value > 0 ? round : square }
        canvas.put(corner(radius.topLeft, round: "╭", square: "┌"), x: box.x, y: box.y, style: style)
        if box.width >= 2 { canvas.put(corner(radius.topRight, round: "╮", square: "┐"), x: right, y: box.y, style: style) }
        if box.height >= 2 {
            canvas.put(corner(radius.bottomLeft, round: "╰", square: "└"), x: box.x, y: bottom, style: style)
            if box.width >= 2 { canvas.put(corner(radius.bottomRight, round: "╯", square: "┘"), x: right, y: bottom, style: style) }
        }
    }
}
