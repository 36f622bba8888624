import FlowCore
import FlowPresentation

/// One row of a laid-out body: a widget, a section header, a grid row, a whole carousel, or the
/// pagination row, with the blank rows above it (spacing, insets) and its own height.
@MainActor
struct BodyRow {
    enum Kind {
        /// A widget alone across the row (vertical sections, strips, a section's fallback).
        case widget(Item)
        /// A section's header, pinned while its section scrolls under it.
        case sectionHeader(Item)
        /// A grid row: its items, their columns and the gap between.
        case grid([Item], columnStarts: [Int])
        /// A carousel: every card, at its own width, laid one after another.
        case carousel([Item], widths: [Int], spacing: Int, sectionID: String)
        case pagination(PaginationRow)
    }

    /// A widget in a row, with what visibility and analytics need to know of it.
    struct Item {
        var box: WidgetBox
        var section: SectionModel?
        var position: Int
        /// Columns of the widget and where it starts, within the row's inset area.
        var width: Int
        var height: Int
    }

    var kind: Kind
    /// The row's top, blank rows above it included, from the top of the body.
    var y: Int
    /// Blank rows above the content.
    var gap: Int
    var height: Int
    /// Columns left and right of the content (the section's insets).
    var insetLeft: Int
    var insetRight: Int
    /// The section it belongs to (index into the body's sections).
    var sectionIndex: Int?
    /// Blank rows below the content (the section's bottom inset, on its last row).
    var trailingGap: Int = 0

    /// Rows at the bottom of the content that are blank anyway: the widgets' bottom margin, and
    /// their bottom padding when nothing (a background, a border) makes it visible.
    var blankBottom: Int {
        func blank(_ item: Item) -> Int {
            let chrome = item.box.chrome
            let visible = chrome.layout?.chromeLayers.contains(where: { $0 == .background || $0 == .border }) ?? false
            return chrome.margin.bottom + (visible ? 0 : chrome.padding.bottom)
        }
        switch kind {
        case .widget(let item), .sectionHeader(let item): return blank(item)
        case .grid(let items, _), .carousel(let items, _, _, _): return items.map(blank).min() ?? 0
        case .pagination: return 0
        }
    }

    /// Where the content starts.
    var contentY: Int { y + gap }
    /// Where the next row starts.
    var maxY: Int { y + gap + height + trailingGap }
}
