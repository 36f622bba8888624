import FlowTerminal

/// Where a page screen's parts go: the page, an optional panel (beside it on a wide screen,
/// below it on a narrow one) and the status line at the bottom.
public struct ShellLayout: Sendable, Hashable {
    public var page: CellRect
    public var panel: CellRect?
    public var panelEdge: PanelView.Edge
    public var status: CellRect

    /// The narrowest screen that gets the panel beside the page (below it otherwise).
    public static let sidePanelMinimumWidth = 110

    /// Splits a `width` × `height` screen; `panelRows` is the bottom panel's height.
    public static func split(width: Int, height: Int, withPanel: Bool, panelRows: Int = 9) -> ShellLayout {
        let statusRows = height >= 6 ? 1 : 0
        let status = CellRect(x: 0, y: height - statusRows, width: width, height: statusRows)
        let body = CellRect(x: 0, y: 0, width: width, height: height - statusRows)
        guard withPanel, body.height >= 8, width >= 30 else {
            return ShellLayout(page: body, panel: nil, panelEdge: .bottom, status: status)
        }
        if width >= sidePanelMinimumWidth {
            let panelWidth = min(64, max(36, width * 2 / 5))
            return ShellLayout(
                page: CellRect(x: 0, y: 0, width: width - panelWidth, height: body.height),
                panel: CellRect(x: width - panelWidth, y: 0, width: panelWidth, height: body.height), panelEdge: .trailing, status: status)
        }
        let rows = min(panelRows, body.height / 3)
        return ShellLayout(
            page: CellRect(x: 0, y: 0, width: width, height: body.height - rows),
            panel: CellRect(x: 0, y: body.height - rows, width: width, height: rows), panelEdge: .bottom, status: status)
    }
}

/// Puts a page screen's parts into one frame: the page's cells, the panel, the status line
/// and, over everything, the keys' help.
@MainActor
public enum ShellComposer {
    /// The status line's leading runs that may be cut to fit (the app's badge, the title).
    static let cuttableStatusRuns = 2

    /// `status` is written from the left, cut to leave room for `hint` at the right: the hint
    /// (the keys, how to quit) stays whenever the line is wider than it; of `status` only its
    /// first two runs are cut, the others shown whole or left out.
    public static func compose(
        page: CellBuffer, layout: ShellLayout, panel: PanelView?, status: StyledText, hint: StyledText = StyledText([]),
        help: KeyHelpView?, width: Int, height: Int
    ) -> CellBuffer {
        let surface = DrawSurface(width: width, height: height)
        let screen = Canvas(surface: surface, rect: CellRect(x: 0, y: 0, width: width, height: height))
        screen.blit(page.cells, columns: page.width, x: layout.page.x, y: layout.page.y)
        if let panel, let rect = layout.panel { panel.draw(in: screen.child(rect)) }
        if !layout.status.isEmpty {
            let line = screen.child(layout.status)
            let hintWidth = hint.width < line.width ? hint.width : 0
            var x = 0
            for (index, run) in status.runs.enumerated() where x < line.width - hintWidth {
                let room = line.width - hintWidth - x
                // The badge and the title may be cut; what follows them (how to go back, a
                // saved copy) shows whole or not at all: cut, it read as a lone "…".
                if index >= Self.cuttableStatusRuns, DisplayWidth.of(run.text) > room { break }
                x += line.put(TextCut.fit(run.text, to: room), x: x, y: 0, style: run.style)
            }
            if hintWidth > 0 {
                var x = line.width - hintWidth
                for run in hint.runs { x += line.put(run.text, x: x, y: 0, style: run.style) }
            }
        }
        help?.draw(in: screen)
        return surface.buffer
    }
}
