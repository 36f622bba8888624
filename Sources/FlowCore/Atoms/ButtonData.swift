/// A button. A button may have a title, an icon, or both.
public struct ButtonData: Sendable, Hashable, JSONDecodable {
    /// Visual weight; an unknown value reads as `solid`.
    public enum Style: String, Sendable, Hashable {
        case solid, outline, plain
    }

    public var title: TextData?
    public var style: Style
    public var backgroundColor: ColorData?
    public var cornerRadius: CornerRadius?
    public var icon: IconData?
    public var isFullWidth: Bool
    public var isDisabled: Bool
    public var action: ActionData?
    /// What a screen reader reads for the button, when its title alone reads badly.
    public var accessibility: AccessibilityData?

    public init(
        title: TextData? = nil, style: Style = .solid, backgroundColor: ColorData? = nil, cornerRadius: CornerRadius? = nil,
        icon: IconData? = nil, isFullWidth: Bool = false, isDisabled: Bool = false, action: ActionData? = nil,
        accessibility: AccessibilityData? = nil
    ) {
        self.title = title
        self.style = style
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.icon = icon
        self.isFullWidth = isFullWidth
        self.isDisabled = isDisabled
        self.action = action
        self.accessibility = accessibility
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        self.init(
            title: try node.optional("title"),
            style: try node.optional("style", as: String.self).flatMap(Style.init(rawValue:)) ?? .solid,
            backgroundColor: try node.optional("bg_color"),
            cornerRadius: try node.optional("corner_radius"),
            icon: try node.optional("icon"),
            isFullWidth: try node.optional("full_width") ?? false,
            isDisabled: try node.optional("disabled") ?? false,
            action: try node.optional("action"),
            accessibility: node.lenientAccessibility()
        )
        if title == nil, icon == nil {
            throw DecodingFailure(.missingKey("title"), at: node.path)
        }
    }
}
