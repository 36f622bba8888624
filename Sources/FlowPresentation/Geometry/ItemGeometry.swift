import FlowCore

/// How wide a widget is in its container, and where carousel and grid items go: the rules a
/// renderer applies to `WidgetLayout.width` and `SectionLayout` (CONTRACT §2, §5).
public enum ItemGeometry {
    /// A widget's width: `fill` (and no width) takes the container, `hug` the content's own
    /// width up to the container, a fraction that share of the container (a peeking card).
    public static func width(_ width: WidgetWidth?, container: Double, intrinsic: Double?) -> Double {
        guard container > 0 else { return 0 }
        switch width {
        case nil, .fill?: return container
        case .hug?: return min(container, max(0, intrinsic ?? container))
        case .fraction(let fraction)?:
            // No share is none, even of an infinite container (∞ × 0 is not a number).
            guard fraction > 0 else { return 0 }
            return container * min(fraction, 1)
        }
    }

    /// The leading edge of each carousel item, laid one after another `spacing` apart, before
    /// the carousel's own scroll offset. A card whose width is a fraction under 1 leaves the
    /// next one peeking in.
    public static func carouselOffsets(widths: [Double], spacing: Double) -> [Double] {
        var offsets: [Double] = []
        offsets.reserveCapacity(widths.count)
        var position = 0.0
        for width in widths {
            offsets.append(position)
            position += width + max(0, spacing)
        }
        return offsets
    }

    /// Equal grid columns with `spacing` between them (not at the edges).
    public static func gridColumnWidths(container: Double, columns: Int, spacing: Double) -> [Double] {
        let count = max(1, columns)
        let free = max(0, container - Double(count - 1) * max(0, spacing))
        return Array(repeating: free / Double(count), count: count)
    }

    /// The most columns, up to `requested`, whose cells are at least `minimumWidth` wide with
    /// `spacing` between them; 1 when even two would be narrower. Columns and spacing each
    /// within the contract's limits can together leave no room (12 columns 100 apart): the
    /// grid then has fewer columns rather than cells no wider than nothing.
    public static func fittingColumnCount(container: Int, requested: Int, spacing: Int, minimumWidth: Int) -> Int {
        var count = max(1, requested)
        while count > 1 {
            let (gaps, overflow) = (count - 1).multipliedReportingOverflow(by: max(0, spacing))
            if !overflow, (container - gaps) / count >= minimumWidth { break }
            count -= 1
        }
        return count
    }

    /// The same columns in whole units (terminal cells): every column as wide as the others,
    /// so tiles of one grid look alike (their images, and so their heights, match); the
    /// remainder widens the gaps, leading gaps first, so the grid still spans the container.
    /// Gaps wider than the container leave columns of width 0; no sum can overflow (spacing
    /// and container at `Int.max` saturate).
    public static func gridColumns(container: Int, columns: Int, spacing: Int) -> [(x: Int, width: Int)] {
        let count = max(1, columns)
        let gap = max(0, spacing)
        let (gaps, overflowed) = (count - 1).multipliedReportingOverflow(by: gap)
        let free = overflowed ? 0 : max(0, container - gaps)
        let width = free / count
        let extra = count > 1 ? free % count : 0
        var x = 0
        return (0..<count).map { column in
            defer {
                let step = width.addingReportingOverflow(gap).partialValue
                let (next, overflow) = x.addingReportingOverflow(max(0, step) + (column < extra ? 1 : 0))
                x = overflow || step < 0 ? Int.max : next
            }
            return (x, width)
        }
    }
}
