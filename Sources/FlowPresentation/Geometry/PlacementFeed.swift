import FlowCore
import FlowRuntime

/// Collects where a page's widgets are as a renderer lays them out and scrolls them (each
/// widget reports its own frame, the scroll view its viewport, whatever covers the page its
/// frames), and hands the impression tracker their visible fractions (`ImpressionInputs`),
/// by the terminal's rules.
///
/// A renderer whose views report geometry one by one (SwiftUI's `onGeometryChange`) calls
/// `place`, `remove`, `setViewport` and `setCovers(_:from:)` as they change. What they change
/// reaches the tracker once per `flush` the feed's scheduler runs: at once by default, at the
/// end of the frame's main-actor turn for SwiftUI (`Flush.nextTurn`), so a scroll frame in which
/// every visible widget reports costs one pass over the placements, not one per widget. Only the
/// page's own widgets count, as the terminal counts them: the strips' widgets, the sections'
/// headers, widgets and fallbacks (a widget shown through its fallback counts as itself);
/// never a widget inside another (an accordion's items) or a sheet's. A feed whose page is
/// covered by another screen reporting to the same tracker reports nothing
/// (`appeared()`, `disappeared()`, `setOnTop(_:)`).
@MainActor
public final class PlacementFeed {
    private let tracker: ImpressionTracker
    /// By widget id, compared by its scalars (two ids that read alike are two widgets).
    private var placements: [ExactString: WidgetPlacement] = [:]
    /// Placement order, so the tracker sees widgets in the order they were placed. An id
    /// removed stays until the next pass drops it; `inOrder` keeps it from being added twice.
    private var order: [ExactString] = []
    private var inOrder: Set<ExactString> = []
    /// The page's widgets that count, by the id of what is drawn (a widget's or its
    /// fallback's), with the widget and section they count as.
    private var counted: [ExactString: (widget: WidgetModel, section: SectionModel?)] = [:]
    public private(set) var page: PageModel?
    public private(set) var viewport = LayoutRect.zero
    /// What covers the page, by what reports it (each view that covers reports its own).
    private var coverLayers: [CoverLayer: [LayoutRect]] = [:]
    /// The section headers' frames: a pinned one covers what scrolls under it.
    private var headerCovers: [ExactString: LayoutRect] = [:]
    /// Whether the page's views are shown (until `disappeared()`, again from `appeared()`).
    private var isInWindow = true
    /// Whether the host shows the page on top of its navigation stack.
    private var isOnTop = true
    /// When changes reach the tracker.
    private let flush: Flush
    /// A flush is scheduled and has not run.
    private var isFlushPending = false
    /// Placements looked at to work out visible fractions, in all: what a frame costs.
    private(set) var placementsExamined = 0
    /// Told what is visible each time the tracker is (the page, its visible widgets, the
    /// viewport): a renderer loads what comes next from it (`PagePrefetch`).
    public var onReport: (@MainActor (_ page: PageModel, _ visible: [VisibleWidget], _ viewport: LayoutRect) -> Void)?

    /// When a feed hands the tracker what changed.
    public struct Flush: Sendable {
        let schedule: @MainActor @Sendable (@escaping @MainActor () -> Void) -> Void

        /// Runs `work` at a time of its choosing, on the main actor (at most once per call).
        public init(schedule: @escaping @MainActor @Sendable (@escaping @MainActor () -> Void) -> Void) {
            self.schedule = schedule
        }

        /// Each change at once.
        public static let immediately = Flush { work in work() }

        /// The changes of one main-actor turn together, at its end (a SwiftUI layout pass
        /// reports every widget's frame in one turn).
        public static let nextTurn = Flush { work in Task { @MainActor in work() } }
    }

    /// Who covers the page, each at its height (`ImpressionInputs.Cover.layer`): the sticky
    /// header and footer and the section headers over the scrolling body (1), the toast (2),
    /// the sheets presented over it all (3). A widget is hidden only by covers above its own
    /// layer, as in the terminal: a sticky strip never hides its own widgets.
    public enum CoverLayer: Int, Sendable, Hashable, CaseIterable {
        case stickyBars, toast, sheets

        public var height: Int {
            switch self {
            case .stickyBars: 1
            case .toast: 2
            case .sheets: 3
            }
        }
    }

    public init(tracker: ImpressionTracker, flush: Flush = .immediately) {
        self.tracker = tracker
        self.flush = flush
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
        let samePage = page.map { new in self.page.map { $0.id.isByteEqual(to: new.id) } ?? false } ?? false
        counted = page.map(Self.countedWidgets) ?? [:]
        guard samePage else {
            placements = [:]
            order = []
            inOrder = []
            headerCovers = [:]
            return
        }
        order = order.filter { counted[$0] != nil }
        inOrder = Set(order)
        placements = placements.compactMapValues { placement in
            counted[ExactString(placement.widget.id)].map {
                WidgetPlacement(
                    widget: $0.widget, section: $0.section, position: placement.position, frame: placement.frame, clips: placement.clips,
                    layer: placement.layer)
            }
        }
    }

