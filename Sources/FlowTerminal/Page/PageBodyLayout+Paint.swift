import FlowCore
import FlowPresentation

extension PageBodyLayout {
    /// What painting a viewport produced: the widgets laid out (near the viewport, those off
    /// it too) and the pinned section header's rectangle, which covers what is under it.
    struct PaintResult {
        var laidOut: [LaidOutWidget] = []
        var pinnedHeader: CellRect?
    }

    /// Paints the rows that show in `viewport` scrolled down by `scroll` rows; rows within
    /// `lookahead` rows above and below are laid out (and reported at 0) but not drawn.
    func paint(
        in viewport: Canvas, scroll: Int, carouselOffsets: [String: Int], lookahead: Int, environment: RenderEnvironment
    ) -> PaintResult {
        var result = PaintResult()
        guard viewport.width > 0, viewport.height > 0 else { return result }
        ensure(through: scroll + viewport.height + lookahead, environment: environment)
        var index = firstRow(reachingBelow: max(0, scroll - lookahead))
        while index < rows.count, rows[index].y < scroll + viewport.height + lookahead {
            paintRow(rows[index], in: viewport, scroll: scroll, carouselOffsets: carouselOffsets, environment: environment, into: &result)
            index += 1
        }
        paintPinnedHeader(in: viewport, scroll: scroll, environment: environment, into: &result)
        return result
    }

    private func paintRow(
        _ row: BodyRow, in viewport: Canvas, scroll: Int, carouselOffsets: [String: Int], environment: RenderEnvironment,
        into result: inout PaintResult
    ) {
        let top = row.contentY - scroll
        let onScreen = top < viewport.height && top + row.height > 0
        let screen = viewport.frameInBuffer
        func place(_ item: BodyRow.Item, x: Int, clip: CellRect) {
            let rect = CellRect(x: x, y: top, width: item.width, height: item.height)
            if onScreen {
                item.box.draw(in: viewport.child(rect), environment: environment)
                if item.box.isFocused(in: environment) {
                    FocusMark.drawEdge(in: viewport, around: item.box.chrome.box(in: rect), environment: environment)
                }
            }
            result.laidOut.append(LaidOutWidget(
                widget: item.box.widget, section: item.section, position: item.position,
                frame: rect.offsetBy(dx: screen.x, dy: screen.y), clip: clip, fallbackShown: item.box.fallbackShown))
        }
        switch row.kind {
        case .widget(let item):
            place(item, x: row.insetLeft, clip: screen)
        case .sectionHeader(var item):
            // A header is no item of its section's list: it reports position 0, pinned or not.
            item.position = 0
            place(item, x: row.insetLeft, clip: screen)
        case .grid(let items, let columnStarts):
            for (column, item) in items.enumerated() {
                place(item, x: row.insetLeft + columnStarts[min(column, columnStarts.count - 1)], clip: screen)
            }
        case .carousel(let items, let widths, let spacing, let sectionID):
            let offset = max(0, carouselOffsets[sectionID] ?? 0)
            let starts = ItemGeometry.carouselOffsets(widths: widths.map(Double.init), spacing: Double(spacing))
            let rowClip = CellRect(x: screen.x, y: screen.y + top, width: viewport.width, height: row.height).intersection(screen)
            for (index, item) in items.enumerated() {
                let x = row.insetLeft + Int(starts[index]) - offset
                let rect = CellRect(x: x, y: top, width: item.width, height: item.height)
                let shows = onScreen && x < viewport.width && x + item.width > 0
                if shows {
                    item.box.draw(in: viewport.child(rect, clip: rowClip), environment: environment)
                    // A card cut by the screen's edge (peeking in at the right, scrolled out at
                    // the left) shows whole words: the word the edge cuts ("Hergestell") is left out.
                    if x < 0 || x + item.width > viewport.width {
                        Self.blankCutWords(of: item, at: rect, visibleColumns: max(0, -x)..<min(item.width, viewport.width - x),
                                           in: viewport, environment: environment)
                    }
                    if item.box.isFocused(in: environment) {
                        let row = rowClip.offsetBy(dx: -screen.x, dy: -screen.y)
                        FocusMark.drawEdge(in: viewport, around: item.box.chrome.box(in: rect), clip: row, environment: environment)
                    }
                }
                result.laidOut.append(LaidOutWidget(
                    widget: item.box.widget, section: item.section, position: item.position,
                    frame: rect.offsetBy(dx: screen.x, dy: screen.y), clip: rowClip, fallbackShown: item.box.fallbackShown))
            }
        case .pagination(let state):
            guard onScreen else { return }
            PaginationRowView(state: state).draw(in: viewport.child(CellRect(x: 0, y: top, width: viewport.width, height: 1)), environment: environment)
        }
    }

