import FlowCore
import FlowPresentation
import Foundation

/// The body of a page (or sheet) laid out lazily, row by row, only as far down as a frame
/// needs: what is near the viewport is resolved, measured and painted, nothing else, so the
/// cost of a frame does not grow with the page's length.
///
/// Rows are generated in document order and kept (with their heights) for later frames; a
/// section is resolved when the first of its rows is needed. Scrolling to row `y` measures
/// everything above it once; the end of the body is known only when generation gets there.
/// Rebuild the layout when the content, the width or the widgets' state change.
@MainActor
final class PageBodyLayout {
    let content: BodyContent
    let width: Int
    private(set) var rows: [BodyRow] = []
    private(set) var isComplete = false
    /// Row indices of each section: its header row, if any, and its last row so far.
    private(set) var sectionRows: [Int: (header: Int?, last: Int)] = [:]
    /// The first `expires_at` still to come among what has been resolved so far: past it, a
    /// row kept here may show what has expired, and the layout must be made again.
    private(set) var validUntil: Date?

    private enum Cursor {
        case leading(Int)
        case section(Int)
        case pagination
        case trailing(Int)
        case done
    }

    /// Where generation stands inside a section.
    private struct SectionCursor {
        var resolved: ResolvedSection
        var next: Int
        var headerDone: Bool
        var insets: CellInsets
        var spacingRows: Int
        var spacingColumns: Int
        var emitted: Int
    }

    /// The widest container a carousel card's fraction is taken of: 120 columns (960 pt, a
    /// tablet), so at 200 columns a carousel of 0.45-wide cards shows four, not two wide ones.
    static let carouselReferenceColumns = 120
    /// The narrowest grid cell: a tile's title and price still read in 8 cells.
    static let minimumGridCellWidth = 8

    /// The columns a grid asking for `asked` gets `inner` columns wide: as asked up to
    /// `carouselReferenceColumns`, beyond it as many more as keep each column at least as wide
    /// as it is there (2 asked are 3 at 200 columns, 3 are 5), so a wide screen shows more
    /// cards, not wider ones.
    static func gridColumns(asked: Int, inner: Int) -> Int {
        guard asked > 0, inner > carouselReferenceColumns else { return asked }
        let (product, overflow) = asked.multipliedReportingOverflow(by: inner)
        return overflow ? asked : max(asked, product / carouselReferenceColumns)
    }

    private var cursor: Cursor = .leading(0)
    private var sectionCursor: SectionCursor?

    init(content: BodyContent, width: Int) {
        self.content = content
        self.width = max(0, width)
    }

    /// The rows measured so far reach this far down.
    var measuredHeight: Int { rows.last?.maxY ?? 0 }

    /// Generates rows until they reach `y` or the body ends.
    func ensure(through y: Int, environment: RenderEnvironment) {
        while !isComplete, measuredHeight < y {
            step(environment: environment)
        }
    }

    /// Generates every row (to know the body's end: End, or a scroll past it).
    func ensureComplete(environment: RenderEnvironment) {
        while !isComplete { step(environment: environment) }
    }

