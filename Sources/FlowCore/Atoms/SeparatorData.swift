/// A divider between widgets.
public struct SeparatorData: Sendable, Hashable, JSONDecodable {
    /// How the separator draws; an unknown value reads as `line`.
    public enum Style: String, Sendable, Hashable {
        case line, dashed, space
    }

    public var style: Style
    public var color: ColorData?
    public var thickness: Double?
    public var insets: Insets

    public init(style: Style = .line, color: ColorData? = nil, thickness: Double? = nil, insets: Insets = .zero) {
        self.style = style
        self.color = color
        self.thickness = thickness
        self.insets = insets
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        self.init(
            style: try node.optional("style", as: String.self).flatMap(Style.init(rawValue:)) ?? .line,
            color: try node.optional("color"),
            thickness: try node.optional("thickness", clampedTo: 0...CosmeticLimits.stroke),
            insets: try node.optional("insets") ?? .zero
        )
    }
}
