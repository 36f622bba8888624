/// A small labelled chip (a badge, a filter).
public struct TagData: Sendable, Hashable, JSONDecodable {
    public var text: TextData
    public var backgroundColor: ColorData?
    public var borderColor: ColorData?
    public var cornerRadius: CornerRadius?
    public var icon: IconData?
    public var action: ActionData?

    public init(
        text: TextData, backgroundColor: ColorData? = nil, borderColor: ColorData? = nil, cornerRadius: CornerRadius? = nil,
        icon: IconData? = nil, action: ActionData? = nil
    ) {
        self.text = text
        self.backgroundColor = backgroundColor
        self.borderColor = borderColor
        self.cornerRadius = cornerRadius
        self.icon = icon
        self.action = action
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        self.init(
            text: try node.require("text"),
            backgroundColor: try node.optional("bg_color"),
            borderColor: try node.optional("border_color"),
            cornerRadius: try node.optional("corner_radius"),
            icon: try node.optional("icon"),
            action: try node.optional("action")
        )
    }
}
