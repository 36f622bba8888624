/// A movement the user asks of a page screen: focus, scrolling, the carousels.
public enum BrowseCommand: Sendable, Hashable {
    /// Focus to the widget below, above, left or right (left and right stay in a carousel or a
    /// grid row), scrolling to keep it in view.
    case down, up, left, right
    /// Focus to the next or previous widget in reading order (Tab, Shift-Tab).
    case next, previous
    /// A screen down or up, keeping two rows of context.
    case pageDown, pageUp
    /// The top or the end of the page.
    case top, bottom
    /// The wheel: rows down (positive) or up.
    case scroll(Int)
}

/// What one page screen keeps between frames, and the only place it is kept: its scroll, each
/// carousel's offset, the sheet's scroll and what has focus, with the layout the last frame
/// drawn taught it.
///
/// A value type, changed by `apply` (a command), by the renderer that draws through it
/// (`PageRenderer.render(_:viewport:width:height:)` clamps the scrolls in place) and by `adopt`
/// (the frame drawn), so a screen pushed under another keeps its place exactly. Focus is a
/// widget id: it survives a refresh that keeps the widget, and a frame that no longer shows it
/// moves it to the nearest widget in view, so focus is always visible.
public struct PageViewport: Sendable {
    /// Rows the body is scrolled down.
    public var scroll = 0
    /// Columns each carousel is scrolled, by section id.
    public var carouselOffsets: [String: Int] = [:]
    /// Rows the top sheet's body is scrolled down.
    public var sheetScroll = 0
    /// The page widget (or retry button) with focus. Another widget taking focus starts at
    /// its default control.
    public var focus: FocusID? {
        didSet { if focus != oldValue { control = nil } }
    }
    /// The control inside the focused widget that has the keys (a variant's option, a
    /// quantity's sign), or `nil` for the widget as a whole, whose Enter is its `tap` or its
    /// first button (`FocusTarget.defaultControl`).
    public var control: HitTarget?
    /// The index of the focused target in the top sheet, while one is up.
    public var sheetFocus: Int?
    /// The last presented frame's layout.
    public private(set) var layout: FrameLayout?
    /// A move that needs a frame further down (or up) to find its target.
    var pending: PendingMove?

    /// A move waiting for the next frame, from a place in the body (content rows).
    enum PendingMove: Sendable, Hashable {
        case down(fromRow: Int, column: Int)
        case up(fromRow: Int, column: Int)
        /// After End: the last widget in view takes focus.
        case lastInView
    }
    /// The carousel offsets the last frame was drawn with (its targets' columns are at them).
    private(set) var drawnOffsets: [String: Int] = [:]

    public init(scroll: Int = 0) {
        self.scroll = scroll
    }

    /// Rows a page step moves: the viewport less two rows of context.
    public var pageStep: Int { max(1, (layout?.viewportHeight ?? 24) - 2) }

    /// The focused target in the last frame.
    public var focusedTarget: FocusTarget? { layout?.target(focus) }

    /// Whether the body's end shows or is near (within one screen): the next page is due.
    public var isNearEnd: Bool {
        guard let layout, let maxScroll = layout.maxScroll else { return false }
        return scroll >= maxScroll - max(1, layout.viewportHeight)
    }

    /// Applies a command to the last frame's layout.
    public mutating func apply(_ command: BrowseCommand) {
        pending = nil
        if layout?.sheetRect != nil {
            applyToSheet(command)
            return
        }
        // Within a widget's controls first (its options, its count, its button), then on.
        if moveWithinWidget(command) { return }
        switch command {
        case .down: moveVertically(down: true)
        case .up: moveVertically(down: false)
        case .left: moveHorizontally(right: false)
        case .right: moveHorizontally(right: true)
        case .next: moveInReadingOrder(forward: true)
        case .previous: moveInReadingOrder(forward: false)
        case .pageDown: scrollBy(pageStep)
        case .pageUp: scrollBy(-pageStep)
        case .top:
            scroll = 0
            focus = nil
        case .bottom:
            // Far past the end: the renderer measures the body and clamps.
            scroll = layout?.maxScroll ?? (scroll + 1_000_000)
            focus = nil
            pending = .lastInView
        case .scroll(let rows): scrollBy(rows)
        }
    }

