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
    /// How high it is drawn: 0 for the body and the bars, 1 for a pinned section header.
    /// Only covers above its layer hide it.
    public var layer: Int = 0
    /// The widget drawn in its place when that is its fallback (its actions are the ones that fire).
    public var fallbackShown: WidgetModel? = nil
    /// Whether it moves with the body: `false` for the sticky header and footer strips.
    public var scrolls = true

    /// The widget whose actions a tap or a key fires: the fallback when one is shown.
    public var shown: WidgetModel { fallbackShown ?? widget }

    /// Its visibility under `covers` (sticky bars, a pinned header, a sheet, a toast), by the
    /// cross-platform rule in `VisibilityGeometry`, from the cells themselves.
    public func visible(coveredBy covers: [ScreenCover]) -> VisibleWidget {
        let above = covers.filter { $0.layer > layer }.map(\.rect.layoutRect)
        let fraction = VisibilityGeometry.visibleFraction(of: frame.layoutRect, in: clip.layoutRect, coveredBy: above)
        return VisibleWidget(widget: widget, section: section, position: position, visibleFraction: fraction)
    }
}

extension CellRect {
    /// The same cells as a presentation rectangle.
    public var layoutRect: LayoutRect {
        LayoutRect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
    }
}

/// Something drawn over the body (a pinned header, the toast, a sheet) and how high it is.
public struct ScreenCover: Sendable, Hashable {
    public var rect: CellRect
    /// 1 a pinned section header, 2 the toast, 3 and up the sheets, bottom to top.
    public var layer: Int

    public init(rect: CellRect, layer: Int) {
        self.rect = rect
        self.layer = layer
    }
}
