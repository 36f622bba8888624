import FlowCore

/// A renderer's view of one widget type. Its `Content` names the widget type it draws, so
/// registering the view registers the type's decoding too.
public protocol WidgetView {
    associatedtype Content: WidgetContent
    @MainActor init(content: Content, context: WidgetContext)
}

/// What a widget view is built with besides its content.
public struct WidgetContext: Sendable {
    /// The widget as decoded: id, layout, actions, tracking.
    public var widget: WidgetModel
    /// The section it is in, if any (header and footer widgets have none).
    public var sectionID: String?
    /// Its index within its section or strip.
    public var position: Int?

    public init(widget: WidgetModel, sectionID: String? = nil, position: Int? = nil) {
        self.widget = widget
        self.sectionID = sectionID
        self.position = position
    }
}
