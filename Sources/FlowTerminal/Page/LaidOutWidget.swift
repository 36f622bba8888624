import FlowCore
import FlowPresentation
import FlowRuntime

/// A widget a frame laid out, where it is on screen (unclipped, so a half-scrolled card keeps
/// its whole size) and what clips it (the viewport, a carousel's row).
public struct LaidOutWidget: Sendable {
    public var widget: WidgetModel
    public var section: SectionModel?
    public var position: Int
    /// The widget's cells on screen, chrome included, as if nothing clipped it.
    public var frame: CellRect
    /// What may show of it: the viewport, narrowed by a carousel's row.
    public var clip: CellRect

    /// Its visibility under `covers` (sticky bars, a pinned header, a sheet, a toast), by the
    /// cross-platform rule in `VisibilityGeometry`, from the cells themselves.
    public func visible(coveredBy covers: [CellRect]) -> VisibleWidget {
        let fraction = VisibilityGeometry.visibleFraction(
            of: frame.layoutRect, in: clip.layoutRect, coveredBy: covers.map(\.layoutRect))
        return VisibleWidget(widget: widget, section: section, position: position, visibleFraction: fraction)
    }
}

extension CellRect {
    /// The same cells as a presentation rectangle.
    public var layoutRect: LayoutRect {
        LayoutRect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
    }
}
