import FlowCore

/// One page screen, as every app that shows a page has it (the shopper app, `vitrine
/// preview`): after Bubble Tea's `viewport.Model`, a sub-model the app keeps in its state and
/// hands two things. `update` turns what the user did on the page into intents the app carries
/// out (fire an action from its origin, retry, dismiss the sheet or the toast, go back); `draw`
/// renders the page through the screen's viewport and returns the layout it produced.
///
/// The screen knows no app: what an intent does (a dispatcher, a preview that only describes
/// it) and what the other keys mean (search, the cart) are the app's.
public struct PageScreen: Sendable {
    /// Scroll, carousels, the sheet's scroll and focus: the one place they are kept.
    public var viewport: PageViewport

    public init(viewport: PageViewport = PageViewport()) {
        self.viewport = viewport
    }

    /// The focused target in the last frame.
    public var focusedTarget: FocusTarget? { viewport.focusedTarget }

    /// Whether the last frame drawn showed a sheet over the page.
    public var showsSheet: Bool { viewport.layout?.sheetRect != nil }

    /// Applies `input` to the screen; returns what the app should do.
    ///
    /// - Parameter hasSheet: whether the app presents a sheet over this page now (Esc closes
    ///   it before anything else).
    public mutating func update(_ input: PageScreenInput, hasSheet: Bool) -> [PageIntent] {
        switch input {
        case .browse(let command):
            viewport.apply(command)
            return []
        case .activate:
            return activate()
        case .fire(let event):
            guard let target = viewport.focusedTarget, !showsSheet else { return [] }
            guard let action = target.action(for: event) else { return [.missingAction(event, widget: target.widget)] }
            return [.fire(FiredAction(action: action, event: event, widgetID: target.widget?.id, sectionID: target.section?.id))]
        case .dismiss:
            return hasSheet ? [.dismissSheet] : [.back]
        case .step(let delta):
            guard let id = viewport.focusedTarget?.widget?.id, !showsSheet else { return [] }
            return [.step(widgetID: id, delta: delta)]
        case .click(let x, let y):
            return click(x: x, y: y)
        }
    }

    /// Draws `content` `width` × `height` through the viewport, with the focus marked, and takes
    /// the frame's layout: the viewport's scrolls come back clamped, a waiting move resolved.
    @MainActor
    public mutating func draw(
        _ content: PageScreenContent, with renderer: PageRenderer, environment: RenderEnvironment, showsFocus: Bool = true,
        width: Int, height: Int
    ) -> PageScreenDrawing {
        let previousScroll = viewport.layout?.scroll
        renderer.environment = showsFocus ? viewport.focusing(environment) : environment
        let frame = renderer.render(content, viewport: &viewport, width: width, height: height)
        let layout = FrameLayout(frame: frame, width: width, height: height)
        let changed = viewport.adopt(layout)
        return PageScreenDrawing(
            frame: frame, layout: layout, scrollHint: frame.frame(previousScroll: previousScroll).scroll, needsAnotherFrame: changed)
    }

    private func activate() -> [PageIntent] {
        if let layout = viewport.layout, layout.sheetRect != nil {
            guard let index = viewport.sheetFocus, layout.sheetTargets.indices.contains(index) else { return [] }
            let region = layout.sheetTargets[index]
            guard let action = region.action else { return [] }
            return [.fire(FiredAction(action: action, event: .tap, widgetID: region.target.widgetID, sectionID: nil))]
        }
        guard let target = viewport.focusedTarget else { return [] }
        if target.id == .retry { return [.retry] }
        // The control that has the keys: its own action, a sign's step; a disabled one nothing.
        if let control = viewport.control ?? target.defaultControl, let region = target.controls.first(where: { $0.target == control }) {
            if case .stepper(let id, let delta) = control { return [.step(widgetID: id, delta: delta)] }
            guard let action = region.action else { return [] }
            return [.fire(FiredAction(action: action, event: .tap, widgetID: target.widget?.id, sectionID: target.section?.id))]
        }
        guard let (event, action) = target.primaryAction else { return [] }
        return [.fire(FiredAction(action: action, event: event, widgetID: target.widget?.id, sectionID: target.section?.id))]
    }

