import FlowCore
import FlowRuntime

/// Collects where a page's widgets are as a renderer lays them out and scrolls them (each
/// widget reports its own frame, the scroll view its viewport, the page its covering bars),
/// and hands the impression tracker their visible fractions (`ImpressionInputs`).
///
/// A renderer whose views report geometry one by one (SwiftUI's `onGeometryChange`) calls
/// `place`, `remove`, `setViewport` and `setCovers(_:from:)` as they change; each call updates the
/// tracker at once, so a widget's dwell time starts and stops with what is on screen.
@MainActor
public final class PlacementFeed {
    private let tracker: ImpressionTracker
    /// By widget id, compared by its scalars (two ids that read alike are two widgets).
    private var placements: [ExactString: WidgetPlacement] = [:]
    /// Placement order, so the tracker sees widgets in the order they were placed.
    private var order: [ExactString] = []
    public private(set) var page: PageModel?
    public private(set) var viewport = LayoutRect.zero
    /// What covers the page, by what reports it (each view that covers reports its own).
    private var coverLayers: [CoverLayer: [LayoutRect]] = [:]

    /// Who covers the page: the sticky header and footer, the toast, the sheets presented over
    /// it. Each reports its frames on its own, and a widget is hidden by all of them at once.
    public enum CoverLayer: Int, Sendable, Hashable, CaseIterable {
        case stickyBars, toast, sheets
    }

    public init(tracker: ImpressionTracker) {
        self.tracker = tracker
    }

    /// The page the widgets belong to. Another page forgets every placement of the old one;
    /// the same page composed again (a refresh, a mutation) keeps the placements of the widgets
    /// it still holds, with their new models, since views that stay on screen report again only
    /// when their frames change.
    public func show(_ page: PageModel?) {
        defer {
            self.page = page
            update()
        }
        guard let page, let old = self.page, old.id.isByteEqual(to: page.id) else {
            placements = [:]
            order = []
            return
        }
        var current: [ExactString: (widget: WidgetModel, section: SectionModel?)] = [:]
        for widget in (page.header?.widgets ?? []) + (page.footer?.widgets ?? []) { current[ExactString(widget.id)] = (widget, nil) }
        for section in page.sections {
            for widget in (section.header.map { [$0] } ?? []) + section.widgets { current[ExactString(widget.id)] = (widget, section) }
        }
        order = order.filter { current[$0] != nil }
        placements = placements.compactMapValues { placement in
            current[ExactString(placement.widget.id)].map {
                WidgetPlacement(widget: $0.widget, section: $0.section, position: placement.position, frame: placement.frame, clips: placement.clips)
            }
        }
    }

    /// A widget's frame, in the viewport's coordinates.
    public func place(_ placement: WidgetPlacement) {
        let id = ExactString(placement.widget.id)
        if placements.updateValue(placement, forKey: id) == nil { order.append(id) }
        update()
    }

    /// A widget left the screen (its view disappeared).
    public func remove(widgetID: String) {
        let id = ExactString(widgetID)
        guard placements.removeValue(forKey: id) != nil else { return }
        order.removeAll { $0 == id }
        update()
    }

    public func setViewport(_ viewport: LayoutRect) {
        self.viewport = viewport
        update()
    }

    /// What covers the page from `layer` (sticky bars, the toast, presented sheets), in place
    /// of what that layer covered before; the other layers' covers stay.
    public func setCovers(_ covers: [LayoutRect], from layer: CoverLayer = .stickyBars) {
        let kept = covers.filter { $0.width > 0 && $0.height > 0 }
        guard coverLayers[layer, default: []] != kept else { return }
        coverLayers[layer] = kept
        update()
    }

    /// Every cover, in the layers' order.
    public var covers: [LayoutRect] {
        CoverLayer.allCases.flatMap { coverLayers[$0] ?? [] }
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
