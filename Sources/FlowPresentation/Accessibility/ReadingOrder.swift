import FlowCore

/// The order a screen reader reads a page in: the focus order the terminal uses (`FocusOrder`:
/// top to bottom, then leading to trailing, ties in document order), applied to where each
/// widget sits: the nav bar, the header strip, each shown section (its header, then its
/// widgets as the arrangement places them: `ItemGeometry`'s carousel offsets side by side, its
/// grid columns row by row), the footer strip.
///
/// Frames are laid out in a nominal container (`containerWidth`, one unit a row) because the
/// order depends only on which widget is above or before which; every renderer gets the same
/// order whatever its screen.
public struct ReadingOrder: Sendable {
    public var catalog: AccessibilityCatalog
    public var environment: AccessibilityEnvironment
    /// The width frames are laid out in. Default: 390, a phone in points.
    public var containerWidth: Double

    public init(catalog: AccessibilityCatalog, environment: AccessibilityEnvironment, containerWidth: Double = 390) {
        self.catalog = catalog
        self.environment = environment
        self.containerWidth = containerWidth
    }

    /// Everything a screen reader reads on `page`, in reading order.
    public func elements(of page: PageModel) -> [AccessibilityElement] {
        let resolved = page.resolve(in: environment.evaluation)
        var placed = Placement()
        if let nav = page.nav { placed.row(navElements(nav)) }
        for widget in resolved.header { placed.row(catalog.elements(for: widget, in: environment)) }
        for section in resolved.sections { place(section, into: &placed) }
        for widget in resolved.footer { placed.row(catalog.elements(for: widget, in: environment)) }
        return placed.ordered()
    }

    /// Everything a screen reader reads in a presented sheet (the page behind is not read).
    public func elements(of sheet: SheetModel) -> [AccessibilityElement] {
        var placed = Placement()
        let resolve = { (widget: WidgetModel) in catalog.elements(for: widget.resolve(in: environment.evaluation), in: environment) }
        for widget in sheet.header { placed.row(resolve(widget)) }
        for section in sheet.sections { place(section.resolve(in: environment.evaluation), into: &placed) }
        for widget in sheet.footer { placed.row(resolve(widget)) }
        return placed.ordered()
    }

    /// The nav bar: its leading button, its title (a header) and subtitle, its trailing buttons.
    public func navElements(_ nav: NavModel) -> [AccessibilityElement] {
        let request = AccessibilityRequest(widgetID: "nav", tap: nil, environment: environment, catalog: catalog)
        var elements: [AccessibilityElement] = []
        if let left = nav.leftButton, let element = request.button(left, part: 0) { elements.append(element) }
        if let title = AccessibilityText.joined([AccessibilityText.spoken(nav.title), AccessibilityText.spoken(nav.subtitle)]) {
            elements.append(AccessibilityElement(widgetID: "nav", role: .header, label: title))
        }
        elements += nav.rightButtons.enumerated().compactMap { request.button($1, part: $0 + 1) }
        return elements
    }

    private func place(_ section: ResolvedSection, into placed: inout Placement) {
        guard section.isShown else { return }
        if let fallback = section.shownFallback {
            placed.row(catalog.elements(for: fallback.resolve(in: environment.evaluation), in: environment))
            return
        }
        if let header = section.header { placed.row(catalog.elements(for: header, in: environment)) }
        let items = section.widgets.map { (widget: $0, elements: catalog.elements(for: $0, in: environment)) }.filter { !$0.elements.isEmpty }
        let layout = section.section.layout
        let inner = max(0, containerWidth - layout.insets.left - layout.insets.right)
        switch layout.arrangement {
        case .vertical:
            for item in items { placed.row(item.elements) }
        case .carousel:
            let widths = items.map { ItemGeometry.width($0.widget.shown?.layout?.width, container: inner, intrinsic: nil) }
            let offsets = ItemGeometry.carouselOffsets(widths: widths, spacing: layout.itemSpacing)
            placed.side(by: zip(items, offsets).map { ($0.elements, $1) })
        case .grid:
            let columns = ItemGeometry.gridColumnWidths(container: inner, columns: layout.columns, spacing: layout.itemSpacing)
            let starts = ItemGeometry.carouselOffsets(widths: columns, spacing: layout.itemSpacing)
            for row in stride(from: 0, to: items.count, by: columns.count) {
                let cells = items[row..<min(items.count, row + columns.count)]
                placed.side(by: zip(cells, starts).map { ($0.elements, $1) })
            }
        }
    }
}

/// Elements with nominal frames, put in `FocusOrder`.
private struct Placement {
    private var entries: [(elements: [AccessibilityElement], frame: LayoutRect)] = []
    private var y = 0.0

    /// A row of its own, below everything so far.
    mutating func row(_ elements: [AccessibilityElement]) {
        guard !elements.isEmpty else { return }
        entries.append((elements, LayoutRect(x: 0, y: y, width: 1, height: 1)))
        y += 1
    }

    /// Items side by side in one row, at their leading edges.
    mutating func side(by items: [([AccessibilityElement], Double)]) {
        guard !items.isEmpty else { return }
        for (elements, x) in items { entries.append((elements, LayoutRect(x: x, y: y, width: 1, height: 1))) }
        y += 1
    }

    func ordered() -> [AccessibilityElement] {
        FocusOrder.ordered(entries) { $0.frame }.flatMap(\.elements)
    }
}
