import FlowCore
import FlowPresentation

/// Where focus can rest: a page widget (by id, compared by code points), or the retry button
/// of a failed load.
public enum FocusID: Sendable, Hashable {
    case widget(ExactString)
    case retry

    /// The focus on widget `id`.
    public static func widget(_ id: String) -> FocusID { .widget(ExactString(id)) }
}

/// A widget focus can move to in one frame: one that has actions of its own, or buttons and
/// tags that do (an editorial card's call to action).
public struct FocusTarget: Sendable {
    public var id: FocusID
    /// The page widget, and the one shown for it (its fallback, when that is what is drawn).
    public var widget: WidgetModel?
    public var shown: WidgetModel?
    public var section: SectionModel?
    public var position: Int
    /// The section id when it is a carousel's card: left and right move within it.
    public var carouselID: String?
    /// Its cells in the frame (screen coordinates, unclipped).
    public var rect: CellRect
    /// Whether it moves with the body (not a sticky strip's widget).
    public var scrolls: Bool
    /// The controls drawn inside it (buttons, tags, options, a count's signs), enabled or not
    /// (a disabled one has no action), whole, in drawing order.
    public var controls: [HitRegion]

    public init(
        id: FocusID, widget: WidgetModel?, shown: WidgetModel?, section: SectionModel?, position: Int, carouselID: String?,
        rect: CellRect, scrolls: Bool, controls: [HitRegion]
    ) {
        self.id = id
        self.widget = widget
        self.shown = shown
        self.section = section
        self.position = position
        self.carouselID = carouselID
        self.rect = rect
        self.scrolls = scrolls
        self.controls = controls
    }

    /// The actions of its enabled controls, in drawing order.
    public var controlActions: [ActionData] { controls.compactMap(\.action) }

    /// Its first button (the lowest index: a product's call to action), enabled or not.
    public var primaryControl: HitRegion? {
        controls.filter { if case .control = $0.target { true } else { false } }.min { $0.target.controlIndex < $1.target.controlIndex }
    }

    /// What Enter fires with the widget focused as a whole: its own `tap`, else its first
    /// button's action. A disabled first button fires nothing: Enter on a sold-out product's
    /// button must not open whatever control comes next (a variant).
    public var primaryAction: (event: WidgetEvent, action: ActionData)? {
        if let tap = shown?.actions[WidgetEvent.tap] { return (.tap, tap) }
        if let action = primaryControl?.action { return (.tap, action) }
        return nil
    }

    /// The control that has the keys when the widget is focused as a whole: none when it has
    /// a `tap` of its own (Enter fires that), else its first button (what Enter fires, even
    /// disabled), else its first control in reading order (a count's `−`).
    public var defaultControl: HitTarget? {
        guard shown?.actions[WidgetEvent.tap] == nil else { return nil }
        if let primary = primaryControl { return primary.target }
        return controls.filter { $0.action != nil || $0.target.isStepper }.min { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }?.target
    }

    /// Where focus can rest inside it with the keys, in drawing order: every enabled control,
    /// and first the widget itself (`control` nil, at its top row) when it has a `tap`. Empty
    /// when there is nothing to choose between (no control, or one that does what Enter on
    /// the widget does anyway), so that such a widget takes one key to cross.
    public var stops: [FocusStop] {
        let enabled = controls.filter { $0.action != nil || $0.target.isStepper }
        if let tap = shown?.actions[WidgetEvent.tap] {
            if enabled.isEmpty || (enabled.count == 1 && enabled[0].action == tap) { return [] }
            return [FocusStop(control: nil, rect: CellRect(x: rect.x, y: rect.y, width: rect.width, height: 1))]
                + enabled.map { FocusStop(control: $0.target, rect: $0.rect) }
        }
        if enabled.isEmpty || (enabled.count == 1 && enabled[0].target == defaultControl) { return [] }
        return enabled.map { FocusStop(control: $0.target, rect: $0.rect) }
    }

    /// The cells of `control` inside it (`nil`: the default control, else its top row).
    func stopRect(_ control: HitTarget?) -> CellRect {
        let shown = control ?? defaultControl
        if let shown, let region = controls.first(where: { $0.target == shown }) { return region.rect }
        return CellRect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    }

    /// Its band in reading order: 0 the sticky header, 1 the body, 2 the sticky footer.
    func band(bodyTop: Int) -> Int {
        if scrolls { return 1 }
        return rect.y < bodyTop ? 0 : 2
    }

    /// The action the widget declares for `event` (`add_to_cart`).
    public func action(for event: WidgetEvent) -> ActionData? {
        shown?.actions[event]
    }
}

/// A place focus can rest inside a widget: one of its controls, or (`control` nil) the widget
/// itself.
public struct FocusStop: Sendable, Hashable {
    public var control: HitTarget?
    /// Its cells on screen (unclipped).
    public var rect: CellRect
}

extension HitTarget {
    /// A control's index in its widget (`Int.max` for any other target).
    var controlIndex: Int {
        if case .control(_, let index) = self { return index }
        return .max
    }

    var isStepper: Bool {
        if case .stepper = self { return true }
        return false
    }
}

/// Where a section's header was drawn: in its row, or pinned at the body's top.
public struct SectionHeaderPlace: Sendable, Hashable {
    public var rect: CellRect
    public var isPinned: Bool

    public init(rect: CellRect, isPinned: Bool) {
        self.rect = rect
        self.isPinned = isPinned
    }
}

