import FlowCore
import FlowRuntime

/// Collects where a page's widgets are as a renderer lays them out and scrolls them (each
/// widget reports its own frame, the scroll view its viewport, the page its covering bars),
/// and hands the impression tracker their visible fractions (`ImpressionInputs`).
///
/// A renderer whose views report geometry one by one (SwiftUI's `onGeometryChange`) calls
/// `place`, `remove`, `setViewport` and `setCovers` as they change; each call updates the
/// tracker at once, so a widget's dwell time starts and stops with what is on screen.
@MainActor
public final class PlacementFeed {
    private let tracker: ImpressionTracker
    private var placements: [String: WidgetPlacement] = [:]
    /// Placement order, so the tracker sees widgets in the order they were placed.
    private var order: [String] = []
    public private(set) var page: PageModel?
    public private(set) var viewport = LayoutRect.zero
    public private(set) var covers: [LayoutRect] = []

    public init(tracker: ImpressionTracker) {
        self.tracker = tracker
    }

    /// The page the widgets belong to; a new page forgets every placement of the old one.
    public func show(_ page: PageModel?) {
        if self.page?.requestID != page?.requestID || self.page?.id != page?.id {
            placements = [:]
            order = []
        }
        self.page = page
        update()
    }

    /// A widget's frame, in the viewport's coordinates.
    public func place(_ placement: WidgetPlacement) {
        let id = placement.widget.id
        if placements.updateValue(placement, forKey: id) == nil { order.append(id) }
        update()
    }

    /// A widget left the screen (its view disappeared).
    public func remove(widgetID: String) {
        guard placements.removeValue(forKey: widgetID) != nil else { return }
        order.removeAll { $0.isByteEqual(to: widgetID) }
        update()
    }

    public func setViewport(_ viewport: LayoutRect) {
        self.viewport = viewport
        update()
    }

    /// What covers the page: sticky bars, the toast, a presented sheet.
    public func setCovers(_ covers: [LayoutRect]) {
        self.covers = covers
        update()
    }

    /// The visible widgets as the tracker last saw them.
    public var visible: [VisibleWidget] {
        ImpressionInputs.visibleWidgets(order.compactMap { placements[$0] }, viewport: viewport, covers: covers)
    }

    private func update() {
        guard let page else { return }
        tracker.update(page: page, visible: visible)
    }
}