    /// Blanks, on each row of `item` (drawn at `rect`, its `visibleColumns` on screen), the
    /// words the screen's edges cut: the card is drawn again whole, off screen, to see whether
    /// the mark at an edge goes on past it.
    static func blankCutWords(of item: BodyRow.Item, at rect: CellRect, visibleColumns visible: Range<Int>, in viewport: Canvas, environment: RenderEnvironment) {
        guard !visible.isEmpty, visible != 0..<item.width, item.height > 0 else { return }
        let whole = DrawSurface(width: item.width, height: item.height)
        item.box.draw(in: Canvas(surface: whole, rect: CellRect(x: 0, y: 0, width: item.width, height: item.height)), environment: environment)
        // A run of marks the edge cuts is left out whole: words, and what reads with them.
        func isWord(_ column: Int, _ y: Int) -> Bool { whole.buffer[column, y].readsAsText }
        func blank(_ column: Int, _ y: Int) {
            let x = rect.x + column
            viewport.put(" ", x: x, y: rect.y + y, style: CellStyle(background: viewport.background(x: x, y: rect.y + y)))
        }
        for y in 0..<item.height {
            if visible.upperBound < item.width, isWord(visible.upperBound - 1, y), isWord(visible.upperBound, y) {
                var column = visible.upperBound - 1
                while column >= visible.lowerBound, isWord(column, y) {
                    blank(column, y)
                    column -= 1
                }
            }
            if visible.lowerBound > 0, isWord(visible.lowerBound - 1, y), isWord(visible.lowerBound, y) {
                var column = visible.lowerBound
                while column < visible.upperBound, isWord(column, y) {
                    blank(column, y)
                    column += 1
                }
            }
        }
    }

    /// A section's header stays at the viewport's top while the section scrolls under it, and
    /// is pushed up by the section's end.
    private func paintPinnedHeader(in viewport: Canvas, scroll: Int, environment: RenderEnvironment, into result: inout PaintResult) {
        let topIndex = firstRow(reachingBelow: scroll)
        guard topIndex < rows.count, let section = rows[topIndex].sectionIndex,
            let extent = sectionRows[section], let headerIndex = extent.header, rows[headerIndex].contentY < scroll,
            case .sectionHeader(let item) = rows[headerIndex].kind
        else { return }
        let header = rows[headerIndex]
        let sectionEnd = extent.last == rows.count - 1 && !isComplete ? Int.max : rows[extent.last].maxY - rows[extent.last].trailingGap
        let bottom = min(item.height, sectionEnd == Int.max ? item.height : sectionEnd - scroll)
        guard bottom > 0 else { return }
        let y = bottom - item.height
        let rect = CellRect(x: header.insetLeft, y: y, width: item.width, height: item.height)
        let band = CellRect(x: 0, y: 0, width: viewport.width, height: bottom)
        viewport.fill(band, style: .plain)
        viewport.surface.hitMap.cover(band.offsetBy(dx: viewport.originX, dy: viewport.originY))
        item.box.draw(in: viewport.child(rect), environment: environment)
        let screen = viewport.frameInBuffer
        result.pinnedHeader = band.offsetBy(dx: screen.x, dy: screen.y)
        // The header shows here, not where its row scrolled to.
        result.laidOut.removeAll { $0.widget.id.isByteEqual(to: item.box.widget.id) }
        result.laidOut.append(LaidOutWidget(
            widget: item.box.widget, section: item.section, position: 0,
            frame: rect.offsetBy(dx: screen.x, dy: screen.y), clip: screen, layer: 1, fallbackShown: item.box.fallbackShown))
    }
}
