/// A linear gradient; `angle` in degrees, 0 pointing right, 90 pointing down.
public struct Gradient: Sendable, Hashable, JSONDecodable {
    public var colors: [ColorData]
    public var angle: Double

    public init(colors: [ColorData], angle: Double = 0) {
        self.colors = colors
        self.angle = angle
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        self.init(colors: try node.lossyArray("colors"), angle: try node.optional("angle") ?? 0)
    }
}

/// A border drawn inside the corner clip; dashed when `dashWidth` is set.
public struct Border: Sendable, Hashable, JSONDecodable {
    public var width: Double
    public var color: ColorData?
    public var dashWidth: Double?
    public var dashGap: Double?

    public init(width: Double = 1, color: ColorData? = nil, dashWidth: Double? = nil, dashGap: Double? = nil) {
        self.width = width
        self.color = color
        self.dashWidth = dashWidth
        self.dashGap = dashGap
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        self.init(
            width: try node.optional("width", clampedTo: 0...CosmeticLimits.stroke) ?? 1,
            color: try node.optional("color"),
            dashWidth: try node.optional("dash_width", within: 0...CosmeticLimits.length, excludingLowerBound: true),
            dashGap: try node.optional("dash_gap", clampedTo: 0...CosmeticLimits.length)
        )
    }
}
