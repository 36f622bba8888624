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
    /// Why the widget is a placeholder.
    public enum Reason: Sendable, Hashable {
        /// No content type is registered for its type.
        case unknownType
        /// Its data failed to decode: the decoder's detail (as a `contract_problem` carries it).
        case malformed(detail: String)
        /// Its content decoded, but no view is registered for the type.
        case noView
    }

    public var widgetID: String
    public var widgetType: String
    public var reason: Reason

    public init(widgetID: String, widgetType: String, reason: Reason) {
        self.widgetID = widgetID
        self.widgetType = widgetType
        self.reason = reason
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
        let placeholderReason: WidgetPlaceholder.Reason = switch reason {
        case .unknownType: .unknownType
        case .malformed(let failure): .malformed(detail: failure.message)
        case .noView: .noView
        }
        return WidgetPlaceholder(widgetID: widget.id, widgetType: widget.type, reason: placeholderReason)
    }
}
