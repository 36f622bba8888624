import FlowCore

/// `button_row {buttons}`: buttons side by side.
public struct ButtonRowContent: WidgetContent, Hashable {
    public static let widgetType = "button_row"
    /// Lossy: a bad button is dropped and reported.
    public var buttons: [ButtonData]

    public init(from data: JSONNode) throws(DecodingFailure) {
        buttons = try data.lossyArray("buttons")
    }
}