    /// The index of the first row that reaches below `y`, among the rows generated.
    func firstRow(reachingBelow y: Int) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].maxY <= y { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: - Generation

    private func step(environment: RenderEnvironment) {
        switch cursor {
        case .leading(let index):
            guard index < content.leadingWidgets.count else { return cursor = .section(0) }
            cursor = .leading(index + 1)
            appendStrip(content.leadingWidgets[index], position: index, environment: environment)
        case .section(let index):
            guard index < content.sections.count else { return cursor = .pagination }
            if !stepSection(index, environment: environment) {
                sectionCursor = nil
                cursor = .section(index + 1)
            }
        case .pagination:
            cursor = .trailing(0)
            if let pagination = content.pagination {
                append(BodyRow(kind: .pagination(pagination), y: measuredHeight, gap: rows.isEmpty ? 0 : 1, height: 1, insetLeft: 0, insetRight: 0))
            }
        case .trailing(let index):
            guard index < content.trailingWidgets.count else { return cursor = .done }
            cursor = .trailing(index + 1)
            appendStrip(content.trailingWidgets[index], position: index, environment: environment)
        case .done:
            isComplete = true
        }
    }

    /// Notes the first expiry still to come of what was just resolved.
    private func noteExpiry(_ date: Date?) {
        guard let date else { return }
        if validUntil.map({ date < $0 }) ?? true { validUntil = date }
    }

    private func appendStrip(_ widget: WidgetModel, position: Int, environment: RenderEnvironment) {
        noteExpiry(widget.nextExpiry(after: environment.evaluation.now))
        guard let box = WidgetBox.make(widget.resolve(in: environment.evaluation), environment: environment, position: position) else { return }
        let itemWidth = box.outerWidth(container: width, environment: environment)
        let height = box.height(outerWidth: itemWidth, environment: environment)
        guard height > 0 else { return }
        let item = BodyRow.Item(box: box, section: nil, position: position, width: itemWidth, height: height)
        append(BodyRow(kind: .widget(item), y: measuredHeight, gap: 0, height: height, insetLeft: 0, insetRight: 0))
    }

    /// Adds the next row of section `index`; `false` when the section has no more.
    private func stepSection(_ index: Int, environment: RenderEnvironment) -> Bool {
        let section = content.sections[index]
        if sectionCursor == nil {
            noteExpiry(section.nextExpiry(after: environment.evaluation.now))
            let resolved = section.resolve(in: environment.evaluation)
            guard resolved.isShown else { return false }
            let metrics = environment.metrics
            sectionCursor = SectionCursor(
                resolved: resolved, next: 0, headerDone: false, insets: metrics.insets(section.layout.insets),
                spacingRows: metrics.rows(section.layout.itemSpacing), spacingColumns: metrics.columns(section.layout.itemSpacing),
                emitted: 0)
        }
        guard var state = sectionCursor else { return false }
        defer { sectionCursor = state }
        let inner = max(0, width - state.insets.horizontal)
        let firstGap = state.emitted == 0 ? sectionTopGap(state.insets.top) : 0

        if state.resolved.status == .fallback {
            guard state.next == 0, let fallback = section.fallback else { return finishSection(index, state: state) }
            state.next = 1
            let resolved = fallback.resolve(in: environment.evaluation)
            guard let box = WidgetBox.make(resolved, environment: environment, sectionID: section.id, position: 0) else {
                return finishSection(index, state: state)
            }
            appendItemRow(.widget, box: box, section: section, position: 0, inner: inner, gap: firstGap, state: &state, sectionIndex: index, environment: environment)
            return true
        }
        if !state.headerDone {
            state.headerDone = true
            if let header = state.resolved.header, let box = WidgetBox.make(header, environment: environment, sectionID: section.id) {
                appendItemRow(.header, box: box, section: section, position: -1, inner: inner, gap: firstGap, state: &state, sectionIndex: index, environment: environment)
                return true
            }
        }
        let widgets = state.resolved.widgets
        switch section.layout.arrangement {
        case .vertical:
            while state.next < widgets.count {
                let position = state.next
                state.next += 1
                guard let box = WidgetBox.make(widgets[position], environment: environment, sectionID: section.id, position: position) else { continue }
                let gap = state.emitted == 0 ? sectionTopGap(state.insets.top) : (rows.last?.sectionIndex == index && !isHeaderRow(rows.count - 1) ? state.spacingRows : 0)
                if appendItemRow(.widget, box: box, section: section, position: position, inner: inner, gap: gap, state: &state, sectionIndex: index, environment: environment) {
                    return true
                }
            }
        case .grid:
            // Never more columns than fit cells of a useful width, whatever the payload asks;
            // past `carouselReferenceColumns` more of them, not wider ones, as carousels do.
            let columns = ItemGeometry.fittingColumnCount(
                container: inner, requested: Self.gridColumns(asked: section.layout.columns, inner: inner), spacing: state.spacingColumns,
                minimumWidth: Self.minimumGridCellWidth)
            let grid = ItemGeometry.gridColumns(container: inner, columns: columns, spacing: state.spacingColumns)
            while state.next < widgets.count {
                var items: [BodyRow.Item] = []
                while items.count < columns, state.next < widgets.count {
                    let position = state.next
                    state.next += 1
                    guard let box = WidgetBox.make(widgets[position], environment: environment, sectionID: section.id, position: position) else { continue }
                    let column = grid[items.count].width
                    let itemWidth = box.outerWidth(container: column, environment: environment)
                    items.append(BodyRow.Item(box: box, section: section, position: position, width: itemWidth,
                                              height: box.height(outerWidth: itemWidth, environment: environment)))
                }
                let height = items.map(\.height).max() ?? 0
                guard height > 0 else { continue }
                let gap = state.emitted == 0 ? sectionTopGap(state.insets.top) : (isHeaderRow(rows.count - 1) ? 0 : state.spacingRows)
                append(BodyRow(kind: .grid(items, columnStarts: grid.map(\.x)), y: measuredHeight, gap: gap,
                               height: height, insetLeft: state.insets.left, insetRight: state.insets.right, sectionIndex: index))
                state.emitted += 1
                return true
            }
        case .carousel:
            guard state.next < widgets.count else { break }
            var items: [BodyRow.Item] = []
            // On a wide screen a carousel shows more cards, not wider ones: a card's share is
            // of at most `carouselReferenceColumns`.
            let reference = min(inner, Self.carouselReferenceColumns)
            for position in state.next..<widgets.count {
                guard let box = WidgetBox.make(widgets[position], environment: environment, sectionID: section.id, position: position) else { continue }
                var itemWidth = box.outerWidth(container: reference, environment: environment)
                if case .fraction? = box.shown.layout?.width {
                    itemWidth = min(itemWidth, environment.metrics.columns(ArrangementGeometry.maximumCardWidth))
                }
                items.append(BodyRow.Item(box: box, section: section, position: position, width: itemWidth,
                                          height: box.height(outerWidth: itemWidth, environment: environment)))
            }
            state.next = widgets.count
            let height = items.map(\.height).max() ?? 0
            if height > 0 {
                let gap = state.emitted == 0 ? sectionTopGap(state.insets.top) : 0
                append(BodyRow(kind: .carousel(items, widths: items.map(\.width), spacing: state.spacingColumns, sectionID: section.id),
                               y: measuredHeight, gap: gap, height: height, insetLeft: state.insets.left, insetRight: state.insets.right,
                               sectionIndex: index))
                state.emitted += 1
                return true
            }
        }
        return finishSection(index, state: state)
    }

    private enum ItemRowKind { case widget, header }

    @discardableResult
    private func appendItemRow(
        _ kind: ItemRowKind, box: WidgetBox, section: SectionModel, position: Int, inner: Int, gap: Int, state: inout SectionCursor,
        sectionIndex: Int, environment: RenderEnvironment
    ) -> Bool {
        let itemWidth = box.outerWidth(container: inner, environment: environment)
        let height = box.height(outerWidth: itemWidth, environment: environment)
        guard height > 0 else { return false }
        let item = BodyRow.Item(box: box, section: section, position: position, width: itemWidth, height: height)
        append(BodyRow(kind: kind == .header ? .sectionHeader(item) : .widget(item), y: measuredHeight, gap: gap, height: height,
                       insetLeft: state.insets.left, insetRight: state.insets.right, sectionIndex: sectionIndex))
        state.emitted += 1
        return true
    }

    /// Ends section `index`: its bottom inset goes below its last row.
    private func finishSection(_ index: Int, state: SectionCursor) -> Bool {
        if state.emitted > 0, let last = rows.indices.last, rows[last].sectionIndex == index {
            rows[last].trailingGap += state.insets.bottom
        }
        return false
    }

    /// Rows above a section: its top inset, and at least one blank row after whatever is above
    /// it, so that sections never run into each other (a renderer's choice: the contract
    /// gives no spacing between sections, and a glued list reads as one block in cells).
    private func sectionTopGap(_ inset: Int) -> Int {
        guard let last = rows.last else { return inset }
        return last.trailingGap + last.blankBottom > 0 ? inset : max(inset, 1)
    }

    private func isHeaderRow(_ index: Int) -> Bool {
        guard rows.indices.contains(index), case .sectionHeader = rows[index].kind else { return false }
        return true
    }

    private func append(_ row: BodyRow) {
        let index = rows.count
        rows.append(row)
        if let section = row.sectionIndex {
            let header: Int? = if case .sectionHeader = row.kind { index } else { sectionRows[section]?.header }
            sectionRows[section] = (header, index)
        }
    }
}
