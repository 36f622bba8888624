import FlowCore

/// `separator`: its data object is a `SeparatorData`.
public struct SeparatorContent: WidgetContent, Hashable {
    public static let widgetType = "separator"
    public var separator: SeparatorData

    public init(from data: JSONNode) throws(DecodingFailure) {
        separator = try SeparatorData(from: data)
    }
}