/// What a presented frame taught the app about the screen: the body's rows and scroll, where
/// each focusable widget is, the click targets, and the top sheet. The viewport's commands
/// (`PageViewport.apply`) work from the last one.
public struct FrameLayout: Sendable {
    /// The screen the frame was drawn for.
    public var width: Int
    public var height: Int
    /// The body's rows on screen.
    public var bodyRows: Range<Int>
    /// The scroll the frame used (clamped to the content).
    public var scroll: Int
    /// The largest scroll, once the whole body has been measured.
    public var maxScroll: Int?
    /// Focusable page widgets laid out (on screen and in the look-ahead), in reading order:
    /// the sticky header's, the body's, the sticky footer's.
    public var targets: [FocusTarget]
    /// The frame's click targets.
    public var hitMap: HitMap
    /// The top sheet's rectangle, when one is presented.
    public var sheetRect: CellRect?
    /// Section headers laid out in the body, by section id: revealing a section's first row
    /// reveals its header too, and a pinned header covers the top of its section.
    public var sectionHeaders: [String: SectionHeaderPlace]

    public init(
        width: Int, height: Int, bodyRows: Range<Int>, scroll: Int, maxScroll: Int?, targets: [FocusTarget], hitMap: HitMap,
        sheetRect: CellRect? = nil, sectionHeaders: [String: SectionHeaderPlace] = [:]
    ) {
        self.width = width
        self.height = height
        self.bodyRows = bodyRows
        self.scroll = scroll
        self.maxScroll = maxScroll
        self.targets = targets
        self.hitMap = hitMap
        self.sheetRect = sheetRect
        self.sectionHeaders = sectionHeaders
    }

    /// The layout of `frame`, drawn `width` × `height`.
    public init(frame: RenderedFrame, width: Int, height: Int) {
        var controls: [ExactString: [HitRegion]] = [:]
        for region in frame.hitMap.controls {
            if let widgetID = region.target.widgetID { controls[ExactString(widgetID), default: []].append(region) }
        }
        let hasRetry = frame.hitMap.regions.contains { $0.target == .retry }
        var seen = Set<ExactString>()
        var targets: [FocusTarget] = []
        var headers: [String: SectionHeaderPlace] = [:]
        for item in frame.laidOut {
            if let section = item.section, let header = section.header, header.id.isByteEqual(to: item.widget.id) {
                headers[section.id] = SectionHeaderPlace(rect: item.frame, isPinned: item.layer > 0)
                continue
            }
            let id = ExactString(item.widget.id)
            let own = controls[id] ?? []
            guard !item.shown.actions.isEmpty || own.contains(where: { $0.action != nil || $0.target.isStepper }),
                seen.insert(id).inserted
            else { continue }
            let isCarousel = item.section?.layout.arrangement == .carousel && item.layer == 0
            targets.append(FocusTarget(
                id: .widget(id), widget: item.widget, shown: item.shown, section: item.section, position: item.position,
                carouselID: isCarousel ? item.section?.id : nil, rect: item.frame, scrolls: item.scrolls, controls: own))
        }
        if hasRetry, let region = frame.hitMap.regions.last(where: { $0.target == .retry }) {
            targets.append(FocusTarget(
                id: .retry, widget: nil, shown: nil, section: nil, position: 0, carouselID: nil, rect: region.rect,
                scrolls: true, controls: []))
        }
        let sheet = frame.covers.filter { $0.layer >= 3 }.max { $0.layer < $1.layer }?.rect
        // A page whose bars leave its body no row (a screen resized to 10 × 3) has an empty
        // body: nothing of it is in view, and focus waits for it to grow back.
        let body = frame.bodyRows
        self.init(
            width: width, height: height, bodyRows: body, scroll: frame.scroll, maxScroll: frame.maxScroll,
            targets: Self.readingOrder(targets, bodyTop: body.lowerBound), hitMap: frame.hitMap, sheetRect: sheet,
            sectionHeaders: headers)
    }

    /// Sticky header widgets first, then the body's by row and column, then the sticky
    /// footer's: `FocusOrder`, the one reading order.
    static func readingOrder(_ targets: [FocusTarget], bodyTop: Int) -> [FocusTarget] {
        FocusOrder.ordered(targets, band: { $0.band(bodyTop: bodyTop) }, frame: \.rect.layoutRect)
    }

    /// The target with `id` in this frame.
    public func target(_ id: FocusID?) -> FocusTarget? {
        guard let id else { return nil }
        return targets.first { $0.id == id }
    }

    /// The click targets inside the top sheet, in reading order (what focus moves through
    /// while a sheet is up).
    public var sheetTargets: [HitRegion] {
        guard let sheetRect else { return [] }
        return hitMap.focusOrder.filter { !$0.rect.intersection(sheetRect).isEmpty && $0.action != nil }
    }

    /// Whether `rect` is wholly on screen in the body: all its rows and all its columns.
    public func isInView(_ rect: CellRect) -> Bool {
        rect.y >= bodyRows.lowerBound && rect.maxY <= bodyRows.upperBound && rect.x >= 0 && rect.maxX <= width
    }

    /// Whether some of `rect` shows in the body.
    public func isPartlyInView(_ rect: CellRect) -> Bool {
        rect.y < bodyRows.upperBound && rect.maxY > bodyRows.lowerBound && rect.x < width && rect.maxX > 0
    }

    /// Rows of the body on screen.
    public var viewportHeight: Int { bodyRows.count }
}
