import FlowCore
import FlowPresentation
import FlowRuntime

/// One widget ready to lay out: its view (or labelled placeholder), its chrome, its width rule.
/// What the page, the arrangements and nested widgets (accordion items) all measure and draw.
@MainActor
public struct WidgetBox {
    /// The widget as the page holds it (its id is what visibility and state use).
    public let widget: WidgetModel
    /// The widget shown: itself or its fallback.
    public let shown: WidgetModel
    public let view: any TerminalWidget
    public let chrome: WidgetChrome

    /// The box for `resolved`, or `nil` when nothing is shown for it (incompatible, expired, or
    /// unknown and malformed under a skipping policy).
    public static func make(
        _ resolved: ResolvedWidget, environment: RenderEnvironment, sectionID: String? = nil, position: Int? = nil
    ) -> WidgetBox? {
        let shown = resolved.shown ?? resolved.widget
        switch environment.registry.rendering(for: resolved, sectionID: sectionID, position: position) {
        case .view(let view):
            return WidgetBox(widget: resolved.widget, shown: shown, view: view, chrome: WidgetChrome(shown.layout, metrics: environment.metrics))
        case .placeholder(let placeholder):
            return WidgetBox(widget: resolved.widget, shown: shown, view: PlaceholderView(placeholder), chrome: WidgetChrome(nil, metrics: environment.metrics))
        case .skip:
            return nil
        }
    }

    /// The fallback drawn in the widget's place, if that is what is shown.
    public var fallbackShown: WidgetModel? {
        shown.id.isByteEqual(to: widget.id) && shown.type.isByteEqual(to: widget.type) ? nil : shown
    }

    /// The columns the widget takes in a container `container` wide: its `width` rule
    /// (`fill`, `hug`, a fraction) from `ItemGeometry`.
    public func outerWidth(container: Int, environment: RenderEnvironment) -> Int {
        let intrinsic = view.intrinsicWidth(environment: environment).map { Double($0 + chrome.totalInsets.horizontal) }
        let width = ItemGeometry.width(shown.layout?.width, container: Double(container), intrinsic: intrinsic)
        return max(0, min(container, Int(width.rounded(.down))))
    }

    /// Rows the widget takes, chrome included, at `outerWidth` columns.
    public func height(outerWidth: Int, environment: RenderEnvironment) -> Int {
        let contentWidth = chrome.contentWidth(outer: outerWidth)
        guard contentWidth > 0 else { return 0 }
        let content = view.height(width: contentWidth, environment: environment)
        guard content > 0 else { return 0 }
        return chrome.outerHeight(content: content)
    }

    /// Draws chrome and content into `canvas` (its bounds are the outer box).
    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        guard !canvas.isClippedAway, canvas.width > 0, canvas.height > 0 else { return }
        let imagesBefore = canvas.surface.imageRects.count, controlsBefore = canvas.surface.hitMap.controls.count
        chrome.draw(in: canvas, environment: environment)
        let content = canvas.child(chrome.content(in: canvas.bounds))
        guard content.width > 0, content.height > 0 else { return }
        if shown.actions["tap"] != nil {
            content.addTarget(content.bounds, target: .widget(id: widget.id, event: "tap"), action: shown.actions["tap"])
        }
        view.draw(in: content, environment: environment)
        if let focused = environment.focusedWidgetID, focused.isByteEqual(to: widget.id) {
            // Its controls show focus their own way (a disabled button stays muted): the title
            // is its first text that is neither a picture nor a control.
            let controls = canvas.surface.hitMap.controls[controlsBefore...].map(\.rect)
            FocusMark.emphasiseTitle(in: canvas, box: chrome.box(in: canvas.bounds), images: canvas.surface.imageRects[imagesBefore...] + controls)
        }
        let box = chrome.box(in: canvas.bounds)
        if let mark = environment.annotation?(widget, box.width), !mark.isEmpty {
            var x = max(box.x, box.maxX - mark.width)
            for run in mark.runs { x += canvas.put(run.text, x: x, y: box.y, style: run.style) }
        }
    }

    /// Whether `environment` focuses this widget (the page screen's focus is a whole widget).
    public func isFocused(in environment: RenderEnvironment) -> Bool {
        environment.focusedWidgetID.map { $0.isByteEqual(to: widget.id) } ?? false
    }
}

/// The labelled stand-in for an unknown or malformed widget (in debug output).
public struct PlaceholderView: TerminalWidget {
    public var placeholder: WidgetPlaceholder

    public init(_ placeholder: WidgetPlaceholder) {
        self.placeholder = placeholder
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int { width >= 4 ? 3 : (width > 0 ? 1 : 0) }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let style = CellStyle(foreground: TerminalColor(red: 0xE0, green: 0xA0, blue: 0x30))
        let label = SafeText.cleaned("⚠ \(placeholder.label(environment.words))", keepingNewlines: false)
        guard canvas.width >= 4, canvas.height >= 3 else {
            canvas.put(ButtonAtom.truncated(label, to: canvas.width), x: 0, y: 0, style: style)
            return
        }
        let line = String(repeating: "╌", count: canvas.width - 2)
        canvas.put("┌" + line + "┐", x: 0, y: 0, style: style)
        canvas.put("╎", x: 0, y: 1, style: style)
        canvas.put(ButtonAtom.truncated(label, to: canvas.width - 4), x: 2, y: 1, style: style)
        canvas.put("╎", x: canvas.width - 1, y: 1, style: style)
        canvas.put("└" + line + "┘", x: 0, y: 2, style: style)
    }
}
