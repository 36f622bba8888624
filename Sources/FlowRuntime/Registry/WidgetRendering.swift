import FlowCore

/// What a widget becomes on screen.
public enum WidgetRendering<Output> {
    /// The registered view.
    case view(Output)
    /// A labelled placeholder, for unknown and malformed widgets in debug builds.
    case placeholder(WidgetPlaceholder)
    /// Nothing.
    case skip
}

/// A labelled stand-in that says why a widget could not be shown.
public struct WidgetPlaceholder: Sendable, Hashable {
    public var widgetID: String
    public var widgetType: String
    /// A short readable reason (`unknown widget type 'x'`).
    public var label: String

    public init(widgetID: String, widgetType: String, label: String) {
        self.widgetID = widgetID
        self.widgetType = widgetType
        self.label = label
    }
}

/// A widget the registry cannot draw, and why.
public struct UnrenderableWidget: Sendable {
    public enum Reason: Sendable {
        /// No content type is registered for its type.
        case unknownType
        /// Its data failed to decode.
        case malformed(DecodingFailure)
        /// Its content decoded (with another catalog) but no view is registered for the type.
        case noView
    }

    public var widget: WidgetModel
    public var reason: Reason

    public init(widget: WidgetModel, reason: Reason) {
        self.widget = widget
        self.reason = reason
    }

    /// The placeholder that names the widget and the reason.
    public var placeholder: WidgetPlaceholder {
        let label: String
        switch reason {
        case .unknownType: label = "unknown widget type '\(widget.type)'"
        case .malformed(let failure): label = "malformed '\(widget.type)': \(failure.message)"
        case .noView: label = "no view registered for '\(widget.type)'"
        }
        return WidgetPlaceholder(widgetID: widget.id, widgetType: widget.type, label: label)
    }
}
