import FlowCore
import FlowPresentation

/// Something on screen a click or Enter can act on, recorded while a frame is drawn.
public enum HitTarget: Sendable, Hashable {
    /// A widget's own `tap` (or other) event.
    case widget(id: String, event: String)
    /// A button or tag inside a widget, by its index there, carrying its own action.
    case control(widgetID: String, index: Int)
    /// A stepper's minus or plus.
    case stepper(widgetID: String, delta: Int)
    /// An accordion's header, which expands or collapses it.
    case disclosure(widgetID: String)
    /// A nav bar button: the left one (`index` -1) or a right one.
    case navButton(index: Int)
    /// The host's slot at the nav bar's end (the cart).
    case navAccessory
    /// The retry of a failed first load or a failed next page.
    case retry
    /// The dimmed page behind a sheet: dismisses a dismissible sheet.
    case sheetBackdrop
    /// The toast: dismisses it.
    case toast
}

extension HitTarget {
    /// Whether it is a control inside a widget: a button, tag or option, or a count's sign.
    public var isWidgetControl: Bool {
        switch self {
        case .control, .stepper: true
        default: false
        }
    }
}

/// A target with the cells it covers and the action it fires, if any.
public struct HitRegion: Sendable {
    public var rect: CellRect
    public var target: HitTarget
    public var action: ActionData?

    public init(rect: CellRect, target: HitTarget, action: ActionData? = nil) {
        self.rect = rect
        self.target = target
        self.action = action
    }
}

/// The targets of the last presented frame, for hit-testing clicks and for focus.
public struct HitMap: Sendable {
    /// In drawing order: later regions are on top.
    public private(set) var regions: [HitRegion] = []
    /// The controls drawn inside widgets (buttons, tags, options, a count's signs), enabled or
    /// not, with their whole cells however the viewport clipped them: focus moves through a
    /// widget's controls with the keys, also to those scrolled out of view.
    public private(set) var controls: [HitRegion] = []

    public init(regions: [HitRegion] = [], controls: [HitRegion] = []) {
        self.regions = regions
        self.controls = controls
    }

    /// Records `region` (clipped to what shows) for clicks and, when it is a widget's control,
    /// `unclipped` for focus.
    mutating func add(_ region: HitRegion, unclipped: CellRect? = nil) {
        if let unclipped, region.target.isWidgetControl, !unclipped.isEmpty {
            controls.append(HitRegion(rect: unclipped, target: region.target, action: region.action))
        }
        guard !region.rect.isEmpty else { return }
        regions.append(region)
    }

    /// Drops the regions under `rect` (a sheet or toast drawn over them).
    mutating func cover(_ rect: CellRect) {
        regions = regions.compactMap { region in
            let left = region.rect
            guard !left.intersection(rect).isEmpty else { return region }
            // Keep only what lies above or below the cover: bars cover whole rows.
            if left.y < rect.y {
                var kept = region
                kept.rect = CellRect(x: left.x, y: left.y, width: left.width, height: rect.y - left.y)
                return kept
            }
            if left.maxY > rect.maxY, rect.x <= left.x, rect.maxX >= left.maxX {
                var kept = region
                kept.rect = CellRect(x: left.x, y: rect.maxY, width: left.width, height: left.maxY - rect.maxY)
                return kept
            }
            return nil
        }
    }

    /// The targets Tab moves through, in reading order (`FocusOrder`); the backdrop behind a
    /// sheet is not one (Escape dismisses it).
    public var focusOrder: [HitRegion] {
        FocusOrder.ordered(regions.filter { $0.target != .sheetBackdrop }, frame: \.rect.layoutRect)
    }

    /// The topmost region at cell (`x`, `y`).
    public func hitTest(x: Int, y: Int) -> HitRegion? {
        regions.last { $0.rect.contains(x: x, y: y) }
    }
}
