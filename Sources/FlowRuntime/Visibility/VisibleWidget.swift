import FlowCore

/// One widget's visibility in one frame, as a renderer measures it.
public struct VisibleWidget: Sendable {
    public var widget: WidgetModel
    /// The section it is in (its id and tracking feed the event); `nil` in the page header or footer.
    public var section: SectionModel?
    /// Its index within its section (or strip), 0-based.
    public var position: Int
    /// The share of the widget's area on screen, 0…1. Laid out off screen or prefetched: 0.
    public var visibleFraction: Double

    public init(widget: WidgetModel, section: SectionModel?, position: Int, visibleFraction: Double) {
        self.widget = widget
        self.section = section
        self.position = position
        self.visibleFraction = visibleFraction
    }
}