    /// A widget's frame, in the viewport's coordinates. A widget the page does not count
    /// (nested in another, in a sheet) is ignored; a fallback counts as the widget it stands for.
    public func place(_ placement: WidgetPlacement) {
        guard let owner = counted[ExactString(placement.widget.id)] else { return }
        var placement = placement
        placement.widget = owner.widget
        placement.section = owner.section
        let id = ExactString(owner.widget.id)
        placements[id] = placement
        if inOrder.insert(id).inserted { order.append(id) }
        update()
    }

    /// A widget left the screen (its view disappeared).
    public func remove(widgetID: String) {
        let id = counted[ExactString(widgetID)].map { ExactString($0.widget.id) } ?? ExactString(widgetID)
        guard placements.removeValue(forKey: id) != nil else { return }
        // `order` keeps the id until the next pass drops what `placements` no longer has.
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

    /// Where the header of section `sectionID` is (nil: gone). Pinned, it covers the widgets
    /// scrolling under it, as the terminal's pinned header does.
    public func setHeaderCover(_ frame: LayoutRect?, sectionID: String) {
        let id = ExactString(sectionID)
        let kept = frame.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        guard headerCovers[id] != kept else { return }
        headerCovers[id] = kept
        update()
    }

    /// Every cover with its height, in the layers' order.
    public var covers: [ImpressionInputs.Cover] {
        headerCovers.values.map { ImpressionInputs.Cover($0, layer: 1) }
            + CoverLayer.allCases.flatMap { layer in (coverLayers[layer] ?? []).map { ImpressionInputs.Cover($0, layer: layer.height) } }
    }

    /// The visible widgets, from the placements as they stand.
    public var visible: [VisibleWidget] {
        ImpressionInputs.visibleWidgets(order.compactMap { placements[$0] }, viewport: viewport, covers: covers)
    }

    /// The page's views appeared: when it is on top of its navigation stack (`setOnTop(_:)`),
    /// its reports count again, and it reports what it holds now.
    public func appeared() {
        isInWindow = true
        claimOrRelease()
    }

    /// The page is covered or gone (its views disappeared): its reports no longer reach the
    /// tracker.
    public func disappeared() {
        isInWindow = false
        claimOrRelease()
    }

    /// Whether the host shows this page on top of its navigation stack (true until it says
    /// otherwise). Appearing alone is not enough: an interactive back swipe makes the page
    /// below appear as it starts, and a cancelled one never makes the top page appear again,
    /// so the stack's own answer decides which page counts.
    public func setOnTop(_ onTop: Bool) {
        guard onTop != isOnTop else { return }
        isOnTop = onTop
        claimOrRelease()
    }

    private func claimOrRelease() {
        if isInWindow, isOnTop {
            tracker.screenAppeared(self)
            update()
        } else {
            tracker.screenDisappeared(self)
        }
    }

    /// Something changed: the tracker hears of it at the next flush.
    private func update() {
        guard !isFlushPending else { return }
        isFlushPending = true
        flush.schedule { [weak self] in self?.flushNow() }
    }

    private func flushNow() {
        isFlushPending = false
        if order.count > placements.count {
            order.removeAll { placements[$0] == nil }
            inOrder = Set(order)
        }
        // A page not shown on top reports nothing, whether or not another screen claimed the
        // tracker (a screen with no feed, as search results, claims nothing).
        guard let page, isInWindow, isOnTop, tracker.accepts(self) else { return }
        placementsExamined += order.count
        let visible = visible
        tracker.update(page: page, visible: visible)
        onReport?(page, visible, viewport)
    }

    /// The widgets of `page` that count, by the id of what a renderer draws for them.
    private static func countedWidgets(of page: PageModel) -> [ExactString: (widget: WidgetModel, section: SectionModel?)] {
        var counted: [ExactString: (widget: WidgetModel, section: SectionModel?)] = [:]
        func add(_ widget: WidgetModel, _ section: SectionModel?) {
            if let fallback = widget.fallback { counted[ExactString(fallback.id)] = (widget, section) }
            counted[ExactString(widget.id)] = (widget, section)
        }
        for widget in (page.header?.widgets ?? []) + (page.footer?.widgets ?? []) { add(widget, nil) }
        for section in page.sections {
            for widget in (section.header.map { [$0] } ?? []) + section.widgets + (section.fallback.map { [$0] } ?? []) { add(widget, section) }
        }
        return counted
    }
}
