/// The decoded `data` of one widget type.
///
/// A content type names its wire type and decodes itself; FlowCore knows none of them: hosts
/// register the ones they render in a `WidgetCatalog`.
public protocol WidgetContent: Sendable {
    /// The `type` string this content decodes (`product_card`).
    static var widgetType: String { get }
    /// Decodes from the widget's `data` node (an empty object when `data` is absent).
    init(from data: JSONNode) throws(DecodingFailure)
    /// Widgets held inside this content (an accordion's items), for identity and tools.
    var nestedWidgets: [WidgetModel] { get }
    /// The images this content shows, so a renderer can load them before they scroll in.
    var images: [ImageData] { get }
}

extension WidgetContent {
    public var nestedWidgets: [WidgetModel] { [] }
    public var images: [ImageData] { [] }
}

/// What became of a widget's `data`.
public enum WidgetContentState: Sendable {
    /// Decoded by the registered content type.
    case decoded(any WidgetContent)
    /// No content type is registered for the widget's `type`.
    case unknown
    /// The registered type failed to decode `data`.
    case malformed(DecodingFailure)
}
