import FlowCore
import FlowRuntime

/// Where a widget of the page sits on screen, as a renderer measured it.
public struct WidgetPlacement: Sendable {
    public var widget: WidgetModel
    /// The section it is in (nil for header and footer strips).
    public var section: SectionModel?
    /// Its index in its section or strip.
    public var position: Int
    /// Its whole frame, in the viewport's coordinates.
    public var frame: LayoutRect
    /// What clips it besides the viewport (a carousel's own scroll view).
    public var clips: [LayoutRect]

    public init(widget: WidgetModel, section: SectionModel?, position: Int, frame: LayoutRect, clips: [LayoutRect] = []) {
        self.widget = widget
        self.section = section
        self.position = position
        self.frame = frame
        self.clips = clips
    }
}

/// What a renderer hands the `ImpressionTracker`: each placed widget's visible fraction
/// (`VisibilityGeometry`, under the covers above the page: sticky bars, the toast, a sheet),
/// so the tracker's percent, duration and limit rules see the same numbers whatever drew the
/// page. Widgets with nothing visible are left out, as the terminal leaves them out.
public enum ImpressionInputs {
    public static func visibleWidgets(_ placements: [WidgetPlacement], viewport: LayoutRect, covers: [LayoutRect] = []) -> [VisibleWidget] {
        placements.compactMap { placement in
            let fraction = VisibilityGeometry.visibleFraction(of: placement.frame, in: viewport, clippedBy: placement.clips, coveredBy: covers)
            guard fraction > 0 else { return nil }
            return VisibleWidget(widget: placement.widget, section: placement.section, position: placement.position, visibleFraction: fraction)
        }
    }
}
