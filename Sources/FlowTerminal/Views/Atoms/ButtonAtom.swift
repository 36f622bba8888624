import FlowCore

/// A `ButtonData` on one row. Solid buttons are a coloured block (`bg_color`, else the brand
/// colour), outline buttons brackets in the brand colour, plain buttons an underlined label.
/// Text only, solid and outline read `[ Title ]` so a button still looks like one. Disabled is
/// muted (grey on the surface colour); focus makes an enabled one brighter and only underlines
/// a disabled one (`FocusMark.brighter`); `full_width` stretches it and centres the label.
public struct ButtonAtom {
    public var button: ButtonData

    public init(_ button: ButtonData) {
        self.button = button
    }

    var label: String {
        SafeText.cleaned(IconGlyph.label(icon: button.icon, title: button.title?.text), keepingNewlines: false)
    }

    /// Columns the button takes on its own.
    public var width: Int {
        let text = DisplayWidth.of(label)
        return button.style == .plain ? text : text + 4
    }

    /// Draws the button at (`x`, `y`) in `canvas`, `width` columns (its own width when nil);
    /// records it as a target. Returns the columns it took.
    @MainActor @discardableResult
    public func draw(in canvas: Canvas, x: Int, y: Int, width: Int? = nil, target: HitTarget, environment: RenderEnvironment) -> Int {
        let columns = min(max(0, width ?? self.width), max(0, canvas.width - x))
        guard columns > 0 else { return 0 }
        var style = CellStyle()
        if let title = button.title { style = environment.style(of: title) }
        let text = label
        switch button.style {
        case .solid:
            let background = environment.color(button.backgroundColor) ?? environment.brand
            style.background = environment.isPlain ? nil : background
            style.attributes.insert(.bold)
        case .outline:
            style.foreground = style.foreground ?? environment.brand
        case .plain:
            style.foreground = style.foreground ?? environment.brand
            style.attributes.insert(.underline)
        }
        if button.isDisabled { style = Self.disabled(style, solid: button.style == .solid, environment: environment) }
        // Focused (the control with the keys, or its widget's first button, which Enter fires):
        // brighter; a disabled one only marked, never looking like one that works.
        if environment.focused == target { style = FocusMark.brighter(style, environment: environment, isEnabled: !button.isDisabled) }
        let bracketed = button.style == .outline || (button.style == .solid && environment.isPlain)
        let inner = button.style == .plain ? columns : max(0, columns - 4)
        let shown = Self.truncated(text, to: inner)
        let padding = max(0, inner - DisplayWidth.of(shown))
        let lead = padding / 2
        var content = String(repeating: " ", count: lead) + shown + String(repeating: " ", count: padding - lead)
        if button.style != .plain {
            content = (bracketed ? "[ " : "  ") + content + (bracketed ? " ]" : "  ")
        }
        // The underline (focus, a plain button's) runs under the label, not the padding.
        var padStyle = style
        padStyle.attributes.remove(.underline)
        canvas.put(content, x: x, y: y, style: padStyle)
        canvas.put(shown, x: x + (button.style == .plain ? 0 : 2) + lead, y: y, style: style)
        canvas.addTarget(CellRect(x: x, y: y, width: columns, height: 1), target: target, action: button.isDisabled ? nil : button.action)
        return columns
    }

    /// A disabled button: muted, its colour gone (a solid one on the surface colour with the
    /// secondary text colour, which reads on it), so that it never looks like one that works.
    @MainActor
    static func disabled(_ style: CellStyle, solid: Bool, environment: RenderEnvironment) -> CellStyle {
        var style = style
        style.attributes.remove(.bold)
        style.foreground = environment.token("text.secondary")
        if solid, !environment.isPlain {
            style.background = environment.token("surface")
        } else {
            style.attributes.insert(.dim)
        }
        return style
    }

    /// `text` cut to `columns`, ending in "…" when cut.
    static func truncated(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard DisplayWidth.of(text) > columns else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let width = DisplayWidth.of(character)
            if used + width > columns - 1 { break }
            kept.append(character)
            used += width
        }
        // "Wool scarf…", not "Wool scarf …": a space before the ellipsis reads as a lone "…".
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + "…"
    }
}
