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

    /// The width of a widget in a vertical section whose `width` is a share of its container:
    /// that share of the inner width, as the terminal lays it out (leading, the rest empty);
    /// nil for any other width, which the chrome's width step gives (`fill` spans the inner
    /// width, `hug` the content). A carousel or grid gives its cells their own widths.
    public func verticalItemWidth(_ width: WidgetWidth?) -> Double? {
        guard case .fraction? = width else { return nil }
        return ItemGeometry.width(width, container: innerWidth, intrinsic: nil)
    }

    /// A carousel card's width: its `width` rule against the inner width; a card without one
    /// takes the inner width (one card a screen, as the terminal shows it).
    public func carouselItemWidth(_ width: WidgetWidth?) -> Double {
        Self.carouselItemWidth(width, innerWidth: innerWidth)
    }

    /// A carousel card's width in a container already inside the section's insets, the same
    /// rule as `carouselItemWidth(_:)`: for a renderer told that width as it lays the card out
    /// (SwiftUI's `containerRelativeFrame` gives the horizontal scroll view's width, which the
    /// insets surround), so no frame is drawn before the section has been measured.
    public static func carouselItemWidth(_ width: WidgetWidth?, innerWidth: Double) -> Double {
        let share = ItemGeometry.width(width, container: innerWidth.isFinite ? max(0, innerWidth) : 0, intrinsic: nil)
        guard case .fraction? = width else { return share }
        return min(share, maximumCardWidth)
    }

    /// The widest a carousel card whose width is a share of the screen gets: 480 pt (a large
    /// phone's card; 60 terminal columns). A wide screen shows more cards, not wider ones: a
    /// 0.8 card on a desktop-wide window was three screens of one picture.
    public static let maximumCardWidth = 480.0

    /// How many equal columns the grid has (at least 1), `spacing` apart: what a renderer that
    /// divides its width itself (SwiftUI's flexible `GridItem`s) needs to make
    /// `gridColumnWidths` without measuring first.
    public var gridColumnCount: Int { max(1, layout.columns) }

    /// The grid's column widths: `columns` equal columns with `spacing` between them.
    public var gridColumnWidths: [Double] {
        ItemGeometry.gridColumnWidths(container: innerWidth, columns: layout.columns, spacing: spacing)
    }
}