    private mutating func click(x: Int, y: Int) -> [PageIntent] {
        guard let region = viewport.focus(at: x, y: y) else { return [] }
        let section = region.target.widgetID.flatMap { viewport.layout?.target(.widget($0))?.section?.id }
        switch region.target {
        case .sheetBackdrop: return [.dismissSheet]
        case .toast: return [.dismissToast]
        case .retry: return [.retry]
        case .widget(let id, let event):
            return region.action.map { [.fire(FiredAction(action: $0, event: WidgetEvent(event), widgetID: id, sectionID: section))] } ?? []
        case .control(let id, _):
            return region.action.map { [.fire(FiredAction(action: $0, event: .tap, widgetID: id, sectionID: section))] } ?? []
        case .navButton, .navAccessory:
            return region.action.map { [.fire(FiredAction(action: $0, event: .tap, widgetID: nil, sectionID: nil))] } ?? []
        case .stepper(let id, let delta):
            return [.step(widgetID: id, delta: delta)]
        case .disclosure:
            return []
        }
    }
}

/// What the user does on a page screen (the app maps its keys to these).
public enum PageScreenInput: Sendable, Hashable {
    /// Focus, scrolling, carousels.
    case browse(BrowseCommand)
    /// Enter: the focused control's action (or the focused widget's `tap`, else its first
    /// button's), the retry, a sheet's target.
    case activate
    /// The focused widget's action for an event (`a`: `add_to_cart`).
    case fire(WidgetEvent)
    /// Esc: the top sheet, else back.
    case dismiss
    /// `+` or `-`: the focused widget's count (a stepper's, a product's quantity) up or down.
    case step(Int)
    /// A left click at a cell.
    case click(x: Int, y: Int)
}

/// What a page screen asks of its app.
public enum PageIntent: Sendable, Equatable {
    /// Run an action, from where it was fired.
    case fire(FiredAction)
    /// Repeat what failed (the first load, the next page).
    case retry
    case dismissSheet
    case dismissToast
    /// The focused widget (nil: a section's control) has no action for this event (the app
    /// says so, and why when it can).
    case missingAction(WidgetEvent, widget: WidgetModel?)
    /// Esc with no sheet: the app leaves the screen, or closes what else it shows.
    case back
    /// A widget's count up or down (`+`, `-`, a click on a stepper's sign): the app keeps it
    /// in the page's widget state, within what the widget allows.
    case step(widgetID: String, delta: Int)
}

/// An action fired on a page, with its origin.
public struct FiredAction: Sendable, Equatable {
    public var action: ActionData
    public var event: WidgetEvent
    /// The page widget it belongs to (`nil` for the nav bar).
    public var widgetID: String?
    public var sectionID: String?

    public init(action: ActionData, event: WidgetEvent, widgetID: String?, sectionID: String?) {
        self.action = action
        self.event = event
        self.widgetID = widgetID
        self.sectionID = sectionID
    }
}

/// One frame of a page screen, and what drawing it taught.
public struct PageScreenDrawing {
    public var frame: RenderedFrame
    /// The layout drawn (also kept in the screen's viewport, for the next keys).
    public var layout: FrameLayout
    /// How the body moved since the last frame, for the writer.
    public var scrollHint: ScrollHint?
    /// Taking the frame moved focus or scroll (a move resolved): another frame is due.
    public var needsAnotherFrame: Bool
}

extension HitTarget {
    /// The widget a target belongs to, if any.
    public var widgetID: String? {
        switch self {
        case .widget(let id, _), .control(let id, _), .stepper(let id, _), .disclosure(let id): id
        default: nil
        }
    }
}
