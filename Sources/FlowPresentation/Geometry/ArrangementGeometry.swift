import FlowCore

/// The widths a section's arrangement gives its widgets in a container, for renderers that lay
/// out in points: the section's insets taken off, then `ItemGeometry`'s rules (a carousel
/// card's `width` as a share of the inner width, equal grid columns `item_spacing` apart).
public struct ArrangementGeometry: Sendable, Hashable {
    public var layout: SectionLayout
    /// The container's width, section insets included.
    public var containerWidth: Double

    public init(layout: SectionLayout, containerWidth: Double) {
        self.layout = layout
        self.containerWidth = containerWidth
    }

    /// The width inside the section's insets (never negative).
    public var innerWidth: Double {
        guard containerWidth.isFinite else { return 0 }
        return max(0, containerWidth - layout.insets.left - layout.insets.right)
    }

    /// The spacing between items, never negative.
    public var spacing: Double { max(0, layout.itemSpacing.isFinite ? layout.itemSpacing : 0) }

    /// A carousel card's width: its `width` rule against the inner width; a card without one
    /// takes the inner width (one card a screen, as the terminal shows it).
    public func carouselItemWidth(_ width: WidgetWidth?) -> Double {
        ItemGeometry.width(width, container: innerWidth, intrinsic: nil)
    }

    /// The grid's column widths: `columns` equal columns with `spacing` between them.
    public var gridColumnWidths: [Double] {
        ItemGeometry.gridColumnWidths(container: innerWidth, columns: layout.columns, spacing: spacing)
    }
}
