import FlowCore

/// The navigation bar: the left button, the title centred (bold) with its subtitle below, the
/// right buttons and the host's slot (a cart badge) at the trailing end, over `bg_color`,
/// closed by a rule.
@MainActor
struct NavBarView {
    var nav: NavModel
    var accessory: NavAccessory?

    func height(width: Int) -> Int {
        guard width > 0 else { return 0 }
        return nav.subtitle == nil ? 2 : 3
    }

    func draw(in canvas: Canvas, environment: RenderEnvironment) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        let rows = nav.subtitle == nil ? 1 : 2
        if let background = environment.color(nav.backgroundColor), !environment.isPlain {
            canvas.fill(CellRect(x: 0, y: 0, width: canvas.width, height: rows), style: CellStyle(background: background))
        }
        var leading = 0
        if let left = nav.leftButton {
            leading = ButtonAtom(left).draw(in: canvas, x: 0, y: 0, target: .navButton(index: -1), environment: environment) + 1
        }
        var trailing = canvas.width
        if let accessory, !accessory.label.isEmpty {
            let label = accessory.label
            trailing -= min(label.width, canvas.width)
            var x = max(0, trailing)
            for run in label.runs { x += canvas.put(run.text, x: x, y: 0, style: run.style) }
            canvas.addTarget(CellRect(x: max(0, trailing), y: 0, width: min(label.width, canvas.width), height: 1), target: .navAccessory,
                             action: accessory.action)
            trailing -= 1
        }
        for (index, button) in nav.rightButtons.enumerated().reversed() {
            let atom = ButtonAtom(button)
            guard trailing - atom.width >= leading else { break }
            trailing -= atom.width
            atom.draw(in: canvas, x: trailing, y: 0, target: .navButton(index: index), environment: environment)
            trailing -= 1
        }
        let middle = max(0, trailing - leading)
        if let title = nav.title {
            drawCentred(title, row: 0, from: leading, width: middle, totalWidth: canvas.width, base: CellStyle(attributes: .bold), in: canvas, environment: environment)
        }
        if let subtitle = nav.subtitle {
            drawCentred(subtitle, row: 1, from: 0, width: canvas.width, totalWidth: canvas.width, base: environment.secondaryStyle, in: canvas, environment: environment)
        }
        let rule = CellStyle(foreground: environment.token("separator"))
        canvas.put(String(repeating: "─", count: canvas.width), x: 0, y: rows, style: rule)
    }

    /// Centred on the whole bar when it fits between the buttons there, else in the room left.
    private func drawCentred(
        _ text: TextData, row: Int, from start: Int, width: Int, totalWidth: Int, base: CellStyle, in canvas: Canvas,
        environment: RenderEnvironment
    ) {
        let layout = TextLayout(environment.styledText(text, base: base), width: max(0, width), maxLines: 1)
        guard let line = layout.lines.first else { return }
        let used = line.width
        var x = (totalWidth - used) / 2
        if x < start || x + used > start + width { x = start + max(0, (width - used) / 2) }
        for glyph in line.glyphs { x += canvas.put(glyph.character, x: x, y: row, style: glyph.style) }
    }
}
