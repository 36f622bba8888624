import FlowCore

/// A `TagData` chip on one row: ` text ` on its `bg_color` (its border colour as the text's),
/// or `(text)` without a background and in text-only output.
public struct TagAtom {
    public var tag: TagData

    public init(_ tag: TagData) {
        self.tag = tag
    }

    var label: String {
        SafeText.cleaned(IconGlyph.label(icon: tag.icon, title: tag.text.text), keepingNewlines: false)
    }

    /// Columns the tag takes.
    public var width: Int { DisplayWidth.of(label) + 2 }

    /// Draws the tag at (`x`, `y`); records it as a target when it has an action.
    @MainActor @discardableResult
    public func draw(in canvas: Canvas, x: Int, y: Int, maxWidth: Int? = nil, target: HitTarget, environment: RenderEnvironment) -> Int {
        let columns = min(width, maxWidth ?? width, max(0, canvas.width - x))
        guard columns >= 3 else { return 0 }
        var style = environment.style(of: tag.text)
        let background = environment.isPlain ? nil : environment.color(tag.backgroundColor)
        if let border = environment.color(tag.borderColor), style.foreground == nil { style.foreground = border }
        style.background = background
        style = environment.focusing(style, target)
        let text = ButtonAtom.truncated(label, to: columns - 2)
        let (open, close) = background == nil ? ("(", ")") : (" ", " ")
        canvas.put(open + text + close, x: x, y: y, style: style)
        if tag.action != nil {
            canvas.addTarget(CellRect(x: x, y: y, width: columns, height: 1), target: target, action: tag.action)
        }
        return columns
    }
}

extension TagAtom {
    /// Draws `tags` on one row from (`x`, `y`), one column apart, as many as fit; the rest are
    /// cut (a rail scrolls). Returns the columns used.
    @MainActor @discardableResult
    public static func drawRow(
        _ tags: [TagData], in canvas: Canvas, x: Int, y: Int, width: Int, widgetID: String, environment: RenderEnvironment
    ) -> Int {
        var column = x
        for (index, tag) in tags.enumerated() {
            let atom = TagAtom(tag)
            let remaining = x + width - column
            guard remaining >= 3 else { break }
            column += atom.draw(in: canvas, x: column, y: y, maxWidth: remaining, target: .control(widgetID: widgetID, index: index), environment: environment)
            column += 1
        }
        return max(0, column - x - 1)
    }
}
