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
    /// How high it is drawn: 0 the scrolling body, 1 a sticky strip or a section header (which
    /// stays over the body when pinned). Only covers above its layer hide it (the terminal's rule).
    public var layer: Int

    public init(widget: WidgetModel, section: SectionModel?, position: Int, frame: LayoutRect, clips: [LayoutRect] = [], layer: Int = 0) {
        self.widget = widget
        self.section = section
        self.position = position
        self.frame = frame
        self.clips = clips
        self.layer = layer
    }
}

/// What a renderer hands the `ImpressionTracker`: each placed widget's visible fraction
/// (`VisibilityGeometry`, under the covers above the page: sticky bars, the toast, a sheet),
/// so the tracker's percent, duration and limit rules see the same numbers whatever drew the
/// page. Widgets with nothing visible are left out, as the terminal leaves them out.
public enum ImpressionInputs {
    /// Something drawn over the page and how high (1 sticky bars and section headers, 2 the
    /// toast, 3 sheets): it hides the widgets of lower layers only.
    public struct Cover: Sendable, Hashable {
        public var rect: LayoutRect
        public var layer: Int

        public init(_ rect: LayoutRect, layer: Int) {
            self.rect = rect
            self.layer = layer
        }
    }

    /// The placed widgets with some area on screen, each under the covers above its layer.
    public static func visibleWidgets(_ placements: [WidgetPlacement], viewport: LayoutRect, covers: [Cover]) -> [VisibleWidget] {
        placements.compactMap { placement in
            let above = covers.filter { $0.layer > placement.layer }.map(\.rect)
            let fraction = VisibilityGeometry.visibleFraction(of: placement.frame, in: viewport, clippedBy: placement.clips, coveredBy: above)
            guard fraction > 0 else { return nil }
            return VisibleWidget(widget: placement.widget, section: placement.section, position: placement.position, visibleFraction: fraction)
        }
    }

    /// The placed widgets with some area on screen under `covers`, which are above them all.
    public static func visibleWidgets(_ placements: [WidgetPlacement], viewport: LayoutRect, covers: [LayoutRect] = []) -> [VisibleWidget] {
        visibleWidgets(placements, viewport: viewport, covers: covers.map { Cover($0, layer: Int.max) })
    }
}