    /// A frame was drawn through this viewport (which it clamped) with `layout`: a waiting move
    /// is resolved and focus kept on a widget in view. Returns whether anything changed that the
    /// screen shows (then another frame is due).
    @discardableResult
    public mutating func adopt(_ layout: FrameLayout) -> Bool {
        let before = (scroll, focus, sheetFocus, carouselOffsets, control)
        let resized = self.layout.map { $0.width != layout.width || $0.height != layout.height } ?? false
        self.layout = layout
        drawnOffsets = carouselOffsets
        if layout.sheetRect != nil {
            let count = layout.sheetTargets.count
            if let index = sheetFocus, index >= count { sheetFocus = count == 0 ? nil : count - 1 }
        } else {
            sheetFocus = nil
            resolvePending()
            // A resize re-lays the page: the focused widget stays focused and is brought into view.
            if resized, pending == nil, let target = focusedTarget, target.scrolls, !layout.isPartlyInView(target.rect) {
                reveal(target)
            } else {
                keepFocusInView()
            }
        }
        // A control the frame no longer draws (a refresh took the option away) gives the keys
        // back to the widget as a whole.
        if let control, focusedTarget?.controls.contains(where: { $0.target == control }) != true { self.control = nil }
        return before.0 != scroll || before.1 != focus || before.2 != sheetFocus || before.3 != carouselOffsets || before.4 != control
    }

    /// Focuses the widget hit at a cell (a click), returning the region hit.
    public mutating func focus(at x: Int, y: Int) -> HitRegion? {
        guard let layout, let region = layout.hitMap.hitTest(x: x, y: y) else { return nil }
        if layout.sheetRect != nil {
            sheetFocus = layout.sheetTargets.firstIndex { $0.rect == region.rect && $0.target == region.target }
            return region
        }
        switch region.target {
        case .widget(let id, _), .control(let id, _), .stepper(let id, _), .disclosure(let id):
            if layout.target(.widget(id)) != nil {
                focus = .widget(id)
                control = region.target.isWidgetControl ? region.target : nil
            }
        case .retry: focus = .retry
        default: break
        }
        return region
    }

    /// Forgets the sheet's scroll and focus (a sheet opened or closed).
    public mutating func resetSheet() {
        sheetScroll = 0
        sheetFocus = nil
    }

    // MARK: - Scrolling

    mutating func scrollBy(_ rows: Int) {
        var next = max(0, scroll + rows)
        if let maxScroll = layout?.maxScroll { next = min(next, maxScroll) }
        scroll = next
    }

    private mutating func applyToSheet(_ command: BrowseCommand) {
        let count = layout?.sheetTargets.count ?? 0
        switch command {
        case .down, .right, .next:
            sheetFocus = count == 0 ? nil : min(count - 1, (sheetFocus ?? -1) + 1)
        case .up, .left, .previous:
            sheetFocus = count == 0 ? nil : max(0, (sheetFocus ?? count) - 1)
        case .pageDown: sheetScroll += pageStep / 2
        case .pageUp: sheetScroll = max(0, sheetScroll - pageStep / 2)
        case .top: sheetScroll = 0
        case .bottom: sheetScroll += pageStep
        case .scroll(let rows): sheetScroll = max(0, sheetScroll + rows)
        }
    }
}

extension PageViewport {
    /// `environment` with this viewport's focus: the focused page widget, or the focused
    /// target of the top sheet.
    public func focusing(_ environment: RenderEnvironment) -> RenderEnvironment {
        var environment = environment
        environment.focused = nil
        environment.focusedWidgetID = nil
        if let layout, layout.sheetRect != nil {
            guard let index = sheetFocus, layout.sheetTargets.indices.contains(index) else { return environment }
            let target = layout.sheetTargets[index].target
            environment.focused = target
            if case .widget(let id, _) = target { environment.focusedWidgetID = id }
            return environment
        }
        switch focus {
        case .widget(let id):
            environment.focusedWidgetID = id.string
            environment.focused = control ?? focusedTarget?.defaultControl
        case .retry: environment.focused = .retry
        case nil: break
        }
        return environment
    }
}
