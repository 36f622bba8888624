import FlowCore

/// `accordion {header, initially_expanded, items}`: a header that expands to show widgets of
/// any type. Items are widgets in their own right: lossy, with ids, fallbacks and diagnostics.
public struct AccordionContent: WidgetContent {
    public static let widgetType = "accordion"
    public var header: TextData
    public var isInitiallyExpanded: Bool
    public var items: [WidgetModel]

    public init(from data: JSONNode) throws(DecodingFailure) {
        header = try data.require("header")
        isInitiallyExpanded = try data.optional("initially_expanded") ?? false
        items = try data.widgets("items")
    }

    public var nestedWidgets: [WidgetModel] { items }
}
