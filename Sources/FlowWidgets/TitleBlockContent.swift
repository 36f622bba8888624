import FlowCore

/// `title_block {title, subtitle}`: a heading, often a section header.
public struct TitleBlockContent: WidgetContent, Hashable {
    public static let widgetType = "title_block"
    public var title: TextData
    public var subtitle: TextData?

    public init(from data: JSONNode) throws(DecodingFailure) {
        title = try data.require("title")
        subtitle = try data.optional("subtitle")
    }
}
