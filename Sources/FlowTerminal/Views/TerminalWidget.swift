import FlowCore
import FlowRuntime

/// A widget's terminal view: it measures itself for a width and draws into a canvas.
///
/// Views draw only their content; `WidgetChrome` draws the backend's layout around them, and
/// the page lays rows out. A view never touches the terminal and never draws outside its
/// canvas. The registry's `Output` for this renderer is `any TerminalWidget`.
@MainActor
public protocol TerminalWidget {
    /// Rows the content takes at `width` columns; 0 when it shows nothing there.
    func height(width: Int, environment: RenderEnvironment) -> Int
    /// Draws the content into `canvas` (its bounds are the content box).
    func draw(in canvas: Canvas, environment: RenderEnvironment)
    /// The content's own width for `hug`; `nil` fills the container.
    func intrinsicWidth(environment: RenderEnvironment) -> Int?
}

extension TerminalWidget {
    public func intrinsicWidth(environment: RenderEnvironment) -> Int? { nil }
}

/// The registry this renderer resolves views with.
public typealias TerminalWidgetRegistry = WidgetRegistry<any TerminalWidget>

extension WidgetRegistry where Output == any TerminalWidget {
    /// Registers a terminal view type for its content's widget type.
    public mutating func registerTerminalView<View: WidgetView & TerminalWidget>(_ view: View.Type) {
        register(view) { $0 }
    }
}
